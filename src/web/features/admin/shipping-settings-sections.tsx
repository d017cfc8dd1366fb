import { PREFECTURES } from "../../../domain/address.ts";
import { weekdayName } from "../../../domain/delivery-calendar.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Checkbox } from "../../ui/field.tsx";
import styles from "./admin.module.css";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import { LocalizedAt, NumberAt, Section, TextAt, useDraft, valueAt } from "./settings-draft.tsx";
import type { Path } from "./settings-draft.tsx";
import shipping from "./shipping-settings.module.css";

// The shipping table and the delivery calendar of /admin/settings (shipping-table.ts, delivery-calendar.ts).

/** A number in a table cell: named by its row and column for screen readers, its message under it. */
function CellNumber({ path, label }: { path: Path; label: string }) {
  const draft = useDraft();
  const value = valueAt(draft.data, path);
  const error = draft.errors[path.join(".")]?.[0];
  return (
    <>
      <input
        className={shipping.cellInput}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        inputMode="numeric"
        name={path.join(".")}
        value={value === undefined || value === null ? "" : String(value)}
        onChange={(event) => {
          const text = event.target.value.trim();
          // Whole numbers as numbers (a negative one too, so the server names it below 0); anything else as typed.
          draft.set(path, /^-?\d+$/.test(text) ? Number(text) : event.target.value);
        }}
      />
      {error && (
        <span role="alert" className={styles.warning}>
          {error}
        </span>
      )}
    </>
  );
}

export function ShippingTableSection() {
  const to = useOpsText();
  const { locale } = useI18n();
  return (
    <Section id="settings-shipping" title={to("settings.shippingTable")} hint={to("settings.shippingTableHint")}>
      <div className={ops.pair}>
        <NumberAt path={["terms", "shipping", "bottlesPerBox"]} label={to("settings.bottlesPerBox")} hint={to("settings.bottlesPerBoxHint")} />
        <NumberAt path={["terms", "shipping", "coolSurchargePerBox"]} label={to("settings.coolSurchargePerBox")} />
        <NumberAt path={["terms", "shipping", "freeShippingFrom"]} label={to("settings.freeShippingFrom")} hint={to("settings.freeShippingFromHint")} />
      </div>
      <LocalizedAt path={["terms", "shipping", "remoteIslandsNote"]} label={to("settings.remoteIslandsNote")} />
      <div className={shipping.tableWrap}>
        <table className={shipping.table} data-testid="shipping-table">
          <thead>
            <tr>
              <th scope="col">{to("settings.prefecture")}</th>
              <th scope="col">{to("settings.feePerBox")}</th>
              <th scope="col">{to("settings.transitDays")}</th>
            </tr>
          </thead>
          <tbody>
            {PREFECTURES.map((prefecture, index) => (
              <tr key={prefecture.code}>
                <th scope="row">{prefecture[locale]}</th>
                <td>
                  <CellNumber path={["terms", "shipping", "fees", index]} label={`${prefecture[locale]} ${to("settings.feePerBox")}`} />
                </td>
                <td>
                  <CellNumber path={["terms", "shipping", "transitDays", index]} label={`${prefecture[locale]} ${to("settings.transitDays")}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function DeliveryCalendarSection() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { data, errors, set } = useDraft();
  const closed = data.deliveryCalendar.closedWeekdays;
  const problems = Object.entries(errors)
    .filter(([field]) => field.startsWith("deliveryCalendar.closedWeekdays"))
    .flatMap(([, list]) => list);
  return (
    <Section id="settings-calendar" title={to("settings.deliveryCalendar")} hint={to("settings.deliveryCalendarHint")}>
      <TextAt path={["deliveryCalendar", "cutoff"]} label={to("settings.cutoff")} hint={to("settings.cutoffHint")} inputMode="numeric" />
      <fieldset className={shipping.weekdays}>
        <legend>{to("settings.closedWeekdays")}</legend>
        {[1, 2, 3, 4, 5, 6, 0].map((day) => (
          <Checkbox
            key={day}
            label={weekdayName(day, locale)}
            checked={closed.includes(day)}
            onChange={(event) =>
              set(["deliveryCalendar", "closedWeekdays"], event.target.checked ? [...closed, day].sort() : closed.filter((each) => each !== day))
            }
          />
        ))}
      </fieldset>
      {problems.length > 0 && (
        <p role="alert" className={styles.warning}>
          {problems.join(" ")}
        </p>
      )}
    </Section>
  );
}
