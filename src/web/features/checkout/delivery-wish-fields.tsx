import { formatDeliveryDate } from "../../../domain/delivery-calendar.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Select } from "../../ui/field.tsx";
import type { DeliveryWish } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface DeliveryWishFieldsProps {
  value: DeliveryWish;
  onChange(wish: DeliveryWish): void;
  /**
   * The dates (yyyy-MM-dd) on offer: from the first day the parcel can arrive (the delivery calendar's
   * shipping day and the prefecture's transit days) to 8 days from today in Japan.
   */
  dates: string[];
  timezones: Record<string, string>;
  errors: { date?: string | undefined; timezone?: string | undefined };
  /** The fields' names: the order's own by default, a destination block's (dest0_date, dest0_timezone) in several destinations. */
  names?: { date: string; timezone: string };
}

/**
 * Delivery wish: a date from the window (yyyy/MM/dd, or none) and a carrier's time band
 * (empty = unspecified). Selects rather than a date picker: only eight days can be chosen, and
 * "指定なし" clears the wish with the keyboard as easily as with a finger.
 */
export function DeliveryWishFields({
  value,
  onChange,
  dates,
  timezones,
  errors,
  names = { date: "desired_delivery_date", timezone: "desired_delivery_timezone" },
}: DeliveryWishFieldsProps) {
  const { t } = useI18n();
  return (
    <div className={styles.wish}>
      <Select
        label={t("checkout.deliveryDate")}
        name={names.date}
        value={value.date}
        onChange={(event) => onChange({ ...value, date: event.target.value })}
        error={errors.date}
        options={[{ value: "", label: t("checkout.unspecified") }, ...dates.map((date) => ({ value: date, label: formatDeliveryDate(date) }))]}
      />
      <Select
        label={t("checkout.deliveryTimezone")}
        name={names.timezone}
        value={value.timezone}
        onChange={(event) => onChange({ ...value, timezone: event.target.value })}
        error={errors.timezone}
        options={[{ value: "", label: t("checkout.unspecified") }, ...Object.entries(timezones).map(([code, label]) => ({ value: code, label }))]}
      />
      {/* The window offered, not the contract's outer bounds: the first date may be days after tomorrow (issue 28). */}
      <p className={styles.wishHint} data-testid="delivery-hint">
        {dates.length > 0
          ? t("checkout.deliveryHint", { first: formatDeliveryDate(dates[0]!), last: formatDeliveryDate(dates.at(-1)!) })
          : t("checkout.deliveryHintNone")}
      </p>
    </div>
  );
}
