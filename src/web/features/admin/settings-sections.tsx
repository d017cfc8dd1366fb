import { Button } from "../../ui/button.tsx";
import { Checkbox, Select, Textarea } from "../../ui/field.tsx";
import styles from "./admin.module.css";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import { LocalizedAt, NumberAt, RemoveAt, Section, TextAt, useDraft, valueAt } from "./settings-draft.tsx";

// The sections of /admin/settings, each bound to its part of the shop profile draft.

export function FeesSection() {
  const to = useOpsText();
  const { data, set } = useDraft();
  return (
    <Section id="settings-fees" title={to("settings.fees")}>
      <div className={ops.pair}>
        <NumberAt path={["terms", "taxRatePercent"]} label={to("settings.taxRate")} />
        <NumberAt path={["lowStockHintAt"]} label={to("settings.lowStockHintAt")} />
      </div>
      {/* Decision 051: off, an address outside Japan is refused (海外への発送は承っておりません). */}
      <Checkbox
        label={to("settings.shipsAbroad")}
        name="shipsAbroad"
        checked={data.shipsAbroad}
        aria-describedby="settings-ships-abroad-hint"
        onChange={(event) => set(["shipsAbroad"], event.target.checked)}
      />
      <p id="settings-ships-abroad-hint" className={styles.muted}>
        {to("settings.shipsAbroadHint")}
      </p>
    </Section>
  );
}

export function TimeBandsSection() {
  const to = useOpsText();
  const { data, set } = useDraft();
  return (
    <Section id="settings-bands" title={to("settings.timeBands")} hint={to("settings.timeBandsHint")}>
      {data.deliveryTimeBands.map((_, index) => (
        <div key={index} className={ops.row}>
          <TextAt path={["deliveryTimeBands", index, "code"]} label={to("settings.bandCode")} />
          <TextAt path={["deliveryTimeBands", index, "ja"]} label={to("settings.bandJa")} />
          <TextAt path={["deliveryTimeBands", index, "en"]} label={to("settings.bandEn")} />
          <RemoveAt path={["deliveryTimeBands"]} list={data.deliveryTimeBands} index={index} className={ops.removeButton} />
        </div>
      ))}
      <Button variant="secondary" onClick={() => set(["deliveryTimeBands"], [...data.deliveryTimeBands, { code: "", ja: "", en: "" }])}>
        {to("settings.addBand")}
      </Button>
    </Section>
  );
}

export function HolidaysSection() {
  const to = useOpsText();
  const { data, errors, set } = useDraft();
  const problems = Object.entries(errors)
    .filter(([field]) => field.startsWith("businessHolidays"))
    .flatMap(([, list]) => list);
  return (
    <Section id="settings-holidays" title={to("settings.holidays")}>
      <Textarea
        label={to("settings.holidays")}
        hint={to("settings.holidaysHint")}
        rows={4}
        defaultValue={data.businessHolidays.join("\n")}
        onChange={(event) =>
          set(
            ["businessHolidays"],
            event.target.value
              .split(/[\s,]+/)
              .map((day) => day.trim())
              .filter(Boolean),
          )
        }
        error={problems.join(" ") || undefined}
      />
    </Section>
  );
}

export function ShopSection() {
  const to = useOpsText();
  return (
    <Section id="settings-shop" title={to("settings.shop")}>
      <LocalizedAt path={["shopName"]} label={to("settings.shopName")} />
      <LocalizedAt path={["companyName"]} label={to("settings.companyName")} />
      <LocalizedAt path={["representative"]} label={to("settings.representative")} />
      <LocalizedAt path={["operationsManager"]} label={to("settings.operationsManager")} />
      <div className={ops.pair}>
        <TextAt path={["zip"]} label={to("settings.zip")} autoComplete="off" />
        <TextAt path={["phone"]} label={to("settings.phone")} type="tel" />
        <TextAt path={["email"]} label={to("settings.email")} type="email" />
      </div>
      <LocalizedAt path={["address"]} label={to("settings.address")} />
      <LocalizedAt path={["businessHours"]} label={to("settings.businessHours")} />
      <LocalizedAt path={["contactHours"]} label={to("settings.contactHours")} />
      <TextAt path={["invoiceRegistrationNumber"]} label={to("settings.invoice")} hint={to("settings.invoiceHint")} placeholder="T1234567890123" />
      <h3 className={ops.subTitle}>{to("settings.terms")}</h3>
      <div className={ops.pair}>
        <NumberAt path={["terms", "arrivalWithinDays"]} label={to("settings.arrivalWithin")} />
      </div>
      <h3 className={ops.subTitle}>{to("settings.licence")}</h3>
      <LocalizedAt path={["liquorLicence", "type"]} label={to("settings.licenceType")} />
      <TextAt path={["liquorLicence", "number"]} label={to("settings.licenceNumber")} />
      <LocalizedAt path={["liquorLicence", "issuingTaxOffice"]} label={to("settings.taxOffice")} />
      <LocalizedAt path={["liquorSalesManager", "name"]} label={to("settings.managerName")} />
      <div className={ops.pair}>
        <TextAt path={["liquorSalesManager", "trainingDate"]} label={to("settings.trainingDate")} type="date" />
        <TextAt path={["liquorSalesManager", "nextTrainingDeadline"]} label={to("settings.nextTraining")} type="date" />
      </div>
      <LocalizedAt path={["liquorSalesManager", "trainingBody"]} label={to("settings.trainingBody")} />
      <h3 className={ops.subTitle}>{to("settings.b2")}</h3>
      <p className={styles.muted}>{to("settings.b2Hint")}</p>
      <div className={ops.pair}>
        <TextAt path={["yamatoB2", "customerCode"]} label={to("settings.b2Customer")} inputMode="numeric" />
        <TextAt path={["yamatoB2", "classificationCode"]} label={to("settings.b2Class")} inputMode="numeric" />
        <TextAt path={["yamatoB2", "freightNumber"]} label={to("settings.b2Freight")} inputMode="numeric" />
      </div>
      <h3 className={ops.subTitle}>{to("settings.social")}</h3>
      <div className={ops.pair}>
        {(["instagram", "facebook", "twitter", "line"] as const).map((network) => (
          <TextAt
            key={network}
            path={["social", network]}
            label={network === "twitter" ? "X (Twitter)" : network[0]!.toUpperCase() + network.slice(1)}
            type="url"
          />
        ))}
      </div>
    </Section>
  );
}

export function BanksSection() {
  const to = useOpsText();
  const { data, set } = useDraft();
  return (
    <Section id="settings-banks" title={to("settings.banks")}>
      {data.bankAccounts.map((_, index) => (
        <fieldset key={index} className={ops.form}>
          <legend>{to("settings.bank", { n: index + 1 })}</legend>
          <LocalizedAt path={["bankAccounts", index, "financial"]} label={to("settings.financial")} />
          <LocalizedAt path={["bankAccounts", index, "branch"]} label={to("settings.branch")} />
          <div className={ops.pair}>
            <Select
              label={to("settings.depositType")}
              value={String(valueAt(data, ["bankAccounts", index, "depositType"]) ?? "ordinary")}
              onChange={(event) => set(["bankAccounts", index, "depositType"], event.target.value)}
              options={[
                { value: "ordinary", label: to("settings.ordinary") },
                { value: "current", label: to("settings.current") },
              ]}
            />
            <TextAt path={["bankAccounts", index, "accountNumber"]} label={to("settings.accountNumber")} inputMode="numeric" />
            <TextAt path={["bankAccounts", index, "accountName"]} label={to("settings.accountName")} />
          </div>
          <RemoveAt path={["bankAccounts"]} list={data.bankAccounts} index={index} />
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          set(
            ["bankAccounts"],
            [...data.bankAccounts, { financial: { ja: "", en: "" }, branch: { ja: "", en: "" }, depositType: "ordinary", accountNumber: "", accountName: "" }],
          )
        }
      >
        {to("settings.addBank")}
      </Button>
    </Section>
  );
}
