import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/field.tsx";
import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { PaymentTerms } from "../../../domain/payment-methods/payment-terms.ts";
import styles from "./admin.module.css";
import { AdminSection } from "./ui/admin-section.tsx";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import { NumberAt, RemoveAt, TextAt, useDraft } from "./settings-draft.tsx";

/**
 * お支払い方法 of /admin/settings (decision 077): per method, whether and where the checkout offers
 * it, its fee tiers, the totals it takes, the days to pay and its checkout note. Every method in the
 * registry gets the same fields: a new method needs nothing here.
 */
export function PaymentTermsSection() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { data, errors, set } = useDraft();
  return (
    <AdminSection id="settings-payments" title={to("settings.payments")} testId="settings-payments">
      <p className={styles.muted}>
        {to("settings.paymentsHint")} <a href="/admin/settings/payments">{to("settings.paymentsPage")}</a>
      </p>
      {paymentMethodChoices().map((method) => {
        const path = ["terms", "payments", method.code];
        const terms: PaymentTerms = data.terms.payments[method.code] ?? method.defaultTerms;
        const tiers = terms.feeTiers;
        const tierProblems = errors[`terms.payments.${method.code}.feeTiers`] ?? [];
        return (
          <div key={method.code} data-testid={`settings-payment-${method.code}`}>
            <h3 className={ops.subTitle}>{method.label[locale]}</h3>
            <Checkbox
              label={to("settings.paymentEnabled")}
              name={`terms.payments.${method.code}.enabled`}
              checked={terms.enabled}
              onChange={(event) => set([...path, "enabled"], event.target.checked)}
            />
            <div className={ops.pair}>
              <NumberAt path={[...path, "position"]} label={to("settings.paymentPosition")} />
              <NumberAt path={[...path, "daysToPay"]} label={to("settings.paymentDaysToPay")} />
              <NumberAt path={[...path, "min"]} label={to("settings.paymentMin")} />
              <NumberAt path={[...path, "max"]} label={to("settings.paymentMax")} />
            </div>
            <div className={ops.pair}>
              <TextAt path={[...path, "notes", "ja"]} label={to("settings.paymentNotesJa")} />
              <TextAt path={[...path, "notes", "en"]} label={to("settings.paymentNotesEn")} />
            </div>
            <p className={styles.muted}>{to("settings.tiersHint")}</p>
            {tierProblems.length > 0 && (
              <div role="alert">
                {tierProblems.map((message) => (
                  <p key={message} className={styles.warning}>
                    {message}
                  </p>
                ))}
              </div>
            )}
            {tiers.map((tier, index) => (
              <div key={index} className={ops.row}>
                {tier.upTo === null ? (
                  <p>{to("settings.tierNoLimit")}</p>
                ) : (
                  <NumberAt path={[...path, "feeTiers", index, "upTo"]} label={to("settings.tierUpTo")} />
                )}
                <NumberAt path={[...path, "feeTiers", index, "fee"]} label={to("settings.tierFee")} />
                {tiers.length > 1 && tier.upTo !== null && <RemoveAt path={[...path, "feeTiers"]} list={tiers} index={index} className={ops.removeButton} />}
              </div>
            ))}
            <Button
              variant="secondary"
              onClick={() => {
                // A new tier goes before the open-ended last one, which every method keeps.
                const last = tiers.at(-1)!;
                const previous = tiers.at(-2)?.upTo ?? 0;
                set([...path, "feeTiers"], [...tiers.slice(0, -1), { upTo: previous + 10000, fee: last.fee }, last]);
              }}
            >
              {to("settings.addTier")}
            </Button>
          </div>
        );
      })}
    </AdminSection>
  );
}
