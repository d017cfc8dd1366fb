import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { restockNoticeAnswer } from "../../domain/answers/loyalty.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/restock-cancel";
import { callApi } from "../shared/site/api.ts";
import { useBusyCall } from "../shared/site/busy-call.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import styles from "./magazine.module.css";
import "../i18n/wishlist-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, "wishlist.cancelTitle"), { name: "robots", content: "noindex" }];
}

/** The button posted without JavaScript: POST /api/restock-requests/cancel with the link's token. */
export async function action(args: Route.ActionArgs) {
  return formAction<{ done: true }>(
    args,
    (values) => ({ method: "POST", path: "/api/restock-requests/cancel", body: { token: values.token ?? "" } }),
    () => ({ shown: { done: true } }),
  );
}

/**
 * Where the stop link of every 再入荷のお知らせ mail leads (decision 083): stopping takes a button
 * press, because mail scanners open links on their own.
 */
export default function RestockCancel({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [done, setDone] = useState(actionData?.ok === true);
  const [errors, setErrors] = useState<string[]>(refusalOf(actionData)?.errors ?? []);
  const { busy: submitting, run } = useBusyCall();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      "restock cancel failed",
      async () => {
        const result = await callApi<AnswerOrRefusal<typeof restockNoticeAnswer>>(locale, "/restock-requests/cancel", { method: "POST", body: { token } });
        if (result.ok) setDone(true);
        else setErrors(result.body?.errors ?? [t("wishlist.failed")]);
      },
      () => setErrors([t("wishlist.failed")]),
    );
  }

  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("wishlist.cancelTitle")}</h1>
        {done ? (
          <Notice tone="success" testId="restock-cancelled">
            {t("wishlist.cancelDone")}
          </Notice>
        ) : (
          <>
            {errors.length > 0 && <RefusedNotice errors={errors} />}
            <p>{t("wishlist.cancelLead")}</p>
            <form method="post" onSubmit={(event) => void submit(event)}>
              <CsrfField />
              <input type="hidden" name="token" value={token} />
              <Button type="submit" disabled={submitting} block>
                {t("wishlist.cancelSubmit")}
              </Button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
