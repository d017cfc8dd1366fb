import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";
import { errorForLog } from "../logs/error-log.ts";

/**
 * Structured JSON logs (pino) with no personal data: requests are logged by method and path only
 * (no query string, no IP, no cookies), credentials are redacted wherever they appear, and errors
 * are described without the values of a failed query (error-log.ts).
 */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-csrf-token"]',
        "*.password",
        "*.email",
        "smtpUrl",
        "*.smtpUrl",
        // Payments: Stripe's keys (the config's `stripe` block), webhook signatures and client secrets.
        "stripe",
        "*.stripe",
        "*.secretKey",
        "*.webhookSecret",
        'req.headers["stripe-signature"]',
        "*.clientSecret",
        "*.client_secret",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        path: request.url.split("?")[0],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      // Every `{ err }` logged anywhere (error handler, sweeps, workers): no query values, no detail.
      err: (error: unknown) => errorForLog(error),
    },
  };
}

/** One line per finished request: method, path (no query), status and time; errors log at warn. */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const entry = {
      method: request.method,
      path: request.url.split("?")[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.warn(entry, "request failed");
    else request.log.info(entry, "request");
  });
}
