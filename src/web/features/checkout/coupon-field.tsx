import { useState } from "react";
import type { CouponPreview } from "../../../domain/coupon-input.ts";
import { MAX_COUPONS_PER_ORDER, normalizeCouponCode } from "../../../domain/coupons.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { callApi } from "../../shared/site/api.ts";
import { Button } from "../../ui/button.tsx";
import type { CouponCodesField } from "./checkout-order.ts";
import { couponFieldName } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import { FieldWithButton } from "./field-with-button.tsx";
import "../../i18n/checkout-texts.ts";

type CouponFieldName = "coupon_code" | CouponCodesField;

interface CouponFieldProps {
  /** The coupons the summary shows, in the order typed ([] for none). */
  applied: readonly CouponPreview[];
  /** The codes as the page was drawn with them (a post that placed nothing keeps what was typed), coupon_code first. */
  initialCodes: readonly string[];
  /** The messages under each code's field, by its name (coupon_code, coupon_codes.0…). */
  errors: Partial<Record<CouponFieldName, string>>;
  /** Every coupon now applied together, in the order typed. */
  onApplied(previews: CouponPreview[]): void;
  /** The coupons still applied and the messages under the fields the refusal named. */
  onRefused(still: CouponPreview[], messages: Partial<Record<CouponFieldName, string>>): void;
  /** What is left once the coupon in this place was taken off. */
  onRemoved(still: CouponPreview[]): void;
}

/**
 * The checkout's coupon codes (decision 086). With the script, 「適用する」 asks the server to check the
 * codes against the cart (POST /api/coupons/preview, nothing booked) and the summary shows their 値引き
 * lines at once; while every coupon applied combines with others (「他のクーポンと併用可」),
 * 「クーポンを追加」 opens another field, checked together with those applied. The order is posted
 * with the codes applied (coupon_code, coupon_codes) and checked again there. Without the script the
 * codes typed are posted with the order form, and the page shows their lines to confirm again — and,
 * when the coupons combine, one more empty field (coupon_codes.N) for the next code.
 */
export function CouponField({ applied, initialCodes, errors, onApplied, onRefused, onRemoved }: CouponFieldProps) {
  const { t, locale } = useI18n();
  const [typed, setTyped] = useState<string[]>(() => {
    const codes = initialCodes.length > 0 ? [...initialCodes] : [""];
    // Without the script: every coupon applied combines, so the page offers the next field at once.
    return canAddTo(applied, codes.length) && codes.every((code) => code.trim() !== "") ? [...codes, ""] : codes;
  });
  const [busy, setBusy] = useState(false);

  async function apply(place: number) {
    const code = typed[place]?.trim() ?? "";
    if (code === "" || busy) return;
    // The codes applied, this place's as typed now: checked together.
    const codes = applied.map((each) => each.code);
    codes[place] = code;
    const field = couponFieldName(place);
    setBusy(true);
    try {
      const answer = await callApi<{ coupons?: CouponPreview[]; errors?: string[]; fields?: Record<string, string[]> }>(locale, "/coupons/preview", {
        method: "POST",
        body: { coupon_code: codes[0] ?? "", ...(codes.length > 1 ? { coupon_codes: codes.slice(1) } : {}) },
      });
      if (answer.ok && answer.body?.coupons) {
        onApplied(answer.body.coupons);
        return;
      }
      const fields = answer.body?.fields ?? {};
      const messages: Partial<Record<CouponFieldName, string>> = {};
      for (const [name, texts] of Object.entries(fields))
        if (name === "coupon_code" || name.startsWith("coupon_codes.")) messages[name as CouponFieldName] = texts.join(" ");
      if (Object.keys(messages).length === 0) messages[field] = answer.body?.errors?.join(" ") || t("checkout.failed");
      // The coupons applied before stay, but for this place's: it is not applied.
      onRefused(
        applied.filter((_, index) => index !== place),
        messages,
      );
    } catch {
      onRefused(
        applied.filter((_, index) => index !== place),
        { [field]: t("checkout.failed") },
      );
    } finally {
      setBusy(false);
    }
  }

  function remove(place: number) {
    setTyped((current) => {
      const left = current.filter((_, index) => index !== place);
      return left.length > 0 ? left : [""];
    });
    onRemoved(applied.filter((_, index) => index !== place));
  }

  const showAdd = canAddTo(applied, typed.length) && typed.length === applied.length;
  return (
    <div className={styles.coupon} data-testid="coupon-field">
      {typed.map((value, place) => {
        const name = couponFieldName(place);
        const shown = applied[place];
        const error = errors[name];
        return (
          <div key={place} className={styles.couponPlace} data-testid={`coupon-place-${place}`}>
            <FieldWithButton
              input={{
                label: place === 0 ? t("checkout.coupon.label") : t("checkout.coupon.labelMore", { number: String(place + 1) }),
                name,
                autoComplete: "off",
                autoCapitalize: "characters",
                maxLength: 40,
                value,
                onChange: (event) => setTyped((current) => current.map((each, index) => (index === place ? event.target.value : each))),
                error,
              }}
              // Enter applies the code instead of placing the order.
              onEnter={() => void apply(place)}
              button={{
                label: t("checkout.coupon.apply"),
                onClick: () => void apply(place),
                disabled: busy,
                testId: place === 0 ? "coupon-apply" : `coupon-apply-${place}`,
              }}
              note={
                shown &&
                !error &&
                shown.code === normalizeCouponCode(value) && (
                  <p role="status" className={styles.methodNote} data-testid="coupon-applied">
                    {t("checkout.coupon.applied", { code: shown.code })}{" "}
                    <Button variant="ghost" onClick={() => remove(place)}>
                      {t("checkout.coupon.remove")}
                    </Button>
                  </p>
                )
              }
            />
          </div>
        );
      })}
      {showAdd && (
        <p className={styles.methodNote}>
          <Button variant="ghost" onClick={() => setTyped((current) => [...current, ""])} data-testid="coupon-add">
            {t("checkout.coupon.add")}
          </Button>
        </p>
      )}
      <noscript>
        <p className={styles.methodNote}>{t("checkout.coupon.noscript")}</p>
      </noscript>
    </div>
  );
}

/** Whether another code may join those applied: at least one, every one combinable, fewer than the most. */
function canAddTo(applied: readonly CouponPreview[], places: number): boolean {
  return applied.length > 0 && applied.every((each) => each.combinable) && places < MAX_COUPONS_PER_ORDER;
}
