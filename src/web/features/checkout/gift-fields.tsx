import { useState } from "react";
import type { GiftSettings } from "../../../domain/gift.ts";
import { NOSHI_PLACEMENTS } from "../../../domain/gift.ts";
import { formatYenTaxed } from "../../../domain/format.ts";
import { priceIncludingTax } from "../../../domain/money.ts";
import { GiftMessageTextarea, GiverNameInput, OmotegakiSelect } from "../../shared/orders/gift-inputs.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Checkbox, FieldError, Radio } from "../../ui/field.tsx";
import type { GiftFormValue } from "./checkout-order.ts";
import { giftOptionsOfForm } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface GiftFieldsProps {
  value: GiftFormValue;
  onChange(gift: GiftFormValue): void;
  settings: GiftSettings;
  /** The server's messages, keyed gift, gift.wrapping, gift.noshi.omotegaki, … */
  errors: Record<string, string> | undefined;
}

/**
 * ギフト設定 (issue #18): closed until opened, as Japanese shops show it, and opened by itself when
 * the server has something to say about it or options are already chosen. Only the options the trader
 * offers are shown; a fee (wrapping) is priced beside its box, tax included (decision 045), and appears in
 * the summary as its charge line the moment the box is ticked — on a phone the summary is far above (issue 28).
 */
export function GiftFields({ value, onChange, settings, errors }: GiftFieldsProps) {
  const { t, locale } = useI18n();
  const { terms } = useSite().shop;
  const wrappingPrice =
    settings.wrappingFee === 0
      ? t("checkout.giftWrappingFree")
      : `+${formatYenTaxed(priceIncludingTax(settings.wrappingFee, terms.taxRatePercent), locale, "included")}`;
  // Open from the start when the shopper comes back to choices already made (a kept form, decision 053).
  const chosen = giftOptionsOfForm(value) !== null;
  const [opened, setOpened] = useState(chosen);
  // The kept form is put back after hydration (decision 058): choices arriving then open it too.
  const [wasChosen, setWasChosen] = useState(chosen);
  if (chosen !== wasChosen) {
    setWasChosen(chosen);
    if (chosen) setOpened(true);
  }
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0;
  const set = (change: Partial<GiftFormValue>) => onChange({ ...value, ...change });
  return (
    <details className={styles.gift} open={opened || hasErrors} onToggle={(event) => setOpened(event.currentTarget.open)} data-testid="gift-section">
      <summary className={styles.giftSummary}>
        <span className={styles.giftHeading}>{t("checkout.giftHeading")}</span>
        <span className={styles.giftLead}>{t("checkout.giftLead")}</span>
      </summary>
      <div className={styles.giftBody}>
        <FieldError message={errors?.gift} className={styles.giftError} />
        {settings.noshi && (
          <fieldset className={styles.giftGroup}>
            <legend className={styles.giftLegend}>{t("checkout.giftNoshiLegend")}</legend>
            <Checkbox label={t("checkout.giftNoshi")} name="gift_noshi" checked={value.noshi} onChange={(event) => set({ noshi: event.target.checked })} />
            {value.noshi && (
              <div className={styles.giftNested}>
                <OmotegakiSelect
                  choices={settings.omotegaki}
                  value={value.omotegaki}
                  onChange={(event) => set({ omotegaki: event.target.value })}
                  error={errors?.["gift.noshi.omotegaki"]}
                />
                <GiverNameInput value={value.name} onChange={(event) => set({ name: event.target.value })} error={errors?.["gift.noshi.name"]} />
                <div role="radiogroup" aria-label={t("checkout.giftPlacement")} className={styles.giftPlacements}>
                  <span className={styles.giftPlacementLabel} aria-hidden="true">
                    {t("checkout.giftPlacement")}
                  </span>
                  {NOSHI_PLACEMENTS.map((placement) => (
                    <Radio
                      key={placement}
                      name="gift_placement"
                      value={placement}
                      checked={value.placement === placement}
                      onChange={() => set({ placement })}
                      label={t(placement === "outer" ? "checkout.giftOuter" : "checkout.giftInner")}
                    />
                  ))}
                  <FieldError message={errors?.["gift.noshi.placement"]} className={styles.giftError} />
                </div>
              </div>
            )}
          </fieldset>
        )}
        {settings.wrapping && (
          <div className={styles.giftGroup}>
            <Checkbox
              label={
                <>
                  {t("checkout.giftWrapping")}{" "}
                  <span className={styles.giftPrice} data-testid="gift-wrapping-price">
                    {wrappingPrice}
                  </span>
                </>
              }
              name="gift_wrapping"
              checked={value.wrapping}
              onChange={(event) => set({ wrapping: event.target.checked })}
            />
            <FieldError message={errors?.["gift.wrapping"]} className={styles.giftError} />
          </div>
        )}
        {settings.messageCard && (
          <div className={styles.giftGroup}>
            <Checkbox
              label={t("checkout.giftMessageCard")}
              name="gift_message_card"
              checked={value.messageCard}
              onChange={(event) => set({ messageCard: event.target.checked })}
            />
            {value.messageCard && (
              <div className={styles.giftNested}>
                <GiftMessageTextarea value={value.message} onChange={(event) => set({ message: event.target.value })} error={errors?.["gift.message_card"]} />
              </div>
            )}
          </div>
        )}
        {settings.hidePrices && (
          <div className={styles.giftGroup}>
            <Checkbox
              label={t("checkout.giftHidePrices")}
              name="gift_hide_prices"
              checked={value.hidePrices}
              onChange={(event) => set({ hidePrices: event.target.checked })}
            />
            <p className={styles.giftNote}>{t("checkout.giftHidePricesNote")}</p>
            <FieldError message={errors?.["gift.hide_prices"]} className={styles.giftError} />
          </div>
        )}
      </div>
    </details>
  );
}
