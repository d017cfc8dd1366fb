import { isInvoiceNumber, normaliseInvoiceNumber } from "../../domain/invoice-registration.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { AdjustmentKind } from "../../domain/stock-ledger.ts";
import { ADJUSTMENT_KINDS, LEDGER_QUANTITY_MAX, REASON_MAX, SUPPLIER_TEXT_MAX, UNIT_COST_MAX } from "../../domain/stock-ledger.ts";
import { FormReader } from "../i18n/form-reader.ts";
import { japanToday } from "./catalog.stock.ts";

export interface ReceivingInput {
  receivedOn: string;
  /** A supplier record; its name, address and registration number then replace the typed ones. */
  supplierId: number | null;
  supplierName: string;
  supplierAddress: string;
  /** "T" + 13 digits, or null when the supplier is not registered (or not stated). */
  supplierInvoiceNumber: string | null;
  quantity: number;
  unitCost: number;
}

export interface AdjustmentInput {
  kind: AdjustmentKind;
  /** Bottles broken, tasted or returned; for a stock-take correction, the bottles counted. */
  quantity: number;
  reason: string;
}

/** A business date typed as yyyy-mm-dd that exists and is not after today in Japan. */
function readPastDate(form: FormReader, body: unknown, name: "received_on" | "taken_on" = "received_on"): string | undefined {
  const raw = (body as Record<string, unknown> | null)?.[name];
  const value = typeof raw === "string" ? raw.trim() : raw;
  if (value === undefined || value === null || value === "") {
    form.errors.add(name, "blank");
    return undefined;
  }
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    form.errors.add(name, "invalid");
    return undefined;
  }
  if (value > japanToday()) {
    form.errors.add(name, "invalid");
    return undefined;
  }
  return value as string;
}

/** An invoice registration number typed in `name`: empty is null, otherwise "T" + 13 digits (full-width and hyphens accepted). */
export function readInvoiceNumber(form: FormReader, name: "invoice_number" | "supplier_invoice_number"): string | null | undefined {
  const typed = form.text(name, { max: SUPPLIER_TEXT_MAX });
  if (typed === undefined || typed === "") return typed === "" ? null : undefined;
  const number = normaliseInvoiceNumber(typed);
  if (!isInvoiceNumber(number)) {
    form.errors.addText(name, INVOICE_NUMBER_MESSAGE[form.locale](name));
    return undefined;
  }
  return number;
}

const INVOICE_NUMBER_MESSAGE: Record<Locale, (name: "invoice_number" | "supplier_invoice_number") => string> = {
  ja: (name) => `${name === "invoice_number" ? "登録番号" : "仕入先の登録番号"}は「T」と13桁の数字で入力してください(例: T1234567890123)`,
  en: (name) => `${name === "invoice_number" ? "Registration number" : "Supplier's registration number"} must be "T" and 13 digits (e.g. T1234567890123)`,
};

/**
 * The receiving form (仕入): date, the supplier (a supplier record, or its name and address typed
 * with its registration number if any), bottles and cost per bottle.
 */
export function readReceivingInput(body: unknown, locale: Locale): ReceivingInput {
  const form = new FormReader(body, locale);
  const receivedOn = readPastDate(form, body);
  const supplierId = form.integer("supplier_id", { min: 1, max: 2_147_483_647, nullable: true });
  const fromRecord = supplierId !== null && supplierId !== undefined;
  const supplierName = form.text("supplier_name", { required: !fromRecord, max: SUPPLIER_TEXT_MAX });
  const supplierAddress = form.text("supplier_address", { required: !fromRecord, max: SUPPLIER_TEXT_MAX });
  const supplierInvoiceNumber = readInvoiceNumber(form, "supplier_invoice_number");
  const quantity = form.integer("quantity", { min: 1, max: LEDGER_QUANTITY_MAX });
  const unitCost = form.integer("unit_cost", { min: 0, max: UNIT_COST_MAX });
  form.finish();
  return {
    receivedOn: receivedOn!,
    supplierId: supplierId ?? null,
    supplierName: supplierName!,
    supplierAddress: supplierAddress!,
    supplierInvoiceNumber: supplierInvoiceNumber ?? null,
    quantity: quantity!,
    unitCost: unitCost!,
  };
}

export interface SupplierInput {
  name: string;
  address: string;
  invoiceNumber: string | null;
}

/** A supplier record: name and address as the 仕入帳 states them, and its registration number if registered. */
export function readSupplierInput(body: unknown, locale: Locale): SupplierInput {
  const form = new FormReader(body, locale);
  const name = form.text("supplier_name", { required: true, max: SUPPLIER_TEXT_MAX });
  const address = form.text("supplier_address", { required: true, max: SUPPLIER_TEXT_MAX });
  const invoiceNumber = readInvoiceNumber(form, "invoice_number");
  form.finish();
  return { name: name!, address: address!, invoiceNumber: invoiceNumber ?? null };
}

export interface StockTakeInput {
  takenOn: string;
  note: string;
}

/** A stock-take (実地棚卸し): the day the whole stock was counted, not after today, and a note. */
export function readStockTakeInput(body: unknown, locale: Locale): StockTakeInput {
  const form = new FormReader(body, locale);
  const takenOn = readPastDate(form, body, "taken_on");
  const note = form.text("note", { max: REASON_MAX });
  form.finish();
  return { takenOn: takenOn!, note: note ?? "" };
}

/** An adjustment: breakage, tasting, a buyer's return or a stock-take correction, always with a reason. */
export function readAdjustmentInput(body: unknown, locale: Locale): AdjustmentInput {
  const form = new FormReader(body, locale);
  const kind = form.oneOf("kind", ADJUSTMENT_KINDS, {});
  // A stock-take counts what is there (zero included); the others move at least one bottle.
  const quantity = form.integer("quantity", { min: kind === "correction" ? 0 : 1, max: LEDGER_QUANTITY_MAX });
  const reason = form.text("reason", { required: true, max: REASON_MAX });
  form.finish();
  return { kind: kind!, quantity: quantity!, reason: reason! };
}
