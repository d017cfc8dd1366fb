import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { DomainErrorKind } from "../../domain/errors.ts";
import { DomainError } from "../../domain/errors.ts";
import type { MessageKey } from "../i18n/messages.ts";
import { message } from "../i18n/messages.ts";

/** A domain error's kind as an HTTP status: the one place services' errors meet HTTP (decision 032). */
const statusOf: Record<DomainErrorKind, number> = {
  "not-found": 404,
  invalid: 422,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
  "payment-failed": 402,
  // An outside service (the payment gateway) refused or could not be reached; nothing was changed.
  unavailable: 503,
  // Too many attempts (the card-testing defence, decision 064).
  "too-many": 429,
};

/** The message of an error that names none. */
const defaultMessage: Record<DomainErrorKind, MessageKey> = {
  "not-found": "apiNotFound",
  invalid: "invalid",
  conflict: "conflict",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  "payment-failed": "paymentFailed",
  unavailable: "internal",
  "too-many": "rateLimited",
};

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
  app.setErrorHandler((error: FastifyError | DomainError | ZodError, request, reply) => {
    const locale = request.locale;
    if (error instanceof DomainError) {
      return reply.status(statusOf[error.kind]).send({
        errors: error.messages ?? [message(error.messageKey ?? defaultMessage[error.kind], locale)],
        ...(error.fields ? { fields: error.fields } : {}),
      });
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
