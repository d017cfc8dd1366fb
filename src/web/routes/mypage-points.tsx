import type { Route } from "./+types/mypage-points";
import { formatDateTime, formatIsoDate } from "../../domain/format.ts";
import styles from "../features/points/points.module.css";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/points-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "points.title");
}

/** GET /api/points as the page reads it. */
interface MyPoints {
  balance: number;
  expires_on: string | null;
  pending: number;
  base_rate_percent: number;
  /** The member's own rate: their rank's, else the base rate (decision 090). */
  rate_percent: number;
  expiry_months: number;
  history: { id: number; kind: string; label: string; points: number; order_id: number | null; reason: string; created_at: string }[];
}

/** The member's points, read on the server with the page (no script needed). */
export async function loader({ context }: Route.LoaderArgs) {
  return { points: (await apiData<MyPoints>(context, "/api/points")) ?? null };
}

/** /mypage/points: the balance, its expiry date (Japan date), points still to be granted, and the history (decision 089). */
export default function MyPagePoints({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { points } = loaderData;
  return (
    <section data-testid="mypage-points">
      <h1 className="page-title">{t("points.title")}</h1>
      {points && (
        <>
          <div className={styles.balance}>
            <span>{t("points.balance")}</span>
            <span className={styles.balanceFigure} data-testid="points-balance">
              {t("points.balanceValue", { points: points.balance.toLocaleString("ja-JP") })}
            </span>
            <span data-testid="points-expiry">
              {points.expires_on ? t("points.expiresOn", { date: formatIsoDate(points.expires_on, locale) }) : t("points.noExpiry")}
            </span>
            {points.pending > 0 && <span className={styles.note}>{t("points.pending", { points: points.pending.toLocaleString("ja-JP") })}</span>}
          </div>
          <p className={styles.note}>{t("points.rateNote", { rate: points.rate_percent })}</p>
          <p className={styles.note}>{t("points.expiryNote", { months: points.expiry_months })}</p>
          <h2>{t("points.history")}</h2>
          {points.history.length === 0 ? (
            <p>{t("points.historyEmpty")}</p>
          ) : (
            <table className={styles.history} data-testid="points-history">
              <thead>
                <tr>
                  <th scope="col">{t("points.date")}</th>
                  <th scope="col">{t("points.what")}</th>
                  <th scope="col" className={styles.figure}>
                    {t("points.change")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.history.map((entry) => (
                  <tr key={entry.id} data-testid="points-entry">
                    <td>{formatDateTime(new Date(entry.created_at), locale)}</td>
                    <td>
                      {entry.label}
                      {entry.kind === "staff_grant" || entry.kind === "staff_remove" ? (entry.reason ? `（${entry.reason}）` : "") : ""}
                    </td>
                    <td className={`${styles.figure} ${entry.points > 0 ? styles.plus : styles.minus}`}>
                      {entry.points > 0 ? "+" : "−"}
                      {Math.abs(entry.points).toLocaleString("ja-JP")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
