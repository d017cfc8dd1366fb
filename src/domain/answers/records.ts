import { z } from "../zod.ts";
import { countedPageOfSchema } from "./common.ts";

/** The back office's records: the staff audit log (decision 065) and the electronic transaction records (decision 062). */

const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staff_id: z.number().nullable(),
  staff_email: z.string().nullable(),
  staff_role: z.string().nullable(),
  action: z.string(),
  target_kind: z.string().nullable(),
  target_id: z.string().nullable(),
  outcome: z.enum(["success", "failure"]),
  method: z.string(),
  route: z.string(),
  status: z.number(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string(),
  user_agent: z.string().nullable(),
  /** The action's and the target kind's names in the request's language. */
  action_label: z.string(),
  target_kind_label: z.string().nullable(),
});
/** One entry as the audit log keeps it; the route adds the labels in the request's language. */
export type AuditEntry = Omit<z.output<typeof auditEntrySchema>, "action_label" | "target_kind_label">;
/** GET /admin/api/audit_log?staff_id=&action=&from=&to=&page=: a page of entries, newest first. */
export const auditLogAnswer = countedPageOfSchema(auditEntrySchema);

const transactionRecordSchema = z.object({
  id: z.number(),
  kind: z.string(),
  kind_label: z.string(),
  transaction_date: z.string(),
  amount: z.number(),
  counterparty: z.string(),
  order_ref: z.string().nullable(),
  content_type: z.string(),
  file_name: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_at: z.string(),
});
/** GET /admin/api/transaction-records: a page of records found, and every kind with its name for the search form. */
export const transactionRecordsAnswer = z.object({
  data: z.array(transactionRecordSchema),
  meta: z.object({ total: z.number(), page: z.number(), page_size: z.number() }),
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
