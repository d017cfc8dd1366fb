import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { AdjustmentKind } from "../../domain/stock-ledger.ts";
import { ADJUSTMENT_KINDS, LEDGER_QUANTITY_MAX, REASON_MAX, SUPPLIER_TEXT_MAX, UNIT_COST_MAX } from "../../domain/stock-ledger.ts";
import { FormReader } from "../i18n/form-reader.ts";
import { japanToday } from "./catalog.stock.ts";

export interface ReceivingInput {
  receivedOn: string;
  supplierName: string;
  supplierAddress: string;
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
function readPastDate(form: FormReader, body: unknown): string | undefined {
  const raw = (body as Record<string, unknown> | null)?.received_on;
  const value = typeof raw === "string" ? raw.trim() : raw;
  if (value === undefined || value === null || value === "") {
    form.errors.add("received_on", "blank");
    return undefined;
  }
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    form.errors.add("received_on", "invalid");
    return undefined;
  }
  if (value > japanToday()) {
    form.errors.add("received_on", "invalid");
    return undefined;
  }
  return value as string;
}

/** The receiving form (仕入): date, supplier's name and address, bottles and cost per bottle. */
export function readReceivingInput(body: unknown, locale: Locale): ReceivingInput {
  const form = new FormReader(body, locale);
  const receivedOn = readPastDate(form, body);
  const supplierName = form.text("supplier_name", { required: true, max: SUPPLIER_TEXT_MAX });
  const supplierAddress = form.text("supplier_address", { required: true, max: SUPPLIER_TEXT_MAX });
  const quantity = form.integer("quantity", { min: 1, max: LEDGER_QUANTITY_MAX });
  const unitCost = form.integer("unit_cost", { min: 0, max: UNIT_COST_MAX });
  form.finish();
  return { receivedOn: receivedOn!, supplierName: supplierName!, supplierAddress: supplierAddress!, quantity: quantity!, unitCost: unitCost! };
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
