import type { CarrierCode } from "./carriers.ts";
import { DEFAULT_CARRIER, SLIP_NUMBER_MAX, SLIP_NUMBER_PATTERN, isCarrierCode } from "./carriers.ts";
import { formFields, formProblems, trimmedText } from "./field-rules.ts";
import { ORDER_TOTAL_MAX } from "./money.ts";
import type { AdjustmentKind } from "./order-totals.ts";
import { isAdjustmentKind } from "./order-totals.ts";
import { z } from "./zod.ts";

// The back office's order writes that take fields (POST /admin/api/orders/:id/ship, /slip,
// /adjustments): one schema each, the route's declared body (decision 075).

const shipmentFields = {
  slip_number: trimmedText.pipe(
    z
      .string()
      .min(1, { error: "blank", abort: true })
      .max(SLIP_NUMBER_MAX, { error: "too_long", abort: true })
      .regex(SLIP_NUMBER_PATTERN, { error: "invalid" }),
  ),
  // ヤマト運輸 when none is named.
  carrier: z
    .unknown()
    .optional()
    .transform((value) => (value === undefined || value === null || value === "" ? DEFAULT_CARRIER : value))
    .refine((value): value is CarrierCode => isCarrierCode(value), { error: "inclusion" })
    .transform((value) => value as CarrierCode),
};

/** A shipment: its slip number and carrier. */
export const shipInputSchema = z.preprocess((body) => formFields(body), z.object(shipmentFields));

/** `notify` from JSON (true/false) or a form's checkbox ("on", "true"; absent is false). */
const notifyField = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value === false || value === "" || value === "false") return false;
    if (value === true || value === "true" || value === "on") return true;
    context.addIssue({ code: "custom", message: "inclusion" });
    return z.NEVER;
  });

/** A sent order's slip corrected (decision 067): the shipment's fields, and whether to mail the shopper. */
export const slipInputSchema = z.preprocess((body) => formFields(body), z.object({ ...shipmentFields, notify: notifyField }));

/** A whole number of yen from JSON or a form ("-500", "−500": full-width minus and digits folded); "blank" etc. when not one. */
function yenOf(value: unknown): number | "blank" | "not_a_number" | "not_an_integer" {
  if (value === undefined || value === null || value === "") return "blank";
  const text =
    typeof value === "number"
      ? String(value)
      : typeof value === "string"
        ? value
            .normalize("NFKC")
            .replace(/[,\s]/g, "")
            .replace(/^[−ー–]/, "-")
        : "";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "not_a_number";
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : "not_an_integer";
}

const ADJUSTMENT_LABEL_MAX = 40;

/** A rate percent above zero, or "apportioned"; undefined when neither. */
function rateOf(value: unknown): number | "apportioned" | undefined {
  if (value === "apportioned") return "apportioned";
  const rate = yenOf(value);
  return typeof rate === "number" && rate > 0 ? rate : undefined;
}

/**
 * A discount or correction line (decision 070): kind, labels (the kind's own when left blank),
 * amount before tax (below zero for a discount, never zero, within an order's total) and the tax
 * rate (a rate percent, or "apportioned" over the order's rates). The amount's and the rate's rules
 * run together after the fields, so one answer names every wrong field in the form's order.
 */
export const adjustmentInputSchema = z.preprocess(
  (body) => formFields(body),
  z
    .object({
      kind: z
        .unknown()
        .optional()
        .refine((value): value is AdjustmentKind => isAdjustmentKind(typeof value === "string" ? value : undefined), { error: "inclusion" }),
      label_ja: trimmedText.pipe(z.string().max(ADJUSTMENT_LABEL_MAX, { error: "too_long" })),
      label_en: trimmedText.pipe(z.string().max(ADJUSTMENT_LABEL_MAX, { error: "too_long" })),
      amount_before_tax: z.unknown(),
      tax_rate: z.unknown(),
    })
    .superRefine(
      (fields, context) => {
        const { problem } = formProblems(context);
        const amount = yenOf(fields.amount_before_tax);
        if (typeof amount === "string") problem(amount, "amount_before_tax");
        else if (fields.kind === "discount" && amount >= 0) problem("less_than", "amount_before_tax", { count: 0 });
        else if (amount === 0) problem("invalid", "amount_before_tax");
        else if (Math.abs(amount) > ORDER_TOTAL_MAX) problem("less_than_or_equal_to", "amount_before_tax", { count: ORDER_TOTAL_MAX });
        const rate = rateOf(fields.tax_rate);
        if (rate === undefined) problem("inclusion", "tax_rate");
      },
      // Also when a field above failed, so the answer names every wrong field.
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .transform((fields) => ({
      kind: fields.kind as AdjustmentKind,
      label_ja: fields.label_ja,
      label_en: fields.label_en,
      amount: yenOf(fields.amount_before_tax) as number,
      taxRate: rateOf(fields.tax_rate)!,
    })),
);

/** A whole number from JSON or a form (full-width digits folded); the problem's code when it is not one of at least 0. */
function countOf(value: unknown): number | "blank" | "not_a_number" | "not_an_integer" | "greater_than_or_equal_to" {
  const yen = yenOf(value);
  if (typeof yen === "string") return yen;
  return yen < 0 ? "greater_than_or_equal_to" : yen;
}

/**
 * A line lowered or removed before shipping (decision 078): the order line (its id) and the bottles
 * it keeps, 0 to remove it. Whether that is fewer than now is the service's question (it knows the line).
 */
export const partialCancelInputSchema = z.preprocess(
  (body) => formFields(body),
  z
    .object({ line: z.unknown().optional(), quantity: z.unknown().optional() })
    .superRefine((fields, context) => {
      const line = countOf(fields.line);
      if (typeof line === "string" || line === 0) context.addIssue({ code: "custom", path: ["line"], message: "invalid" });
      const quantity = countOf(fields.quantity);
      if (quantity === "greater_than_or_equal_to") context.addIssue({ code: "custom", path: ["quantity"], message: quantity, params: { count: 0 } });
      else if (typeof quantity === "string") context.addIssue({ code: "custom", path: ["quantity"], message: quantity });
    })
    .transform((fields) => ({ itemId: countOf(fields.line) as number, quantity: countOf(fields.quantity) as number })),
);
