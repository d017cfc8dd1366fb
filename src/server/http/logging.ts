import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/**
 * Structured JSON logs (pino) with no personal data: requests are logged by method and path only
 * (no query string, no IP, no cookies), and credentials are redacted wherever they appear.
 */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-csrf-token"]', "*.password", "*.email"],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        path: request.url.split("?")[0],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
