import type { PaymentTerms } from "../../../domain/payment-methods/payment-terms.ts";

/**
 * The payment terms as the server-rendered form posts them (decision 077, without JavaScript): one
 * group of fields per method code, `<code>.<field>`, and its fee tiers as numbered rows whose blank
 * ones are dropped. Whole numbers become numbers; anything else is sent as typed, so the settings API
 * names the problem in its 422 (blank limits and days mean none there).
 */
export const TERMS_FIELDS = ["position", "min", "max", "daysToPay"] as const;

/** The tier rows the form draws: the method's tiers with one blank row before the open-ended last, to add one. */
export function tierRows(terms: PaymentTerms): { upTo: number | null | ""; fee: number | "" }[] {
  const tiers = terms.feeTiers;
  return [...tiers.slice(0, -1), { upTo: "", fee: "" }, ...tiers.slice(-1)];
}

function numberOrText(raw: FormDataEntryValue | null): number | string {
  const text = typeof raw === "string" ? raw.trim() : "";
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** One method's terms from the posted form, over the saved ones (what the form has no field for stays). */
export function termsFromForm(code: string, form: FormData, saved: PaymentTerms): Record<string, unknown> {
  const field = (name: string) => form.get(`${code}.${name}`);
  const terms: Record<string, unknown> = { ...saved, enabled: field("enabled") === "on" };
  for (const name of TERMS_FIELDS) terms[name] = numberOrText(field(name));
  const ja = String(field("notesJa") ?? "").trim();
  const en = String(field("notesEn") ?? "").trim();
  terms.notes = { ja, en };
  const tiers: { upTo: number | string | null; fee: number | string }[] = [];
  for (let index = 0; form.has(`${code}.tier.${index}.fee`); index += 1) {
    const upTo = numberOrText(form.get(`${code}.tier.${index}.upTo`));
    const fee = numberOrText(form.get(`${code}.tier.${index}.fee`));
    if (upTo === "" && fee === "") continue;
    tiers.push({ upTo: upTo === "" ? null : upTo, fee });
  }
  terms.feeTiers = tiers;
  return terms;
}
