import type { CarrierCode } from "./carriers.ts";

// The answers of the carrier's issued-data upload (decision 067), shared by the server's routes and
// the back office's page.

/** The label programs whose issued data is read: Yamato B2 Cloud, Sagawa e飛伝Ⅱ, Japan Post ゆうプリR. */
export type IssuedDataLayout = "b2" | "ehiden" | "yupri";

/** What happens to a row on confirm: shipped now, nothing (shipped already with this slip), or refused with a reason. */
export type ImportRowState = "ship" | "done" | "refused";

export const IMPORT_REFUSALS = [
  "no_reference",
  "unknown_order",
  "no_slip",
  "bad_slip",
  "duplicate",
  "cancelled",
  "unpaid",
  "pending",
  "shipped_other_slip",
  "moved",
  "unknown_parcel",
  "preorder_not_arrived",
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/** One row of the preview (and of the confirm's answer), as the back office shows it. */
export interface ImportRow {
  line: number;
  reference: string;
  /** The matched order's public id, or null. */
  order_id: string | null;
  order_number: string | null;
  /** The parcel a `<order>-<n>` reference names (n, 1 for the first; decision 091); null: the whole order. */
  parcel?: number | null;
  slip_number: string;
  carrier: CarrierCode;
  carrier_label: string;
  tracking_url: string | null;
  state: ImportRowState;
  reason: ImportRefusal | null;
  message: string | null;
}

export interface ImportPreview {
  layout: IssuedDataLayout;
  carrier: CarrierCode;
  carrier_label: string;
  rows: ImportRow[];
  counts: { ship: number; done: number; refused: number };
}

/** One parcel to ship, as the preview's confirm posts it back. */
export interface ShipmentToConfirm {
  order_id: string;
  /** One parcel of the order (n of `<order>-<n>`, 1 for the first; decision 091); absent: every parcel not yet gone. */
  parcel?: number;
  slip_number: string;
  carrier: CarrierCode;
  /** The row's line in the file, as the preview numbered it (the result numbers its rows the same). */
  line?: number;
}

export interface ImportResult {
  rows: ImportRow[];
  counts: { shipped: number; done: number; refused: number };
}
