import type { GiftChangeOptions } from "../../../domain/order-changes.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Checkbox, Radio } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { NOSHI_PLACEMENTS, giftLines, giftOptionsOf } from "../../../domain/gift.ts";
import styles from "./gift-change.module.css";
import { GiftMessageTextarea, GiverNameInput, OmotegakiSelect } from "./gift-inputs.tsx";
import "../../i18n/orders-texts.ts";
import "../../i18n/checkout-texts.ts";

/** The form's field names: the checkout's (domain/order-changes.ts's giftChangeBodyOf reads them). */
type GiftField = "gift_noshi" | "gift_omotegaki" | "gift_placement" | "gift_name" | "gift_wrapping" | "gift_message_card" | "gift_message" | "gift_hide_prices";

interface GiftChangeFieldsProps {
  options: GiftChangeOptions;
  /** What was posted when the post was refused (a ticked box is present, an unticked one absent); undefined: the order's options. */
  posted: Record<string, string> | undefined;
  /** The API's messages: the checkout's rules name gift.noshi.omotegaki, …; the schema names wrapping, noshi, … */
  fields: Record<string, string[]> | undefined;
  /** Whether a refused wrapping change is worded for the member (contact the shop) or staff. */
  audience: "member" | "staff";
}

/**
 * The gift options of an order being changed (decision 074), as plain fields of a form posted
 * without JavaScript: every field is drawn from the start (no part opens only when a box is ticked,
 * which would need a script), filled in with the order's options or what was typed. Only the options
 * the trader offers, and those the order already has, are shown. Wrapping costs money: where the
 * amount can no longer change (a card or paid order), it is shown as it is and kept, with a note.
 */
export function GiftChangeFields({ options, posted, fields, audience }: GiftChangeFieldsProps) {
  const { t, yen } = useI18n();
  const gift = options.gift;
  const checked = (field: GiftField, saved: boolean) => (posted ? field in posted : saved);
  const text = (field: GiftField, saved: string) => posted?.[field] ?? saved;
  const error = (...keys: string[]) => keys.map((key) => fields?.[key]?.[0]).find(Boolean);
  const placement = text("gift_placement", gift?.noshi?.placement ?? "outer");
  const wrapped = gift?.wrapping ?? false;
  // Wrapping with a price cannot be added or taken off where the amount may not change: kept as it is.
  const wrappingFixed = !options.amount_may_change && options.wrapping_price > 0;
  return (
    <>
      {error("gift", "base") && <Notice tone="danger">{error("gift", "base")}</Notice>}
      {options.settings.noshi && (
        <fieldset className={styles.group}>
          <legend>{t("checkout.giftNoshiLegend")}</legend>
          <Checkbox label={t("checkout.giftNoshi")} name="gift_noshi" defaultChecked={checked("gift_noshi", gift?.noshi != null)} />
          <OmotegakiSelect
            choices={options.settings.omotegaki}
            defaultValue={text("gift_omotegaki", gift?.noshi?.omotegaki ?? options.settings.omotegaki[0] ?? "")}
            error={error("gift.noshi.omotegaki", "noshi")}
          />
          <GiverNameInput defaultValue={text("gift_name", gift?.noshi?.name ?? "")} error={error("gift.noshi.name")} />
          <div role="radiogroup" aria-label={t("checkout.giftPlacement")}>
            <p>{t("checkout.giftPlacement")}</p>
            {NOSHI_PLACEMENTS.map((each) => (
              <Radio
                key={each}
                name="gift_placement"
                value={each}
                defaultChecked={placement === each}
                label={t(each === "outer" ? "checkout.giftOuter" : "checkout.giftInner")}
              />
            ))}
            {error("gift.noshi.placement") && <p role="alert">{error("gift.noshi.placement")}</p>}
          </div>
        </fieldset>
      )}
      {options.settings.wrapping &&
        (wrappingFixed ? (
          <div className={styles.group} data-testid="gift-wrapping-fixed">
            {wrapped && <input type="hidden" name="gift_wrapping" value="on" />}
            <p>
              {t("checkout.giftWrapping")}: {wrapped ? t("giftChange.wrappingYes") : t("giftChange.wrappingNo")}
            </p>
            <p>{t(audience === "member" ? "giftChange.wrappingContact" : "giftChange.wrappingFixed")}</p>
          </div>
        ) : (
          <div className={styles.group}>
            <Checkbox
              label={`${t("checkout.giftWrapping")} ${options.wrapping_price === 0 ? t("checkout.giftWrappingFree") : `(+${yen(options.wrapping_price)})`}`}
              name="gift_wrapping"
              defaultChecked={checked("gift_wrapping", wrapped)}
            />
            {error("gift.wrapping", "wrapping") && <p role="alert">{error("gift.wrapping", "wrapping")}</p>}
          </div>
        ))}
      {options.settings.message_card && (
        <fieldset className={styles.group}>
          <legend>{t("giftChange.messageCardLegend")}</legend>
          <Checkbox
            label={t("checkout.giftMessageCard")}
            name="gift_message_card"
            defaultChecked={checked("gift_message_card", (gift?.message_card ?? "") !== "")}
          />
          <GiftMessageTextarea defaultValue={text("gift_message", gift?.message_card ?? "")} error={error("gift.message_card", "message_card")} />
        </fieldset>
      )}
      {options.settings.hide_prices && (
        <div className={styles.group}>
          <Checkbox label={t("checkout.giftHidePrices")} name="gift_hide_prices" defaultChecked={checked("gift_hide_prices", gift?.hide_prices ?? false)} />
          <p>{t("checkout.giftHidePricesNote")}</p>
          {error("gift.hide_prices", "hide_prices") && <p role="alert">{error("gift.hide_prices", "hide_prices")}</p>}
        </div>
      )}
    </>
  );
}

/** The gift options the order has now, label and value per row (giftLines), or `none` when it has none. */
export function GiftCurrent({ options, none }: { options: GiftChangeOptions; none: string }) {
  const { locale } = useI18n();
  const lines = giftLines(giftOptionsOf(options.gift), locale);
  if (lines.length === 0) return <p data-testid="order-gift-current">{none}</p>;
  return (
    <dl className={styles.current} data-testid="order-gift-current">
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
