import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { restockNoticeAnswer } from "../../domain/answers/loyalty.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import type { Route } from "./+types/mypage-restock";
import type { RestockRequestResource } from "../../domain/wishlist.ts";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { pageContext } from "../load-context.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import styles from "./mypage-wishlist.module.css";
import "../i18n/wishlist-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "wishlist.mypageRestock");
}

/** GET /api/mypage/restock-requests read with the page (decision 057). */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context.get(pageContext).api("GET", "/api/mypage/restock-requests");
  const data = answer.status === 200 ? (answer.body as { data?: RestockRequestResource[] } | undefined)?.data : undefined;
  return { requests: data ?? [] };
}

/** 取り消す without JavaScript: the same DELETE, then this page again. */
export async function action(args: Route.ActionArgs) {
  return formAction<{ message: string }>(
    args,
    (values) => ({ method: "DELETE", path: `/api/restock-requests/${encodeURIComponent(values.request_id ?? "")}` }),
    (answer) => ({ shown: { message: (answer.body as { message?: string } | undefined)?.message ?? "" } }),
  );
}

/** /mypage/restock: the member's waiting 再入荷のお知らせ, each with its cancel button (decision 083). */
export default function MyPageRestock({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [requests, setRequests] = useState(loaderData.requests);
  const refusal = refusalOf(actionData);

  async function cancel(event: FormEvent<HTMLFormElement>, id: number) {
    event.preventDefault();
    const result = await callApi<AnswerOrRefusal<typeof restockNoticeAnswer>>(locale, `/restock-requests/${id}`, { method: "DELETE" });
    if (result.status === 401) return sessionLost(result.body?.errors);
    if (!result.ok) return snackbar.show("danger", result.body?.errors ?? [t("wishlist.failed")]);
    setRequests((list) => list.filter((each) => each.id !== id));
    snackbar.show("success", t("wishlist.cancelled"));
  }

  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", { dateStyle: "medium", timeZone: "Asia/Tokyo" }).format(new Date(iso));

  return (
    <section>
      <h1 className="page-title">{t("wishlist.mypageRestock")}</h1>
      {actionData?.ok && actionData.shown.message && <Notice tone="success">{actionData.shown.message}</Notice>}
      {refusal && <RefusedNotice errors={refusal.errors} />}
      {requests.length === 0 ? (
        <p data-testid="restock-empty">{t("wishlist.mypageRestockEmpty")}</p>
      ) : (
        <>
          <p>{t("wishlist.mypageRestockLead")}</p>
          <ul className={styles.list} data-testid="restock-requests">
            {requests.map((request) => (
              <li key={request.id} className={styles.row} data-testid="restock-row">
                <TransitionLink to={`/products/${request.product_id}`} className={styles.name}>
                  {request.product_name}
                </TransitionLink>
                <span className={styles.meta}>{t("wishlist.requestedOn", { date: dateOf(request.created_at) })}</span>
                <form method="post" onSubmit={(event) => void cancel(event, request.id)}>
                  <CsrfField />
                  <input type="hidden" name="request_id" value={request.id} />
                  <Button type="submit" variant="secondary">
                    {t("wishlist.cancelRequest")}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
