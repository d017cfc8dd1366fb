import type { PaymentTerms } from "../../../domain/payment-methods/payment-terms.ts";

/**
 * The payment terms as the server-rendered form posts them (decision 077, without JavaScript): one
 * group of fields per method code, `<code>.<field>`, and its fee tiers as numbered rows whose blank
 * ones are dropped. Whole numbers become numbers; anything else is sent as typed, so the settings API
 * names the problem in its 422 (blank limits and days mean none there).
 */
export const TERMS_FIELDS = ["position", "min", "max", "daysToPay"] as const;

/**
 * A method's terms as the form draws them: saved ones, or after a refused post the ones typed, whose
 * numbers may still be text (the form redraws what the trader typed, not the saved values).
 */
export type FormTerms = Omit<PaymentTerms, "feeTiers" | (typeof TERMS_FIELDS)[number]> & {
  feeTiers: { upTo: number | string | null; fee: number | string }[];
} & Record<(typeof TERMS_FIELDS)[number], number | string | null>;

/**
 * The tier rows the form draws: the method's tiers with one blank row before the open-ended last, to
 * add one. Each row keeps the index of its tier in `feeTiers` (null for the blank row), so a
 * message on `feeTiers.<index>` lands under the row it is about.
 */
export function tierRows(terms: Pick<FormTerms, "feeTiers">): { upTo: number | string | null; fee: number | string; tier: number | null }[] {
  const tiers = terms.feeTiers.map((row, tier) => ({ ...row, tier }));
  return [...tiers.slice(0, -1), { upTo: "", fee: "", tier: null }, ...tiers.slice(-1)];
}

function numberOrText(raw: FormDataEntryValue | null): number | string {
  const text = typeof raw === "string" ? raw.trim() : "";
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** One method's terms from the posted form, over the saved ones (what the form has no field for stays). */
export function termsFromForm(code: string, form: FormData, saved: PaymentTerms): FormTerms {
  const field = (name: string) => form.get(`${code}.${name}`);
  const terms = { ...saved, enabled: field("enabled") === "on" } as FormTerms;
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
