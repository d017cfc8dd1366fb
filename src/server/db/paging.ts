import type { PgSelect } from "drizzle-orm/pg-core";

// The back office's paged lists (members, inquiries, orders, the audit log, transaction records) and
// My Page's order history: one page of rows and the answer's pagination, worked out the same way.

/** Page `page` (from 1) of a dynamic select, `perPage` rows: Drizzle's documented `withPagination`. */
export function withPage<T extends PgSelect>(query: T, page: number, perPage: number): T {
  return query.limit(perPage).offset((page - 1) * perPage);
}

/** A paged list's `meta.pagination`: the page, how many pages there are (at least one), how many rows. */
export function pagination(page: number, totalCount: number, perPage: number): { current_page: number; total_page: number; total_count: number } {
  return { current_page: page, total_page: Math.max(1, Math.ceil(totalCount / perPage)), total_count: totalCount };
}
