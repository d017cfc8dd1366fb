import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { recordIdSchema } from "../../domain/input-rules.ts";
import { DomainError } from "../../domain/errors.ts";

const numericId = z.object({ id: recordIdSchema });
const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** The `:id` of a back-office path as a database id; anything else is a 404, as an unknown id is. */
export function numericIdOf(request: FastifyRequest): number {
  const parsed = numericId.safeParse(request.params);
  if (!parsed.success) throw new DomainError("not-found");
  return parsed.data.id;
}

/** A query-string value, trimmed; "" when missing or repeated oddly. */
export function queryText(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim() : "";
}

export function pageOf(request: FastifyRequest): number {
  return page.parse(queryText(request, "page") || 1);
}

/** A JSON body's fields, or none when the body is not an object. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
