import type { BulkResult, JobView } from "../bulk-moves.ts";
import { BULK_MOVES, JOB_STATES } from "../bulk-moves.ts";
import { CARRIER_CODES } from "../carriers.ts";
import { IMPORT_REFUSALS, type ImportPreview, type ImportResult, type ImportRow } from "../issued-data-import.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/** Long back-office work (decision 069): a job's progress, and the bulk moves that run now or as a job. */

const countsSchema = z.object({ moved: z.number(), done: z.number(), refused: z.number() });

export const jobSchema = z.object({
  id: z.number(),
  kind: z.enum(["bulk_deposit", "bulk_ship", "issued_data"]),
  state: z.enum(JOB_STATES),
  total: z.number(),
  done: z.number(),
  counts: countsSchema,
  // A bulk move's rows (BulkRow) or an issued-data confirm's (ImportRow): the longer one first, so neither loses a key.
  rows: z.array(
    z.union([
      z.object({
        line: z.number(),
        reference: z.string(),
        parcel: z.number().nullable().optional(),
        order_id: z.string().nullable(),
        order_number: z.string().nullable(),
        slip_number: z.string(),
        carrier: z.string(),
        carrier_label: z.string(),
        tracking_url: z.string().nullable(),
        state: z.string(),
        reason: z.string().nullable(),
        message: z.string().nullable(),
      }),
      z.object({
        order_id: z.string().nullable(),
        order_number: z.string().nullable(),
        slip_number: z.string().nullable(),
        state: z.string(),
        reason: z.string().nullable().optional(),
        message: z.string().nullable(),
      }),
    ]),
  ),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export const jobMatches: SameShape<z.output<typeof jobSchema>, JobView> = true;
/** GET /admin/api/jobs/{id}. */
export const jobAnswer = dataOf(jobSchema);
/** 202 of a long bulk move or issued-data confirm: the job that does it. */
export const jobQueuedAnswer = dataOf(z.object({ job: jobSchema }));

const bulkResultSchema = z.object({
  move: z.enum(BULK_MOVES),
  rows: z.array(
    z.object({
      order_id: z.string(),
      order_number: z.string().nullable(),
      slip_number: z.string().nullable(),
      state: z.enum(["moved", "done", "refused"]),
      reason: z
        .enum(["unknown_order", "not_allowed", "cancelled", "pending", "unpaid", "no_slip", "bad_slip", "duplicate", "moved_meanwhile", "shipped_other_slip"])
        .nullable(),
      message: z.string().nullable(),
    }),
  ),
  counts: countsSchema,
});
export const bulkResultMatches: SameShape<z.output<typeof bulkResultSchema>, BulkResult> = true;
/** 200 of POST /admin/api/orders/bulk: each order's outcome. */
export const bulkResultAnswer = dataOf(bulkResultSchema);

const importRowSchema = z.object({
  line: z.number(),
  reference: z.string(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  parcel: z.number().nullable().optional(),
  slip_number: z.string(),
  carrier: z.enum(CARRIER_CODES),
  carrier_label: z.string(),
  tracking_url: z.string().nullable(),
  state: z.enum(["ship", "done", "refused"]),
  reason: z.enum(IMPORT_REFUSALS).nullable(),
  message: z.string().nullable(),
});
export const importRowMatches: SameShape<z.output<typeof importRowSchema>, ImportRow> = true;

const importPreviewSchema = z.object({
  layout: z.enum(["b2", "ehiden", "yupri"]),
  carrier: z.enum(CARRIER_CODES),
  carrier_label: z.string(),
  rows: z.array(importRowSchema),
  counts: z.object({ ship: z.number(), done: z.number(), refused: z.number() }),
});
export const importPreviewMatches: SameShape<z.output<typeof importPreviewSchema>, ImportPreview> = true;
/** 200 of POST /admin/api/shipments/issued-data/preview: what each row of the carrier's file would do (decision 067). */
export const issuedDataPreviewAnswer = dataOf(importPreviewSchema);

const importResultSchema = z.object({
  rows: z.array(importRowSchema),
  counts: z.object({ shipped: z.number(), done: z.number(), refused: z.number() }),
});
export const importResultMatches: SameShape<z.output<typeof importResultSchema>, ImportResult> = true;
/** 200 of POST /admin/api/shipments/issued-data: each row's outcome (202, a job, when long: `jobQueuedAnswer`). */
export const issuedDataResultAnswer = dataOf(importResultSchema);
