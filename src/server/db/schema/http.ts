import { index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, serialId, timestamptz } from "../columns.ts";

/** Hits per key and fixed window, shared by every process on the database (decision 021). */
export const rateLimitsTable = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowEndsAt: timestamptz("window_ends_at").notNull(),
  hits: integer("hits").notNull(),
});

/**
 * The Idempotency-Key of a write (docs/decisions/049): taken in the write's own transaction, so a
 * request resent (by a load balancer, or the client after a lost answer) answers the first result
 * instead of booking again. Forgotten after a day by the checkout sweep.
 */
export const requestKeysTable = pgTable(
  "request_keys",
  {
    id: serialId(),
    requestKey: text("request_key").notNull(),
    /** Who sent it: `staff:<id>`, or a hash of the member or guest session (as carts keep it). */
    actor: text("actor").notNull(),
    /** Method and path, ids included: the same key on another record is another request. */
    route: text("route").notNull(),
    /** SHA-256 of the body: the same key with other contents is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The first answer; null between the write's commit and the answer being kept. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body").$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("request_keys_key_actor_route_unique").on(table.requestKey, table.actor, table.route),
    index("request_keys_created_idx").on(table.createdAt),
  ],
);
