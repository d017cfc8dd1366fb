import type { FastifyInstance } from "fastify";
import { bulkResultAnswer, jobQueuedAnswer } from "../../domain/answers/jobs.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BULK_MOVE_PROBLEMS, bulkMoveSchema } from "../../domain/bulk-move-input.ts";
import { requireStaff } from "../http/auth.ts";
import { KEYED_WRITE, checkedBodyOrProblem, formSchema, staffOnly } from "../http/route-schemas.ts";
import type { JobsService } from "../jobs/jobs.service.ts";
import { staffActor } from "../orders/order-moves.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { BulkMovesService } from "./bulk-moves.service.ts";

export const BULK_PATH = `${ADMIN_API}/orders/bulk`;

/**
 * The order list's bulk moves (decision 069): POST …/orders/bulk `{ move: deposit|ship, orders }`
 * (its schema: domain/bulk-move-input.ts, a 422 naming the problem) moves each selected order in
 * its own transaction and answers the summary; over the jobs' threshold it answers 202 with the job
 * the page follows. An Idempotency-Key as every back-office move: a resend answers the first answer
 * (the summary, or the same job).
 */
export function registerBulkMoveRoutes(fastify: FastifyInstance, deps: { bulkMoves: BulkMovesService; jobs: JobsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    BULK_PATH,
    { ...staffOnly(), config: KEYED_WRITE, ...formSchema({ body: bulkMoveSchema, response: { 200: bulkResultAnswer, 202: jobQueuedAnswer } }) },
    async (request, reply) => {
      const { locale } = request;
      const { move, orders: items } = checkedBodyOrProblem(request, BULK_MOVE_PROBLEMS);
      const staff = requireStaff(request);
      if (deps.jobs.isLong(items.length)) {
        const job = await deps.jobs.enqueue(move === "ship" ? "bulk_ship" : "bulk_deposit", items, staff.id, locale);
        return reply.code(202).send({ data: { job } });
      }
      return { data: await deps.bulkMoves.run(move, items, locale, staffActor(staff.id)) };
    },
  );
}
