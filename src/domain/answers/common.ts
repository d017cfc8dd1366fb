import { z } from "../zod.ts";

/**
 * The pieces every answer schema is made of (issue #30 item 2). An answer schema describes the JSON
 * a route sends: the server declares it as the route's response schema (Fastify serializes with it,
 * and the test app refuses an answer that carries a key the schema does not name), and the web
 * takes its types from it with `import type` and `ApiAnswer<typeof schema>` — the wire's shape, so
 * a changed answer breaks the build, not the page. Only types reach the browser: no zod.
 */

/** The JSON a schema sends: what is on the wire (a date is its ISO text), as the browser reads it. */
export type ApiAnswer<S extends z.ZodType> = z.input<S>;

/** A point in time: the service gives a Date (or its ISO text), the wire carries its ISO text. */
export const wireTime = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (text) => text,
  encode: (value) => (value instanceof Date ? value.toISOString() : value),
});

/** Every refusal of the API: its messages in the request's language, and a form's messages by field. */
export const apiErrorsSchema = z.object({
  errors: z.array(z.string()),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrors = ApiAnswer<typeof apiErrorsSchema>;

/** `{ data }`, the shape of most answers. */
export function dataOf<S extends z.ZodType>(schema: S) {
  return z.object({ data: schema });
}

/** A list page's `meta.pagination` (the spec: current_page, total_page). */
export const paginationSchema = z.object({
  current_page: z.number(),
  total_page: z.number(),
});

/** A paged list: `{ data: [...], meta: { pagination } }`. */
export function pageOfSchema<S extends z.ZodType>(item: S) {
  return z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });
}

/** The back office's lists also say how many entries the filter found: `meta.pagination.total_count`. */
export const countedPaginationSchema = paginationSchema.extend({ total_count: z.number() });

/** A back-office paged list: `{ data: [...], meta: { pagination: { current_page, total_page, total_count } } }`. */
export function countedPageOfSchema<S extends z.ZodType>(item: S) {
  return z.object({ data: z.array(item), meta: z.object({ pagination: countedPaginationSchema }) });
}

/** A notice only (`{ message }`): what was done, in the request's language, for the page to show. */
export const noticeSchema = z.object({ message: z.string() });

/** `{ data, message }`: what a write made of the record, and the notice the page shows about it. */
export function dataAndNoticeOf<S extends z.ZodType>(schema: S) {
  return z.object({ data: schema, message: z.string() });
}

/**
 * A postal address as every answer writes it (a member's address, an address-book entry, an order's
 * customer and recipients): the country's code, the postcode, the prefecture's number (null abroad).
 */
export const postalAddressShape = {
  country: z.string(),
  zip: z.string(),
  prefecture: z.number().nullable(),
  address: z.string(),
  building_name: z.string(),
};

/** `{ ok: true }`-style acknowledgements carry nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * True when a schema's answer is exactly a type the code already names: `const _: SameShape<A, B> = true`
 * beside a schema breaks the build when the two part.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * What a call's body may be before the page looks at its status: the answer's keys or a refusal's
 * (`errors`, a form's `fields`), each possibly absent, so the page checks which it got.
 */
export type AnswerOrRefusal<S extends z.ZodType> = Partial<ApiAnswer<S>> & Partial<ApiErrors>;
