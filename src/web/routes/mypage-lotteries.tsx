import type { Route } from "./+types/mypage-lotteries";
import { formatDateTime } from "../../domain/format.ts";
import type { MyLotteryEntry } from "../features/lottery/my-entries.ts";
import { RESULT_LABELS } from "../features/lottery/my-entries.ts";
import styles from "../features/lottery/lottery.module.css";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Badge } from "../ui/badge.tsx";
import "../i18n/lottery-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "lottery.mine");
}

/** The member's entries, read on the server with the page (no script needed). */
export async function loader({ context }: Route.LoaderArgs) {
  return { entries: (await apiData<MyLotteryEntry[]>(context, "/api/lottery-entries")) ?? [] };
}

/** /mypage/lotteries: the lotteries the member entered (抽選販売, decision 084), their results, and a won one's way to buy. */
export default function MyPageLotteries({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { entries } = loaderData;
  return (
    <section data-testid="mypage-lotteries">
      <h1 className="page-title">{t("lottery.mine")}</h1>
      <p>{t("lottery.mineLead")}</p>
      {entries.length === 0 ? (
        <p>{t("lottery.mineEmpty")}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.item} data-testid="lottery-entry">
              <strong>{entry.product_name}</strong>
              <span>
                <Badge tone={entry.result === "won" ? "wine" : entry.result === "purchased" ? "success" : "grey"}>{t(RESULT_LABELS[entry.result])}</Badge>
              </span>
              {entry.buyable && entry.claim_deadline && (
                <span>
                  {t("lottery.deadline")}: {formatDateTime(new Date(entry.claim_deadline), locale)}{" "}
                  <TransitionLink to={`/mypage/lotteries/${entry.id}`}>{t("lottery.details")}</TransitionLink>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
