import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { restockNoticeAnswer } from "../../../domain/answers/loyalty.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { callApi } from "../../shared/site/api.ts";
import { useBusyCall } from "../../shared/site/busy-call.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailInput } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import styles from "./favorite.module.css";
import { RESTOCK_INTENT } from "./restock-intent.ts";

/**
 * 再入荷のお知らせ on a sold-out product (decision 083): a member's one click, or a guest's address
 * (a confirmation mail first). Posts to the product page's action without JavaScript; with it,
 * calls the API and says so in place.
 */
export function RestockRequestForm({
  productId,
  fieldError,
  typed,
}: {
  productId: number | string;
  fieldError?: string | undefined;
  typed?: string | undefined;
}) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const answered = params.get("restock");
  const [done, setDone] = useState(answered === "requested" ? t("wishlist.restockRequested") : answered === "sent" ? t("wishlist.restockSent") : "");
  const [errors, setErrors] = useState<string[]>([]);
  const { busy, run } = useBusyCall();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get("email");
    setErrors([]);
    await run(
      "restock request not sent",
      async () => {
        const result = await callApi<AnswerOrRefusal<typeof restockNoticeAnswer>>(locale, `/products/${productId}/restock-requests`, {
          method: "POST",
          body: user ? {} : { email: typeof email === "string" ? email : "" },
        });
        if (result.ok) setDone(result.body?.message ?? t("wishlist.restockSent"));
        else setErrors(result.body?.errors ?? [t("wishlist.failed")]);
      },
      () => setErrors([t("wishlist.failed")]),
    );
  }

  return (
    <section id="restock" className={styles.restock} aria-labelledby="restock-title" data-testid="restock-request">
      <h2 id="restock-title">{t("wishlist.restockTitle")}</h2>
      {done ? (
        <Notice tone="success" testId="restock-done">
          {done}
        </Notice>
      ) : (
        <>
          <p>{t(user ? "wishlist.restockLeadMember" : "wishlist.restockLeadGuest")}</p>
          {errors.length > 0 && <Notice tone="danger">{errors.join(" ")}</Notice>}
          <form method="post" onSubmit={(event) => void submit(event)} noValidate>
            <CsrfField />
            <input type="hidden" name="_intent" value={RESTOCK_INTENT} />
            {!user && <EmailInput label={t("wishlist.restockEmail")} defaultValue={typed} error={fieldError} />}
            <Button type="submit" disabled={busy} data-testid="restock-submit">
              {busy ? t("wishlist.restockSending") : t("wishlist.restockSubmit")}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
