import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { couponPreviewAnswer } from "../../../domain/answers/coupons.ts";
import { useState } from "react";
import type { CouponPreview } from "../../../domain/coupon-input.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { callApi } from "../../shared/site/api.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface CouponFieldProps {
  /** The coupon the summary shows, or null. */
  applied: CouponPreview | null;
  /** The code as the page was drawn with it (a post that placed nothing keeps what was typed). */
  initialCode: string;
  error: string | undefined;
  onApplied(preview: CouponPreview): void;
  onRefused(message: string): void;
  onRemoved(): void;
}

/**
 * The checkout's coupon code (decision 086). With the script, 「適用する」 asks the server to check the
 * code against the cart (POST /api/coupons/preview, nothing booked) and the summary shows its 値引き
 * line at once; the order is posted with the code applied, and checked again there. Without it, the
 * code typed is posted with the order form and the page shows the coupon's line to confirm again.
 */
export function CouponField({ applied, initialCode, error, onApplied, onRefused, onRemoved }: CouponFieldProps) {
  const { t, locale } = useI18n();
  const [typed, setTyped] = useState(initialCode);
  const [busy, setBusy] = useState(false);

  async function apply() {
    if (typed.trim() === "" || busy) return;
    setBusy(true);
    try {
      const answer = await callApi<AnswerOrRefusal<typeof couponPreviewAnswer>>(locale, "/coupons/preview", { method: "POST", body: { coupon_code: typed } });
      if (answer.ok && answer.body?.data) onApplied(answer.body.data);
      else onRefused(answer.body?.errors?.join(" ") || t("checkout.failed"));
    } catch {
      onRefused(t("checkout.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.coupon} data-testid="coupon-field">
      <div className={styles.couponRow}>
        <Input
          label={t("checkout.coupon.label")}
          name="coupon_code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code instead of placing the order.
            if (event.key === "Enter") {
              event.preventDefault();
              void apply();
            }
          }}
          error={error}
        />
        <Button variant="secondary" onClick={() => void apply()} disabled={busy} data-testid="coupon-apply">
          {t("checkout.coupon.apply")}
        </Button>
      </div>
      {applied && !error && (
        <p role="status" className={styles.methodNote} data-testid="coupon-applied">
          {t("checkout.coupon.applied", { code: applied.code })}{" "}
          <Button
            variant="ghost"
            onClick={() => {
              setTyped("");
              onRemoved();
            }}
          >
            {t("checkout.coupon.remove")}
          </Button>
        </p>
      )}
      <noscript>
        <p className={styles.methodNote}>{t("checkout.coupon.noscript")}</p>
      </noscript>
    </div>
  );
}
