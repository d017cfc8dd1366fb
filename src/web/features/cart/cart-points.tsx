import type { CartItem } from "../../../domain/cart.ts";
import { cartPointsToEarn } from "../../../domain/points-earning.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import "../../i18n/points-estimate-texts.ts";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useMemberPointRate } from "../../shared/points/member-point-rate.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import styles from "./cart-drawer.module.css";

/**
 * 獲得予定ポイント (decision 089): the cart's goods by the rule the order earns with (each product's own
 * rate, else the member's; no coupon, points or fees yet). A member's rate is read once (GET /api/rank);
 * until then, and for a guest, the base rate's figure, the guest's with why to sign up.
 */
export function CartPoints({ items }: { items: CartItem[] }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const { pointBaseRate, shop } = useSite();
  const memberRate = useMemberPointRate();
  if (pointBaseRate === undefined) return null;
  const points = cartPointsToEarn(items, user ? (memberRate ?? pointBaseRate) : pointBaseRate, shop.terms.taxRatePercent);
  if (points <= 0) return null;
  return (
    <div className={styles.points} data-testid="cart-points">
      <p className={styles.pointsFigure}>
        <span>{t("pointsEstimate.label")}</span>
        <strong data-testid="cart-points-value">{t("pointsEstimate.value", { points: points.toLocaleString("ja-JP") })}</strong>
      </p>
      {!user && <p className={styles.pointsNote}>{t("pointsEstimate.guest")}</p>}
    </div>
  );
}
