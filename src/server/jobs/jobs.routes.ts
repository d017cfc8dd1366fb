import type { FastifyInstance } from "fastify";
import { jobAnswer } from "../../domain/answers/jobs.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { staffOnly } from "../http/route-schemas.ts";
import type { JobsService } from "./jobs.service.ts";

/** A job's number; anything else names no job (404). */
const jobParams = z.object({ id: z.string() });

/**
 * A long job's progress and, once finished, its result (decision 069): what the job page reads on
 * every refresh. Any staff member may follow any job: the shop's staff work the same orders.
 */
export function registerJobRoutes(fastify: FastifyInstance, deps: { jobs: JobsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/admin/api/jobs/:id", { ...staffOnly(), schema: { params: jobParams, response: { 200: jobAnswer } } }, async (request, reply) => {
    const id = /^[1-9][0-9]{0,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const job = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await deps.jobs.view(id, request.locale) : undefined;
    if (!job) throw new DomainError("not-found");
    reply.header("cache-control", "private, no-store");
    return { data: job };
  });
}
