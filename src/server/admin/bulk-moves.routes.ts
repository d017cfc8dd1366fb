import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { BulkItem, BulkMove } from "../../domain/bulk-moves.ts";
import { BULK_MAX_ORDERS, BULK_MOVES } from "../../domain/bulk-moves.ts";
import { isCarrierCode } from "../../domain/carriers.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { formBody, KEYED_WRITE, staffOnly } from "../http/route-schemas.ts";
import type { JobsService } from "../jobs/jobs.service.ts";
import { staffActor } from "../orders/order-moves.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { BulkMovesService } from "./bulk-moves.service.ts";

export const BULK_PATH = `${ADMIN_API}/orders/bulk`;

const PROBLEMS = {
  move: { ja: "一括処理の種類を選んでください。", en: "Choose what to do with the selected orders." },
  orders: { ja: "注文を1件以上選んでください。", en: "Select at least one order." },
  many: { ja: `一度に処理できるのは${BULK_MAX_ORDERS.toLocaleString("ja-JP")}件までです。`, en: `At most ${BULK_MAX_ORDERS.toLocaleString("en-US")} orders can be done at once.` },
  item: { ja: "選んだ注文の指定が正しくありません。一覧からもう一度選んでください。", en: "The selected orders are not valid. Select them again from the list." },
} satisfies Record<string, Record<Locale, string>>;

function refused(problem: keyof typeof PROBLEMS, locale: Locale): DomainError {
  return new DomainError("invalid", undefined, undefined, [PROBLEMS[problem][locale]]);
}

/** `orders`: order ids (or numbers), or `{ id, slip_number, carrier }` for shipments; each checked, 422 naming the problem. */
function itemsOf(body: Record<string, unknown>, locale: Locale): BulkItem[] {
  const list = body.orders;
  if (!Array.isArray(list) || list.length === 0) throw refused("orders", locale);
  if (list.length > BULK_MAX_ORDERS) throw refused("many", locale);
  return (list as unknown[]).map((entry) => {
    if (typeof entry === "string" && entry.trim() && entry.length <= 40) return { id: entry.trim() };
    if (entry === null || typeof entry !== "object") throw refused("item", locale);
    const { id, slip_number: slip, carrier } = entry as Record<string, unknown>;
    if (typeof id !== "string" || !id.trim() || id.length > 40) throw refused("item", locale);
    if (slip !== undefined && slip !== null && (typeof slip !== "string" || slip.length > 200)) throw refused("item", locale);
    const code = carrier === undefined || carrier === null || carrier === "" ? undefined : carrier;
    if (code !== undefined && !isCarrierCode(code)) throw refused("item", locale);
    return { id: id.trim(), slip_number: typeof slip === "string" ? slip : undefined, carrier: code };
  });
}

/**
 * The order list's bulk moves (decision 069): POST …/orders/bulk `{ move: deposit|ship, orders }`
 * moves each selected order in its own transaction and answers the summary; over the jobs'
 * threshold it answers 202 with the job the page follows. An Idempotency-Key as every back-office
 * move: a resend answers the first answer (the summary, or the same job).
 */
export function registerBulkMoveRoutes(fastify: FastifyInstance, deps: { bulkMoves: BulkMovesService; jobs: JobsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(BULK_PATH, { ...staffOnly(), config: KEYED_WRITE, schema: { body: formBody } }, async (request, reply) => {
    const { locale } = request;
    const move = request.body.move;
    if (typeof move !== "string" || !(BULK_MOVES as readonly string[]).includes(move)) throw refused("move", locale);
    const items = itemsOf(request.body, locale);
    const staff = requireStaff(request);
    if (deps.jobs.isLong(items.length)) {
      const job = await deps.jobs.enqueue(move === "ship" ? "bulk_ship" : "bulk_deposit", items, staff.id, locale);
      return reply.code(202).send({ data: { job } });
    }
    return { data: await deps.bulkMoves.run(move as BulkMove, items, locale, staffActor(staff.id)) };
  });
}
