import { UNDER_20_NOTICE } from "../../../domain/liquor-law.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./age-notice.module.css";

/**
 * Where the notice stands: with a product list (tile prices), with one product or the cart total,
 * or on the order screen beside the birth-date field (the amount to pay is the largest price there).
 */
export type AgeNoticeLevel = "list" | "item" | "total";

/** What the notice says: the catalogue's sentence, or on the order screen also that the shop does not sell to under-20s. */
const TEXTS = {
  catalogue: {
    ja: `${UNDER_20_NOTICE.ja}。`,
    en: "Drinking by persons under 20 is prohibited by law.",
  },
  order: {
    ja: `${UNDER_20_NOTICE.ja}。20歳未満の方への酒類の販売はいたしません。`,
    en: "Drinking by persons under 20 is prohibited by law. We do not sell alcohol to persons under 20.",
  },
} as const;

/**
 * The notice 20歳未満の者の飲酒防止に関する表示基準 (items 7 and 8) asks of a shop selling liquor on the
 * Internet, on its catalogue and next to the order form's age field: in Japanese on every page — the
 * English page adds the translation below — at least as large as the prices it stands with
 * (decision 060). `data-age-notice` lets the browser test measure it against `data-price`.
 */
export function AgeNotice({ level, wording = "catalogue", id }: { level: AgeNoticeLevel; wording?: keyof typeof TEXTS; id?: string }) {
  const { locale } = useI18n();
  const text = TEXTS[wording];
  return (
    <p className={`${styles.notice} ${styles[level]}`} id={id} data-testid="age-notice" data-age-notice={level}>
      <span className={styles.ja} lang="ja" data-age-notice-ja="">
        {text.ja}
      </span>
      {locale !== "ja" && (
        <span className={styles.translation} lang="en">
          {text.en}
        </span>
      )}
    </p>
  );
}
