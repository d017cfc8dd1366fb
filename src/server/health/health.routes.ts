import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import { message } from "../i18n/messages.ts";

/** Load balancers and uptime checks call /healthz: 200 while the database answers, 503 when not. */
export function registerHealthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle }): void {
  app.get("/healthz", { logLevel: "warn" }, async (request, reply) => {
    try {
      await deps.database.ping();
      return { status: "ok", database: deps.database.driver };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply.status(503).send({ status: "unavailable", errors: [message("databaseUnavailable", request.locale)] });
    }
  });
}
