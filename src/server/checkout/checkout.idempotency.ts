import crypto from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { CartOwner } from "../cart/cart.service.ts";
import type { Database } from "../db/client.ts";
import { checkoutRequestsTable } from "../db/schema/orders.ts";
import type { CheckoutPayloadValue } from "./checkout.validation.ts";

/** A UUID (what the checkout page sends) or any similar opaque token. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

/** An answer of POST /api/checkout: HTTP status and JSON body. */
export interface CheckoutAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type CheckoutRequestRow = typeof checkoutRequestsTable.$inferSelect;

/** Keys are scoped to who sends them: the member, or the guest's browser session (hashed, as carts keep it). */
export function ownerKeyOf(owner: CartOwner): string {
  const name = "userId" in owner ? `user:${owner.userId}` : `session:${owner.sessionId}`;
  return crypto.createHash("sha256").update(name).digest("hex");
}

/**
 * What makes two posts the same checkout: the parsed payload (defaults applied, keys in the
 * schema's order) without the 3-D Secure step's ids, which the re-post adds under the same key.
 */
export function payloadFingerprint(payload: CheckoutPayloadValue): string {
  const { payment_intent_id: _intent, order_id: _order, ...order } = payload;
  return crypto.createHash("sha256").update(JSON.stringify(order)).digest("hex");
}

/** The idempotency records of POST /api/checkout (table checkout_requests). */
export class CheckoutRequests {
  constructor(private readonly db: Database) {}

  /**
   * Takes the key inside the order's transaction: the first request inserts the row, a concurrent
   * one with the same key waits on the unique index and gets null once the first commits (or the
   * row, if the first rolled back). Null means "someone has it": replay instead.
   */
  async claim(tx: Database, ownerKey: string, idempotencyKey: string, fingerprint: string): Promise<number | null> {
    const [row] = await tx
      .insert(checkoutRequestsTable)
      .values({ ownerKey, idempotencyKey, fingerprint })
      .onConflictDoNothing()
      .returning({ id: checkoutRequestsTable.id });
    return row?.id ?? null;
  }

  async find(ownerKey: string, idempotencyKey: string): Promise<CheckoutRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(checkoutRequestsTable)
      .where(and(eq(checkoutRequestsTable.ownerKey, ownerKey), eq(checkoutRequestsTable.idempotencyKey, idempotencyKey)));
    return row;
  }

  /** The request of `ownerKey` that placed the order: only its owner may settle it after a redirect. */
  async findByOrder(ownerKey: string, orderId: number): Promise<CheckoutRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(checkoutRequestsTable)
      .where(and(eq(checkoutRequestsTable.ownerKey, ownerKey), eq(checkoutRequestsTable.orderId, orderId)));
    return row;
  }

  async linkOrder(tx: Database, id: number, orderId: number): Promise<void> {
    await tx.update(checkoutRequestsTable).set({ orderId }).where(eq(checkoutRequestsTable.id, id));
  }

  /** Keeps the first final answer; a later one (a racing replay) does not replace it. */
  async keepAnswer(id: number, answer: CheckoutAnswer, executor: Database = this.db): Promise<void> {
    await executor
      .update(checkoutRequestsTable)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(checkoutRequestsTable.id, id), isNull(checkoutRequestsTable.responseStatus)));
  }

  /** Forgets keys older than `before`; returns how many. */
  async purge(before: Date): Promise<number> {
    const removed = await this.db.delete(checkoutRequestsTable).where(lt(checkoutRequestsTable.createdAt, before)).returning({ id: checkoutRequestsTable.id });
    return removed.length;
  }
}
