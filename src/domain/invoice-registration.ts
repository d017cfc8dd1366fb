// インボイス制度 (適格請求書等保存方式): a supplier registered as 適格請求書発行事業者 has a registration
// number "T" + 13 digits (消費税法 §57-2); a purchase from one that is not registered may, during the
// transitional measure (平成28年改正法附則 §52, §53), deduct only part of the tax on it: 80% until
// 2026-09-30, 70% from 2026-10-01 to 2028-09-30 (docs/decisions/061). Later steps are not encoded:
// the books say "check the rule in force" after 2028-09-30.

const INVOICE_NUMBER = /^T\d{13}$/;

/** Normalises what a trader types (full-width digits, a lower-case t, spaces or hyphens) to "T" + 13 digits. */
export function normaliseInvoiceNumber(text: string): string {
  return text.normalize("NFKC").replace(/[\s-]/g, "").replace(/^t/, "T");
}

/** True for "T" followed by exactly 13 digits. */
export function isInvoiceNumber(text: string): boolean {
  return INVOICE_NUMBER.test(text);
}

/**
 * The share of the tax on a purchase that may be deducted, in percent, for a purchase made on
 * `date` (yyyy-mm-dd) from a supplier with (`registered`) or without a registration number; null
 * after the last step encoded here.
 */
export function deductiblePercent(date: string, registered: boolean): number | null {
  if (registered) return 100;
  if (date < "2023-10-01") return 100;
  if (date <= "2026-09-30") return 80;
  if (date <= "2028-09-30") return 70;
  return null;
}
