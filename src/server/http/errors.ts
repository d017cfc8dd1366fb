import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { MessageKey } from "../i18n/messages.ts";
import { message } from "../i18n/messages.ts";

export type ErrorKind = "not-found" | "invalid" | "conflict" | "unauthorized" | "forbidden" | "payment-failed" | "unavailable";

const statusOf: Record<ErrorKind, number> = {
  "not-found": 404,
  invalid: 422,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
  "payment-failed": 402,
  // An outside service (the payment gateway) refused or could not be reached; nothing was changed.
  unavailable: 503,
};

const defaultMessage: Record<ErrorKind, MessageKey> = {
  "not-found": "apiNotFound",
  invalid: "invalid",
  conflict: "conflict",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  "payment-failed": "paymentFailed",
  unavailable: "internal",
};

/** The one error type services throw; the error handler maps its kind to an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly messageKey: MessageKey = defaultMessage[kind],
    /** Per-field messages for 422 answers. */
    readonly fields?: Record<string, string[]>,
    /** Already translated messages that replace the one of `messageKey` (spec §8 errors lists). */
    readonly messages?: string[],
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

/** A 422 carrying every field message: `errors` lists them all, `fields` groups them per field. */
export function validationFailed(errors: { fields: Record<string, string[]>; list(): string[] }): AppError {
  return new AppError("invalid", "invalid", errors.fields, errors.list());
}

/**
 * PostgreSQL's answers to a value it cannot take (SQLSTATE class 22: NUL or an invalid byte sequence,
 * a number out of the column's range, text that is no number or date; 54000: a value too large for
 * an index). The input checks keep such values out; this is the net under them, so a value they
 * missed is the visitor's 400, not a 500. Drizzle wraps the driver's error: the code is on a cause.
 */
const BAD_VALUE_CODES = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05", "54000"]);

function databaseRefusalCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && BAD_VALUE_CODES.has(code)) return code;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      return reply
        .status(statusOf[error.kind])
        .send({ errors: error.messages ?? [message(error.messageKey, locale)], ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ errors: [message("invalid", locale)] });
    }
    // Declared route input that did not pass its schema (decision 029): a path naming no record is
    // a 404, as an unknown id is; other input the visitor's 400.
    if ("validation" in error && error.validation) {
      if (error.validationContext === "params") return reply.status(404).send({ errors: [message("apiNotFound", locale)] });
      return reply.status(400).send({ errors: [message("invalid", locale)] });
    }
    const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send({ errors: [message("rateLimited", locale)] });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ errors: [message(status === 404 ? "apiNotFound" : "invalid", locale)] });
    }
    const refusal = databaseRefusalCode(error);
    if (refusal) {
      // The code only: the failed query's parameters are the visitor's input (no personal data in logs).
      request.log.warn({ sqlState: refusal, route: request.routeOptions.url }, "the database refused a value the input checks let through");
      return reply.status(400).send({ errors: [message("invalid", locale)] });
    }
    request.log.error({ err: error }, "request failed");
    // A 5xx never shows internals.
    return reply.status(500).send({ errors: [message("internal", locale)] });
  });
}
