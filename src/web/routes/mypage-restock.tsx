import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { restockNoticeAnswer } from "../../domain/answers/loyalty.ts";
import type { Route } from "./+types/mypage-restock";
import type { RestockRequestResource } from "../../domain/wishlist.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { refusalOf } from "../shared/site/form-action.ts";
import { RemoveRowForm, removeAction, useRemovableList } from "../shared/site/removable-list.tsx";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import styles from "./mypage-wishlist.module.css";
import "../i18n/wishlist-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "wishlist.mypageRestock");
}

/** GET /api/mypage/restock-requests read with the page (decision 057). */
export async function loader({ context }: Route.LoaderArgs) {
  return { requests: (await apiData<RestockRequestResource[]>(context, "/api/mypage/restock-requests")) ?? [] };
}

/** 取り消す without JavaScript: the same DELETE, then this page again. */
export async function action(args: Route.ActionArgs) {
  return removeAction(args, (values) => `/api/restock-requests/${encodeURIComponent(values.request_id ?? "")}`);
}

/** /mypage/restock: the member's waiting 再入荷のお知らせ, each with its cancel button (decision 083). */
export default function MyPageRestock({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { rows: requests, remove: cancel } = useRemovableList<RestockRequestResource, AnswerOrRefusal<typeof restockNoticeAnswer>>(
    loaderData.requests,
    (request) => request.id,
    { pathOf: (id) => `/restock-requests/${id}`, removedMessage: () => t("wishlist.cancelled") },
  );
  const refusal = refusalOf(actionData);

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
                <RemoveRowForm name="request_id" value={request.id} label={t("wishlist.cancelRequest")} onSubmit={(event) => void cancel(event, request.id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
