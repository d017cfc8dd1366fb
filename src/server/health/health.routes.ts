import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client.ts";
import { sendRefusal } from "../http/response-schemas.ts";
import { message } from "../i18n/messages.ts";

/** 200 of /healthz: the database answers, and which one it is. */
const healthAnswer = z.object({ status: z.literal("ok"), database: z.string() });

/** Load balancers and uptime checks call /healthz: 200 while the database answers, 503 when not. */
export function registerHealthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle }): void {
  app.get("/healthz", { logLevel: "warn", schema: { response: { 200: healthAnswer } } }, async (request, reply) => {
    try {
      await deps.database.ping();
      return { status: "ok", database: deps.database.driver };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return sendRefusal(reply, 503, { status: "unavailable", errors: [message("databaseUnavailable", request.locale)] });
    }
  });
}
