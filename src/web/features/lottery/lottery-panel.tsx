import { formatDateTime } from "../../../domain/format.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { Badge } from "../../ui/badge.tsx";
import { buttonClass } from "../../ui/button.tsx";
import styles from "./lottery.module.css";

/** The product's lottery as GET /api/lotteries/products/{id} answers it (the fields the page shows). */
export interface ProductLottery {
  id: number;
  bottles: number;
  per_member: number;
  entry_starts_at: string;
  entry_ends_at: string;
  phase: "scheduled" | "open" | "closed" | "drawn" | "finished";
}

/** The form's marker: the product page's action enters the lottery instead of filling the cart. */
export const LOTTERY_INTENT = "lottery-entry";

/**
 * 抽選販売 on the product page (decision 084), in place of the cart button: the badge, the period in
 * Japan time, the bottles and the limit, and during the period the entry form (a post to the page's
 * action, so it works before JavaScript). Who may enter is the server's answer: a guest, a second
 * entry, a member without a birth date each get their message back on the page.
 */
export function LotteryPanel({ lottery, entered }: { lottery: ProductLottery; entered: boolean }) {
  const { t, locale } = useI18n();
  const time = (iso: string) => formatDateTime(new Date(iso), locale);
  const state =
    lottery.phase === "scheduled"
      ? t("lottery.notOpen")
      : lottery.phase === "closed"
        ? t("lottery.closed")
        : lottery.phase === "open"
          ? null
          : t("lottery.drawn");
  return (
    <section className={styles.panel} data-testid="lottery-panel" aria-labelledby="lottery-title">
      <p id="lottery-title" className={styles.title}>
        <Badge tone="wine">{t("lottery.badge")}</Badge>
      </p>
      <p className={styles.lead}>{t("lottery.lead")}</p>
      <dl className={styles.facts}>
        <dt>{t("lottery.period")}</dt>
        <dd>{t("lottery.periodValue", { start: time(lottery.entry_starts_at), end: time(lottery.entry_ends_at) })}</dd>
        <dt>{t("lottery.bottles")}</dt>
        <dd>{t("lottery.bottlesValue", { count: lottery.bottles })}</dd>
        <dt>{t("lottery.limit")}</dt>
        <dd>{t("lottery.limitValue", { count: lottery.per_member })}</dd>
      </dl>
      {entered && (
        <p className={styles.done} role="status" data-testid="lottery-entered">
          {t("lottery.entered")}
        </p>
      )}
      {state !== null ? (
        <p className={styles.state}>{state}</p>
      ) : (
        !entered && (
          <form method="post" className={styles.form}>
            <CsrfField />
            <input type="hidden" name="_intent" value={LOTTERY_INTENT} />
            <input type="hidden" name="lottery_id" value={lottery.id} />
            <button type="submit" className={buttonClass("primary", true)} data-testid="lottery-enter">
              {t("lottery.enter")}
            </button>
          </form>
        )
      )}
      <p className={styles.note}>{t("lottery.note")}</p>
    </section>
  );
}
