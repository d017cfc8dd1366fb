import type { FastifyRequest, FastifySchemaValidationError } from "fastify";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { fieldMessages, fieldProblems } from "../../domain/field-messages.ts";
import { recordIdSchema } from "../../domain/input-rules.ts";
import type { Locale } from "../../domain/locale.ts";
import type { StaffRole } from "../../domain/staff.ts";
import type { FieldLabels } from "../i18n/labelled-field-errors.ts";
import { attributeName, isValidatedAttribute } from "../i18n/validation.ts";
import { requireStaff, requireUser } from "./auth.ts";

/**
 * Pieces of route declarations shared by route groups (decision 029): input is declared on the
 * route as zod schemas (fastify-type-provider-zod validates it before the handler runs, and types
 * `request.params`/`query`/`body` from it), so a handler only calls the service.
 */

/** `:id` of a record: a database id, or the path names nothing (a 404, as an unknown id is). */
/** The shop's API: answered in the visitor's language, or under /ja and /en in that one (app.ts adds /admin/api for API_PREFIXES). */
export const SHOP_API_PREFIXES = ["/api", "/ja/api", "/en/api"] as const;

export const recordIdParams = z.object({ id: recordIdSchema });

/** A query-string value as sent (a mail link's token, a switch compared as it is); "" when missing or repeated. */
export const queryValue = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/** A query-string value, trimmed; "" when missing or repeated (a list narrows nothing). */
export const queryText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/** A search box's text: trimmed and cut at 100 characters (it only narrows a list); undefined when empty. */
export const searchText = queryText.transform((value) => value.slice(0, 100) || undefined);

/** ?page= from 1; anything else (missing, 0, text, repeated) is page 1, as a first load asks. */
export const pageQuery = queryText.pipe(z.coerce.number<string>().int().min(1).max(100_000)).catch(1);

/**
 * A back-office write that changes stock, the liquor ledger or money, sends mail, or creates a
 * record (a resend would make two): it carries an Idempotency-Key, so a resent request answers the
 * first result and books nothing (decision 049). Edits and deletions that replace or remove a
 * whole record are safe to repeat and take none.
 */
export const KEYED_WRITE = { requestKey: "required" } as const;

/**
 * A shopper's write of the contract's calls that a resend would book twice: an Idempotency-Key is taken
 * when sent (the shop's pages send one) but not required, as the calls are documented without it.
 */
export const OPTIONALLY_KEYED_WRITE = { requestKey: "optional" } as const;

/**
 * Declared input is checked before the handler, so who may call the route is checked before that
 * (preValidation): a stranger learns nothing from which ids or fields are valid.
 */
export function staffOnly(role: StaffRole = "staff") {
  return {
    preValidation: async (request: FastifyRequest) => {
      requireStaff(request, role);
    },
  };
}

/** The signed-in member's routes: a shopper without a session gets 401 before any input is read. */
export function memberOnly() {
  return {
    preValidation: async (request: FastifyRequest) => {
      requireUser(request);
    },
  };
}

/** One failed check of a declared schema, as zod reported it. */
export interface SchemaIssue {
  code: string;
  path: string[];
  message: string;
  /** The issue's details (zod's `maximum`, `expected`, `input` when reported, …). */
  [detail: string]: unknown;
}

/**
 * The zod issues behind an attached validation error (`attachValidation`), for a route whose answer
 * names fields the contract's way rather than the general 400. fastify-type-provider-zod hands each zod
 * issue over as a Fastify validation entry: its code as `keyword`, its path as `instancePath`, the
 * rest of it as `params`.
 */
export function schemaIssuesOf(error: { validation: FastifySchemaValidationError[] }): SchemaIssue[] {
  return error.validation.map((entry) => ({
    ...entry.params,
    code: entry.keyword,
    path: entry.instancePath.split("/").slice(1),
    message: entry.message ?? "",
  }));
}

/**
 * A form's input declared with its schema from src/domain, the one the page checks before it sends
 * (decision 075). The failure is attached rather than answered as the general 400, so the handler
 * checks who may write first (a request key, a record that exists) and then takes the body through
 * `checkedBody`, which answers the 422 naming each field.
 */
export function formSchema<S extends { body: z.ZodType; params?: z.ZodType; querystring?: z.ZodType; response?: Record<number, z.ZodType> }>(schema: S) {
  return { schema, attachValidation: true } as const;
}

/**
 * The body of a route declared with `formSchema`, or the 422 of its schema's failure: each field's
 * first problem, worded with the field's label (`labels`, else the shop's attribute name) in the
 * visitor's language. Its `errors` list every message, or (`summary: "general"`, the contract's
 * PUT /api/address) only the general "入力内容に誤りがあります。". Params or a query that failed answer
 * as undeclared input does (404, 400).
 */
export function checkedBody<B>(
  request: { body: B; locale: Locale; validationError?: Error & { validation: FastifySchemaValidationError[]; validationContext?: string } },
  labels: FieldLabels = {},
  options: { summary?: "each" | "general" } = {},
): B {
  const failure = request.validationError;
  if (!failure) return request.body;
  if (failure.validationContext !== "body") throw failure;
  const labelOf = (field: string) => labels[field]?.[request.locale] ?? (isValidatedAttribute(field) ? attributeName(field, request.locale) : field);
  const fields = fieldMessages(fieldProblems(schemaIssuesOf(failure)), labelOf, request.locale);
  throw new DomainError("invalid", undefined, fields, options.summary === "general" ? undefined : Object.values(fields).flat());
}

/**
 * The body of a route declared with `formSchema` whose refusal is one sentence about the whole form
 * rather than a message per field (a bulk move's selection, the issued-data upload): the schema's
 * failed rule names a key of `problems`, the domain's ja/en texts, and the 422's `errors` is that
 * text. A rule that names no key (none should) answers the general invalid message.
 */
export function checkedBodyOrProblem<B>(
  request: { body: B; locale: Locale; validationError?: Error & { validation: FastifySchemaValidationError[]; validationContext?: string } },
  problems: Record<string, Record<Locale, string>>,
): B {
  const failure = request.validationError;
  if (!failure) return request.body;
  if (failure.validationContext !== "body") throw failure;
  const text = schemaIssuesOf(failure)
    .map((issue) => problems[issue.message]?.[request.locale])
    .find((each) => each !== undefined);
  throw new DomainError("invalid", undefined, undefined, text === undefined ? undefined : [text]);
}
