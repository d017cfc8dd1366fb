import type { AdjustmentKind } from "./stock-ledger.ts";
import { ADJUSTMENT_KINDS, LEDGER_QUANTITY_MAX, REASON_MAX, SUPPLIER_TEXT_MAX, UNIT_COST_MAX } from "./stock-ledger.ts";
import { formFields, formObject } from "./field-rules.ts";
import { formChoice, formInteger, formInvoiceNumber, formPastDate, formText } from "./form-fields.ts";
import { RECORD_ID_MAX } from "./input-rules.ts";
import { z } from "./zod.ts";

// The liquor ledger's forms (receivings, adjustments, suppliers, stock-takes): one schema each, the
// route's declared body (decision 075). A body that is not an object reads as an empty form. Rules
// between fields run after the fields' own, also when one of those failed, so one answer names
// every wrong field. Whether a product has the bottles, or a supplier record exists, is the service's.

/**
 * The receiving form (仕入): date, the supplier (a supplier record, or its name and address typed
 * with its registration number if any), bottles and cost per bottle.
 */
export const receivingInputSchema = z.preprocess(
  (body) => formFields(body),
  formObject({
    received_on: formPastDate(),
    supplier_id: formInteger({ min: 1, max: RECORD_ID_MAX, nullable: true }),
    supplier_name: formText({ max: SUPPLIER_TEXT_MAX }),
    supplier_address: formText({ max: SUPPLIER_TEXT_MAX }),
    supplier_invoice_number: formInvoiceNumber({ max: SUPPLIER_TEXT_MAX }),
    quantity: formInteger({ min: 1, max: LEDGER_QUANTITY_MAX }),
    unit_cost: formInteger({ min: 0, max: UNIT_COST_MAX }),
  })
    .superRefine(
      (fields, context) => {
        // A supplier record carries its name and address; a typed supplier needs both.
        if (typeof fields.supplier_id === "number") return;
        for (const field of ["supplier_name", "supplier_address"] as const) {
          if (fields[field] === "") context.addIssue({ code: "custom", path: [field], message: "blank" });
        }
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .transform((fields) => ({
      receivedOn: fields.received_on,
      supplierId: fields.supplier_id,
      supplierName: fields.supplier_name,
      supplierAddress: fields.supplier_address,
      supplierInvoiceNumber: fields.supplier_invoice_number,
      quantity: fields.quantity,
      unitCost: fields.unit_cost,
    })),
);
export type ReceivingInput = z.output<typeof receivingInputSchema>;

/** An adjustment: breakage, tasting, a buyer's return or a stock-take correction, always with a reason. */
export const adjustmentInputSchema = z.preprocess(
  (body) => formFields(body),
  formObject({
    kind: formChoice<AdjustmentKind>(ADJUSTMENT_KINDS),
    // Its least value depends on the kind, checked below.
    quantity: formInteger({ min: Number.MIN_SAFE_INTEGER, max: LEDGER_QUANTITY_MAX }),
    reason: formText({ required: true, max: REASON_MAX }),
  })
    .superRefine(
      (fields, context) => {
        // A stock-take counts what is there (zero included); the others move at least one bottle.
        const least = fields.kind === "correction" ? 0 : 1;
        if (typeof fields.quantity === "number" && fields.quantity < least) {
          context.addIssue({ code: "custom", path: ["quantity"], message: "greater_than_or_equal_to", params: { count: least } });
        }
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .transform((fields) => ({ kind: fields.kind, quantity: fields.quantity, reason: fields.reason })),
);
export type AdjustmentInput = z.output<typeof adjustmentInputSchema>;

/** A supplier record: name and address as the 仕入帳 states them, and its registration number if registered. */
export const supplierInputSchema = z.preprocess(
  (body) => formFields(body),
  formObject({
    supplier_name: formText({ required: true, max: SUPPLIER_TEXT_MAX }),
    supplier_address: formText({ required: true, max: SUPPLIER_TEXT_MAX }),
    invoice_number: formInvoiceNumber({ max: SUPPLIER_TEXT_MAX }),
  }).transform((fields) => ({ name: fields.supplier_name, address: fields.supplier_address, invoiceNumber: fields.invoice_number })),
);
export type SupplierInput = z.output<typeof supplierInputSchema>;

/** A stock-take (実地棚卸し): the day the whole stock was counted, not after today, and a note. */
export const stockTakeInputSchema = z.preprocess(
  (body) => formFields(body),
  formObject({ taken_on: formPastDate(), note: formText({ max: REASON_MAX }) }).transform((fields) => ({ takenOn: fields.taken_on, note: fields.note })),
);
export type StockTakeInput = z.output<typeof stockTakeInputSchema>;
