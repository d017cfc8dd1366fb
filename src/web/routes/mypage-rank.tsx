import type { Route } from "./+types/mypage-rank";
import type { MemberRankView } from "../../domain/member-ranks.ts";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import styles from "./mypage-rank.module.css";
import "../i18n/rank-pages-texts.ts";

interface RankAnswer extends MemberRankView {
  ranks: { position: number; name: string; threshold: number; point_rate: number }[];
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "myRank.title");
}

/** GET /api/rank read with the page (decision 057): the member's rank is never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  return { rank: (await apiData<RankAnswer>(context, "/api/rank")) ?? null };
}

/** /mypage/rank: 会員ランク — the member's rank, its point rate, what the next rank needs, and every rank's threshold. */
export default function MyPageRank({ loaderData }: Route.ComponentProps) {
  const { t, yen } = useI18n();
  const view = loaderData.rank;
  if (!view) {
    return (
      <section>
        <h1 className="page-title">{t("myRank.title")}</h1>
        <Notice tone="danger">{t("myRank.failed")}</Notice>
      </section>
    );
  }
  const nextThreshold = view.next ? view.purchases + view.next.needed : null;
  return (
    <section className={styles.page} data-testid="mypage-rank">
      <h1 className="page-title">{t("myRank.title")}</h1>
      <div className={styles.card}>
        <p className={styles.label}>{t("myRank.current")}</p>
        {view.rank ? (
          <>
            <p className={styles.rank} data-testid="rank-name">
              {view.rank.name}
            </p>
            <p className={styles.rate} data-testid="rank-rate">
              {t("myRank.pointRate", { rate: view.rank.point_rate })}
            </p>
          </>
        ) : (
          <p className={styles.rank}>{t("myRank.none")}</p>
        )}
        <p className={styles.label}>{t("myRank.purchases")}</p>
        <p className={styles.amount} data-testid="rank-purchases">
          {yen(view.purchases)}
        </p>
        <p className={styles.label}>{t("myRank.since", { date: view.since.replaceAll("-", "/") })}</p>
        {view.next && nextThreshold !== null ? (
          <>
            <meter className={styles.meter} min={0} max={nextThreshold} value={view.purchases} aria-hidden="true" />
            <p className={styles.next} data-testid="rank-next">
              {t("myRank.toNext", { amount: yen(view.next.needed), rank: view.next.name })}
            </p>
          </>
        ) : (
          <p className={styles.next} data-testid="rank-top">
            {t("myRank.top")}
          </p>
        )}
      </div>
      <h2>{t("myRank.table")}</h2>
      <table className={styles.table} data-testid="rank-table">
        <thead>
          <tr>
            <th scope="col">{t("myRank.columnRank")}</th>
            <th scope="col">{t("myRank.columnThreshold")}</th>
            <th scope="col">{t("myRank.columnRate")}</th>
          </tr>
        </thead>
        <tbody>
          {view.ranks.map((rank) => (
            <tr
              key={rank.position}
              className={view.rank?.position === rank.position ? styles.mine : undefined}
              aria-current={view.rank?.position === rank.position ? "true" : undefined}
            >
              <th scope="row">{rank.name}</th>
              <td>{t("myRank.thresholdValue", { amount: yen(rank.threshold) })}</td>
              <td>{rank.point_rate}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>{t("myRank.note")}</p>
    </section>
  );
}
