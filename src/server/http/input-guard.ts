import type { FastifyInstance } from "fastify";
import { INVALID_CHARACTERS, hasForbiddenCharacters } from "../../domain/input-rules.ts";
import { message } from "../i18n/messages.ts";
import { fullValidationMessage, isValidatedAttribute } from "../i18n/validation.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's own schema refuses such text in every field it reads (the shared blocks of
     * domain/input-rules.ts) and answers with the field keys its page reads: the guard stays out.
     */
    checksOwnText?: boolean;
  }
}

/** Rails-style wrappers the forms nest their fields under: the field is named without them. */
const WRAPPERS = new Set(["api_user", "inquiry", "subscription"]);

/**
 * What JSON, the query parser and the router make (the last two build objects on a bare prototype of
 * their own); an upload's Buffer or stream is bytes, not fields.
 */
function isFieldObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== "function";
}

/** One step of a path, linked to its parent so a deep body costs no copies. */
interface Step {
  key: string;
  parent: Step | undefined;
}

function pathOf(step: Step | undefined): string[] {
  const path: string[] = [];
  for (let current = step; current; current = current.parent) path.push(current.key);
  return path.reverse();
}

/**
 * The path of the first string (value or key) in `input` holding a character no field accepts, or
 * undefined. Line breaks and tabs pass here: whether a field takes them is the field's own rule.
 * Walked with a stack of its own, so a deeply nested body (JSON.parse takes 500,000 levels) can
 * neither overflow the call stack nor cost more than its size.
 */
export function forbiddenTextPath(input: unknown): string[] | undefined {
  const pending: [unknown, Step | undefined][] = [[input, undefined]];
  while (pending.length > 0) {
    const [value, step] = pending.pop()!;
    if (typeof value === "string") {
      if (hasForbiddenCharacters(value, { multiline: true })) return pathOf(step);
    } else if (Array.isArray(value)) {
      value.forEach((each, index) => pending.push([each, { key: String(index), parent: step }]));
    } else if (isFieldObject(value)) {
      for (const [key, each] of Object.entries(value)) {
        if (hasForbiddenCharacters(key, { multiline: true })) return pathOf({ key, parent: step });
        pending.push([each, { key, parent: step }]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any handler runs, a request whose path, query or body carries text no field of
 * the shop accepts (NUL and other control characters, lone surrogates; see domain/input-rules.ts).
 * It runs after the session and CSRF checks, on every route, before the route's declared schemas
 * (preValidation), so it reads the input as it was sent. A path parameter of that kind names
 * no resource (404); a query or body field gets its field message (422), worded with the field's
 * name where the shop has one for it. The field rules of each form still check the rest (line
 * breaks in one-line fields, lengths, formats, id ranges).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    // Pages ("*", React Router's catch-all) answer HTML: their loaders read what they need through the services' own checks.
    if (request.routeOptions.config?.checksOwnText || request.routeOptions.url === "*") return;
    if (forbiddenTextPath(request.params)) return reply.status(404).send({ errors: [message("apiNotFound", request.locale)] });
    const path = forbiddenTextPath(request.query) ?? forbiddenTextPath(request.body);
    if (!path) return;
    // A path deeper than any form's names no field of it: the first levels are enough to point at it.
    const named = (WRAPPERS.has(path[0] ?? "") ? path.slice(1) : path).slice(0, 10);
    const field = named.filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? "";
    const text = isValidatedAttribute(field) ? fullValidationMessage(request.locale, field, INVALID_CHARACTERS) : message("invalidCharacters", request.locale);
    return reply.status(422).send({ errors: [text], fields: { [named.join(".") || "base"]: [text] } });
  });
}
