import { pointsForPrice } from "../../../domain/point-figures.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import "../../i18n/catalog-sales-texts.ts";
import { useMemberPointRate } from "../../shared/points/member-point-rate.ts";
import styles from "./product-points.module.css";

/**
 * 「○ポイント獲得」 (decision 089) for one bottle: the product's own rate, else the member's. The page is
 * kept for every visitor, so the server draws the base rate's figure (a guest reads it as 会員さまは…);
 * with JavaScript a signed-in member's own rate (their rank's) replaces it, read once per page load.
 */
export function ProductPoints({ price, baseRate, productRate, member }: { price: number; baseRate: number; productRate: number | null; member: boolean }) {
  const { t } = useI18n();
  const memberRate = useMemberPointRate();
  const earned = pointsForPrice(price, productRate ?? memberRate ?? baseRate);
  if (earned <= 0) return null;
  return (
    <p className={styles.earn} data-testid="product-points">
      {t(member ? "points.earn" : "points.earnMembers", { points: earned.toLocaleString("ja-JP") })}
    </p>
  );
}
