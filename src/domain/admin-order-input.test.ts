import { describe, expect, it } from "vitest";
import { adjustmentInputSchema, partialCancelInputSchema, shipInputSchema, slipInputSchema } from "./admin-order-input.ts";
import { fieldProblems } from "./field-messages.ts";

function problems(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Parameters<typeof fieldProblems>[0] } } }, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldProblems(parsed.error!.issues);
}

describe("the back office's order schemas", () => {
  it("ship: a slip number (blank, at most 40, digits letters hyphens) and a known carrier, yamato when none", () => {
    expect(shipInputSchema.parse({ slip_number: " 1234-5678 " })).toEqual({ slip_number: "1234-5678", carrier: "yamato" });
    expect(problems(shipInputSchema, 42)).toEqual({ slip_number: { kind: "blank" } });
    expect(problems(shipInputSchema, { slip_number: "1".repeat(41), carrier: "ufo" })).toEqual({
      slip_number: { kind: "too_long", count: 40 },
      carrier: { kind: "inclusion" },
    });
    expect(problems(shipInputSchema, { slip_number: "12 34" })).toEqual({ slip_number: { kind: "invalid" } });
  });

  it("slip: the shipment's fields and notify as JSON or a checkbox", () => {
    expect(slipInputSchema.parse({ slip_number: "1", carrier: "sagawa", notify: "on" })).toEqual({ slip_number: "1", carrier: "sagawa", notify: true });
    expect(slipInputSchema.parse({ slip_number: "1" }).notify).toBe(false);
    expect(problems(slipInputSchema, { slip_number: "1", notify: "maybe" })).toEqual({ notify: { kind: "inclusion" } });
  });

  it("adjustment: every wrong field at once, in the form's order; the amount's rules depend on the kind", () => {
    expect(adjustmentInputSchema.parse({ kind: "discount", amount_before_tax: "−500", tax_rate: "10" })).toEqual({
      kind: "discount",
      label_ja: "",
      label_en: "",
      amount: -500,
      taxRate: 10,
    });
    const bad = problems(adjustmentInputSchema, { kind: "coupon", amount_before_tax: "abc", tax_rate: 0, label_ja: "あ".repeat(41) });
    expect(Object.entries(bad)).toEqual([
      ["kind", { kind: "inclusion" }],
      ["label_ja", { kind: "too_long", count: 40 }],
      ["amount_before_tax", { kind: "not_a_number" }],
      ["tax_rate", { kind: "inclusion" }],
    ]);
    expect(problems(adjustmentInputSchema, { kind: "discount", amount_before_tax: 500, tax_rate: 10 })).toEqual({
      amount_before_tax: { kind: "less_than", count: 0 },
    });
    expect(problems(adjustmentInputSchema, { kind: "correction", amount_before_tax: 0, tax_rate: "apportioned" })).toEqual({
      amount_before_tax: { kind: "invalid" },
    });
    expect(problems(adjustmentInputSchema, { kind: "correction", amount_before_tax: 1.5, tax_rate: 8 })).toEqual({
      amount_before_tax: { kind: "not_an_integer" },
    });
  });

  it("partial cancellation: a line id and the bottles it keeps, from JSON or a form (full-width digits too); 0 removes", () => {
    expect(partialCancelInputSchema.parse({ line: "12", quantity: "２" })).toEqual({ itemId: 12, quantity: 2 });
    expect(partialCancelInputSchema.parse({ line: 12, quantity: 0 })).toEqual({ itemId: 12, quantity: 0 });
    expect(problems(partialCancelInputSchema, {})).toEqual({ line: { kind: "invalid" }, quantity: { kind: "blank" } });
    expect(problems(partialCancelInputSchema, { line: 0, quantity: "-1" })).toEqual({
      line: { kind: "invalid" },
      quantity: { kind: "greater_than_or_equal_to", count: 0 },
    });
    expect(problems(partialCancelInputSchema, { line: 3, quantity: "1.5" })).toEqual({ quantity: { kind: "not_an_integer" } });
  });
});
