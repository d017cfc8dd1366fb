import { data, Form, Link } from "react-router";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { settingsAnswer } from "../../../domain/answers/settings.ts";
import type { Locale } from "../../../domain/locale.ts";
import { paymentMethodChoices } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { Route } from "./+types/admin-payment-terms";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { opsText, useOpsText } from "../../features/admin/ops-i18n.ts";
import ops from "../../features/admin/ops.module.css";
import { type FormTerms, TERMS_FIELDS, termsFromForm, tierRows } from "../../features/admin/payment-terms-form.ts";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { OwnerOnlyNotice } from "../../features/admin/ui/owner-only-notice.tsx";
import { ServerAdminFrame, toStaffLogin } from "../../features/admin/ui/server-page.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm } from "../../shared/site/form-action.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Textarea } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

export const PAYMENT_TERMS_PATH = "/admin/settings/payments";
/** Seven methods' fields are a few kilobytes; anything far bigger is not this form. */
const MAX_POST_BYTES = 64 * 1024;

/** A refusal carries the terms as typed (none when the post could not be read), so the page redraws them under its messages. */
type ActionAnswer = { saved: true } | { saved: false; errors: string[]; fields: Record<string, string[]>; typed?: Record<string, FormTerms> };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: opsText(loaderData?.locale ?? "ja", "settings.payments") });
}

/**
 * お支払い方法 rendered on the server, so the trader edits payment terms without JavaScript (decision
 * 077; /admin/settings itself is drawn in the browser): the owner's settings asked of the API as the
 * visitor, and saved through the same POST /admin/api/settings, so its 422s are the page's messages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", "/admin/api/settings");
  if (answer.status === 401) throw toStaffLogin(PAYMENT_TERMS_PATH);
  const settings = answer.status === 200 ? (answer.body as ApiAnswer<typeof settingsAnswer>).data : null;
  return { locale: page.locale, payments: settings?.terms.payments ?? null };
}

function failed(locale: Locale, status: number) {
  return data<ActionAnswer>({ saved: false, errors: [opsText(locale, "ops.failed")], fields: {} }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(locale, form);
  // The rest of the settings as saved: this page changes the payment terms only.
  const current = await page.api("GET", "/admin/api/settings");
  if (current.status === 401) throw toStaffLogin(PAYMENT_TERMS_PATH);
  if (current.status !== 200) return failed(locale, current.status);
  const settings = (current.body as ApiAnswer<typeof settingsAnswer>).data;
  const payments = Object.fromEntries(Object.entries(settings.terms.payments).map(([code, saved]) => [code, termsFromForm(code, form, saved)]));
  const body = { ...settings, terms: { ...settings.terms, payments } };
  const answer = await page.api("POST", "/admin/api/settings", body, { csrfToken: String(form.get(CSRF_FIELD) ?? "") });
  if (answer.status === 401) throw toStaffLogin(PAYMENT_TERMS_PATH);
  if (answer.status === 200) return data<ActionAnswer>({ saved: true });
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  // The API's summary repeats a message given on several fields (the tier rule); the page lists it once.
  const errors = [...new Set(refused?.errors ?? [opsText(locale, "ops.failed")])];
  return data<ActionAnswer>({ saved: false, errors, fields: refused?.fields ?? {}, typed: payments }, { status: answer.status });
}

/** The method's note to the shopper in each language: the posted field (payment-terms-form.ts) and its label. */
const NOTES = [
  { language: "ja", field: "notesJa", label: "settings.paymentNotesJa" },
  { language: "en", field: "notesEn", label: "settings.paymentNotesEn" },
] as const;

function NumberField({ name, label, value, error }: { name: string; label: string; value: number | string | null; error?: string | undefined }) {
  return <Input name={name} label={label} inputMode="numeric" defaultValue={value === null ? "" : String(value)} error={error} />;
}

export default function AdminPaymentTerms({ loaderData, actionData }: Route.ComponentProps) {
  const to = useOpsText();
  const { locale } = useI18n();
  const answer = actionData as ActionAnswer | undefined;
  const fields = answer && !answer.saved ? answer.fields : {};
  // After a refusal the typed values, not the saved ones, so each message stands under what it is about.
  const typed = answer && !answer.saved ? answer.typed : undefined;
  const { payments } = loaderData;
  const labels: Record<(typeof TERMS_FIELDS)[number], string> = {
    position: to("settings.paymentPosition"),
    min: to("settings.paymentMin"),
    max: to("settings.paymentMax"),
    daysToPay: to("settings.paymentDaysToPay"),
  };
  return (
    <ServerAdminFrame testId="payment-terms-page">
      <p>
        <Link to="/admin/settings">{to("settings.title")}</Link>
      </p>
      <h1 className={styles.title}>{to("settings.payments")}</h1>
      <p className={styles.muted}>{to("settings.paymentsHint")}</p>
      {answer?.saved && <Notice tone="success">{to("settings.saved")}</Notice>}
      {answer && !answer.saved && <ErrorsNotice errors={answer.errors} testId="payment-terms-errors" />}
      {payments === null ? (
        <OwnerOnlyNotice />
      ) : (
        <Form method="post" action={PAYMENT_TERMS_PATH} reloadDocument onSubmit={withCurrentToken} data-testid="payment-terms-form">
          <CsrfField />
          {paymentMethodChoices().map((method) => {
            const terms: FormTerms = typed?.[method.code] ?? payments[method.code] ?? method.defaultTerms;
            const error = (name: string) => fields[`terms.payments.${method.code}.${name}`]?.[0];
            return (
              <fieldset key={method.code} className={styles.section} data-testid={`payment-terms-${method.code}`}>
                <legend className={ops.subTitle}>{method.label[locale]}</legend>
                <Checkbox name={`${method.code}.enabled`} label={to("settings.paymentEnabled")} defaultChecked={terms.enabled} />
                <div className={ops.pair}>
                  {TERMS_FIELDS.map((name) => (
                    <NumberField key={name} name={`${method.code}.${name}`} label={labels[name]} value={terms[name]} error={error(name)} />
                  ))}
                </div>
                <p className={styles.muted}>{to("settings.paymentNotesHint")}</p>
                <div className={ops.pair}>
                  {NOTES.map((note) => (
                    <Textarea
                      key={note.language}
                      rows={3}
                      name={`${method.code}.${note.field}`}
                      label={to(note.label)}
                      defaultValue={terms.notes?.[note.language] ?? ""}
                      error={error(`notes.${note.language}`)}
                    />
                  ))}
                </div>
                <p className={styles.muted}>{to("settings.tiersHint")}</p>
                {error("feeTiers") && <p className={styles.warning}>{error("feeTiers")}</p>}
                {tierRows(terms).map((row, index) => (
                  <div key={index}>
                    {/* The blank row before the last tier adds one (a row left blank is dropped); the last tier has no upper amount, as on the settings page. */}
                    {row.tier === null && <p className={styles.muted}>{to("settings.addTierBlank")}</p>}
                    <div className={ops.row}>
                      {row.tier !== null && row.upTo === null ? (
                        <p>
                          <input type="hidden" name={`${method.code}.tier.${index}.upTo`} value="" />
                          {to("settings.tierNoLimit")}
                        </p>
                      ) : (
                        <NumberField
                          name={`${method.code}.tier.${index}.upTo`}
                          label={to("settings.tierUpTo")}
                          value={row.upTo}
                          error={row.tier === null ? undefined : error(`feeTiers.${row.tier}.upTo`)}
                        />
                      )}
                      <NumberField
                        name={`${method.code}.tier.${index}.fee`}
                        label={to("settings.tierFee")}
                        value={row.fee}
                        error={row.tier === null ? undefined : error(`feeTiers.${row.tier}.fee`)}
                      />
                    </div>
                  </div>
                ))}
              </fieldset>
            );
          })}
          <div className={ops.saveBar}>
            <Button type="submit">{to("settings.save")}</Button>
          </div>
        </Form>
      )}
    </ServerAdminFrame>
  );
}
