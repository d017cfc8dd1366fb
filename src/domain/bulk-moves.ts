import type { CarrierCode } from "./carriers.ts";
import type { StaffMove } from "./order-status.ts";

// The back office's bulk moves and long work (issue #35 items 2 and 4, decision 069), shared by the
// server's routes and the back office's pages.

/** The moves the order list offers on selected orders. */
export const BULK_MOVES = ["deposit", "ship"] as const satisfies readonly StaffMove[];
export type BulkMove = (typeof BULK_MOVES)[number];

/** At most this many orders in one bulk request (the issued-data confirm's bound too). */
export const BULK_MAX_ORDERS = 2000;

/**
 * Over this many orders a bulk move (or an issued-data confirm) runs as a job the page follows,
 * instead of one long request.
 */
export const JOB_THRESHOLD = 200;

/** What happened to one selected order: moved now, nothing to do (it already was there), or refused. */
export type BulkRowState = "moved" | "done" | "refused";

export type BulkRefusal =
  "unknown_order" | "not_allowed" | "cancelled" | "pending" | "unpaid" | "no_slip" | "bad_slip" | "duplicate" | "moved_meanwhile" | "shipped_other_slip";

/** One order's line of a bulk move's summary. */
export interface BulkRow {
  order_id: string;
  /** The number as the shopper reads it (7P03-17KD-6CCE); null for an unknown order. */
  order_number: string | null;
  slip_number: string | null;
  state: BulkRowState;
  reason: BulkRefusal | null;
  message: string | null;
}

export interface BulkResult {
  move: BulkMove;
  rows: BulkRow[];
  counts: { moved: number; done: number; refused: number };
}

/** One selected order as a bulk request names it; a shipment also carries its slip number. */
export interface BulkItem {
  id: string;
  slip_number?: string | undefined;
  carrier?: CarrierCode | undefined;
}

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobKind = "bulk_deposit" | "bulk_ship" | "issued_data";

/** A row of a job's result, whichever the kind: the order, its slip, and what happened. */
export interface JobRow {
  order_id: string | null;
  order_number: string | null;
  slip_number: string | null;
  /** moved / done / refused (a bulk move), ship / done / refused (the issued-data confirm: ship is shipped). */
  state: string;
  message: string | null;
}

/** A job as GET /admin/api/jobs/{id} answers it. */
export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  total: number;
  done: number;
  /** Rows by state so far: moved (or shipped), done, refused. */
  counts: { moved: number; done: number; refused: number };
  /** Every worked item's row, once the job is finished (done or failed); empty while it runs. */
  rows: JobRow[];
  error: string | null;
  created_at: string;
  finished_at: string | null;
}
