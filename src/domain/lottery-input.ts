import { japanDateTimeInput, LOTTERY_LIMITS } from "./lottery.ts";
import { fieldsAsSent, formFields, formProblems } from "./field-rules.ts";
import { z } from "./zod.ts";

/** A whole number from JSON or a form (full-width digits folded); the problem's kind when it is not one. */
function wholeOf(value: unknown): number | "blank" | "not_a_number" | "not_an_integer" {
  if (value === undefined || value === null || value === "") return "blank";
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.normalize("NFKC").replace(/[,\s]/g, "") : "";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "not_a_number";
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : "not_an_integer";
}

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/**
 * The trader's new lottery (POST /admin/api/lotteries, /admin/lotteries/new; decision 084): the
 * product (its id), bottles, the per-member limit, the entry period in Japan time (datetime-local
 * "2026-12-01T10:00") and the days a winner has to buy.
 */
export const lotteryInputSchema = z.preprocess(
  (body) => formFields(body),
  z
    .object({
      ...fieldsAsSent("product_id", "bottles", "per_member"),
      entry_starts_at: text,
      entry_ends_at: text,
      ...fieldsAsSent("claim_days"),
    })
    .superRefine((fields, context) => {
      const { problem, wholeWithin } = formProblems(context);
      wholeWithin(wholeOf(fields.product_id), "product_id", 1, Number.MAX_SAFE_INTEGER);
      wholeWithin(wholeOf(fields.bottles), "bottles", 1, LOTTERY_LIMITS.bottles);
      wholeWithin(wholeOf(fields.per_member), "per_member", 1, LOTTERY_LIMITS.perMember);
      wholeWithin(wholeOf(fields.claim_days), "claim_days", 1, LOTTERY_LIMITS.claimDays);
      const starts = japanDateTimeInput(fields.entry_starts_at);
      const ends = japanDateTimeInput(fields.entry_ends_at);
      if (!fields.entry_starts_at) problem("blank", "entry_starts_at");
      else if (!starts) problem("invalid", "entry_starts_at");
      if (!fields.entry_ends_at) problem("blank", "entry_ends_at");
      else if (!ends) problem("invalid", "entry_ends_at");
      else if (starts && ends <= starts) problem("invalid", "entry_ends_at");
    })
    .transform((fields) => ({
      productId: wholeOf(fields.product_id) as number,
      bottles: wholeOf(fields.bottles) as number,
      perMember: wholeOf(fields.per_member) as number,
      entryStartsAt: japanDateTimeInput(fields.entry_starts_at)!,
      entryEndsAt: japanDateTimeInput(fields.entry_ends_at)!,
      claimDays: wholeOf(fields.claim_days) as number,
    })),
);
export type LotteryInput = z.output<typeof lotteryInputSchema>;

/** The field labels of the trader's form, for the 422's messages. */
export const LOTTERY_FIELD_LABELS = {
  product_id: { ja: "商品", en: "Product" },
  bottles: { ja: "本数", en: "Bottles" },
  per_member: { ja: "お一人様の購入上限", en: "Limit per member" },
  entry_starts_at: { ja: "応募開始日時", en: "Entries open" },
  entry_ends_at: { ja: "応募締切日時", en: "Entries close" },
  claim_days: { ja: "当選後の購入期限(日数)", en: "Days to buy after winning" },
} as const;
