import type { BulkItem } from "./bulk-moves.ts";
import { BULK_MAX_ORDERS, BULK_MOVES } from "./bulk-moves.ts";
import { isCarrierCode } from "./carriers.ts";
import { formFields } from "./field-rules.ts";
import type { Locale } from "./locale.ts";
import { z } from "./zod.ts";

// The order list's bulk move as POST /admin/api/orders/bulk takes it (decision 069): its declared
// body (decision 075). Its refusal is one sentence about the whole selection, not a message per
// field: a failed rule's message is a key of BULK_MOVE_PROBLEMS, which holds its ja/en text.

/** Longer than any order's public id. */
const ORDER_ID_MAX = 40;
/** Longer than any carrier's slip number; the move itself checks its shape per order. */
const SLIP_TEXT_MAX = 200;

export const BULK_MOVE_PROBLEMS = {
  move: { ja: "一括処理の種類を選んでください。", en: "Choose what to do with the selected orders." },
  orders: { ja: "注文を1件以上選んでください。", en: "Select at least one order." },
  many: {
    ja: `一度に処理できるのは${BULK_MAX_ORDERS.toLocaleString("ja-JP")}件までです。`,
    en: `At most ${BULK_MAX_ORDERS.toLocaleString("en-US")} orders can be done at once.`,
  },
  item: {
    ja: "選んだ注文の指定が正しくありません。一覧からもう一度選んでください。",
    en: "The selected orders are not valid. Select them again from the list.",
  },
} satisfies Record<string, Record<Locale, string>>;

type Problem = keyof typeof BULK_MOVE_PROBLEMS;

/** One selected order: its id (a deposit), or `{ id, slip_number, carrier }` (a shipment); undefined when it is neither. */
function bulkItemOf(entry: unknown): BulkItem | undefined {
  if (typeof entry === "string") return entry.trim() && entry.length <= ORDER_ID_MAX ? { id: entry.trim() } : undefined;
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return undefined;
  const { id, slip_number: slip, carrier } = entry as Record<string, unknown>;
  if (typeof id !== "string" || !id.trim() || id.length > ORDER_ID_MAX) return undefined;
  if (slip !== undefined && slip !== null && (typeof slip !== "string" || slip.length > SLIP_TEXT_MAX)) return undefined;
  const code = carrier === undefined || carrier === null || carrier === "" ? undefined : carrier;
  if (code !== undefined && !isCarrierCode(code)) return undefined;
  return { id: id.trim(), slip_number: typeof slip === "string" ? slip : undefined, carrier: code };
}

const problem = (key: Problem) => ({ error: key });

/**
 * `{ move: deposit|ship, orders }`: the move first (a body that is not a form has none), then the
 * selection — at least one order, at most BULK_MAX_ORDERS, each an order id or a shipment.
 */
export const bulkMoveSchema = z.preprocess(
  (body) => formFields(body),
  z.object({
    move: z.enum(BULK_MOVES, problem("move")),
    orders: z
      .array(z.unknown(), problem("orders"))
      .min(1, problem("orders"))
      .max(BULK_MAX_ORDERS, problem("many"))
      .transform((list, context): BulkItem[] => {
        const items = list.map(bulkItemOf);
        if (items.every((item) => item !== undefined)) return items as BulkItem[];
        context.addIssue({ code: "custom", message: "item" satisfies Problem });
        return z.NEVER;
      }),
  }),
);
