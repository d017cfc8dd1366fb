import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { CartItem } from "../../domain/cart.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import { cartItemsTable, cartsTable } from "../db/schema/cart.ts";

/** The most different products one cart holds; more is not a shopper. */
export const MAX_CART_LINES = 50;

/** A guest's cart hangs off the browser session, a member's off the account (same on every device). */
export type CartOwner = { sessionId: string } | { userId: number };

function sessionKeyOf(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("hex");
}

function ownerIs(owner: CartOwner): SQL {
  return "userId" in owner ? eq(cartsTable.userId, owner.userId) : eq(cartsTable.sessionKey, sessionKeyOf(owner.sessionId));
}

/**
 * Carts kept on the server so they follow the shopper. The server never trusts amounts it is sent:
 * they are clamped to each product's limit and stock; unknown and unpublished products (never
 * published, or withdrawn since) are dropped alike, so a cart never tells a name or price the shop
 * does not show; sold-out products come back with amount 0 until the shopper removes them.
 */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
  ) {}

  async items(owner: CartOwner, locale: Locale): Promise<CartItem[]> {
    return this.present(await this.lines(owner), locale);
  }

  /**
   * At sign-in the guest's cart joins the member's: amounts of the same product add up, then the
   * usual clamping to limit and stock applies; the guest cart is gone afterwards.
   */
  async mergeGuestCart(guestSessionId: string, userId: number, locale: Locale): Promise<void> {
    const guest = await this.lines({ sessionId: guestSessionId });
    if (guest.length === 0) return;
    const member = await this.lines({ userId });
    const merged = new Map<number, number>();
    for (const line of [...member, ...guest]) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.amount);
    await this.replace({ userId }, Object.fromEntries(merged), locale, [...merged.keys()]);
    await this.db.delete(cartsTable).where(ownerIs({ sessionId: guestSessionId }));
  }

  /** Empties the cart after an order; pass the order's transaction so both happen or neither. */
  async clear(owner: CartOwner, executor: Database = this.db): Promise<void> {
    await executor.delete(cartsTable).where(ownerIs(owner));
  }

  private async lines(owner: CartOwner): Promise<{ productId: number; amount: number }[]> {
    const [cart] = await this.db.select({ id: cartsTable.id }).from(cartsTable).where(ownerIs(owner));
    if (!cart) return [];
    return this.db
      .select({ productId: cartItemsTable.productId, amount: cartItemsTable.amount })
      .from(cartItemsTable)
      .where(eq(cartItemsTable.cartId, cart.id))
      .orderBy(asc(cartItemsTable.position));
  }

  /** Replaces the cart with these amounts (PUT /api/carts), clamped; returns what was kept. */
  async replace(owner: CartOwner, requested: Record<string, number>, locale: Locale, order?: number[]): Promise<CartItem[]> {
    const wanted = (order ? order.map((id) => [String(id), requested[id]!] as const) : Object.entries(requested))
      .map(([id, amount]) => ({ productId: Number(id), amount }))
      .filter(({ productId, amount }) => Number.isSafeInteger(productId) && productId > 0 && Number.isInteger(amount) && amount >= 0)
      .slice(0, MAX_CART_LINES);
    const known = await this.shown(
      wanted.map((line) => line.productId),
      locale,
    );
    const lines = wanted.flatMap((line) => {
      const found = known.get(line.productId);
      if (!found) return []; // unknown and unpublished products are ignored
      if (found.available === 0) {
        // Sold out: the drawer shows it (amount 0) until the shopper removes it, so it is kept, and
        // comes back with its amount when the product is restocked.
        const limit = found.product.buyable_limit ?? Number.POSITIVE_INFINITY;
        return [{ productId: line.productId, amount: Math.max(1, Math.min(line.amount, limit)) }];
      }
      // The drawer removes an item set to 0 before sending; a 0 for a buyable product means the same.
      if (line.amount === 0) return [];
      return [{ productId: line.productId, amount: Math.min(line.amount, found.available) }];
    });

    await this.db.transaction(async (tx) => {
      const [cart] =
        "userId" in owner
          ? await tx
              .insert(cartsTable)
              .values({ userId: owner.userId })
              .onConflictDoUpdate({ target: cartsTable.userId, set: { updatedAt: new Date() } })
              .returning({ id: cartsTable.id })
          : await tx
              .insert(cartsTable)
              .values({ sessionKey: sessionKeyOf(owner.sessionId) })
              .onConflictDoUpdate({ target: cartsTable.sessionKey, set: { updatedAt: new Date() } })
              .returning({ id: cartsTable.id });
      // The map carries no order (integer keys iterate ascending): lines already in the cart keep
      // their place and new products go to the end.
      const before = await tx
        .select({ productId: cartItemsTable.productId })
        .from(cartItemsTable)
        .where(eq(cartItemsTable.cartId, cart!.id))
        .orderBy(asc(cartItemsTable.position));
      const rank = new Map(before.map((line, index) => [line.productId, index]));
      if (order) order.forEach((productId, index) => rank.set(productId, rank.get(productId) ?? before.length + index));
      lines.sort((a, b) => (rank.get(a.productId) ?? Infinity) - (rank.get(b.productId) ?? Infinity));
      await tx.delete(cartItemsTable).where(eq(cartItemsTable.cartId, cart!.id));
      if (lines.length > 0) {
        await tx.insert(cartItemsTable).values(lines.map((line, position) => ({ cartId: cart!.id, ...line, position })));
      }
    });
    return this.present(lines, locale, known);
  }

  /** The products of these ids the shop shows: an unpublished one is as absent as an unknown id. */
  private async shown(ids: number[], locale: Locale): Promise<Awaited<ReturnType<CatalogService["purchasable"]>>> {
    const products = await this.catalog.purchasable(ids, locale);
    for (const [id, product] of products) if (!product.published) products.delete(id);
    return products;
  }

  private async present(
    lines: { productId: number; amount: number }[],
    locale: Locale,
    known?: Awaited<ReturnType<CatalogService["purchasable"]>>,
  ): Promise<CartItem[]> {
    const products =
      known ??
      (await this.shown(
        lines.map((line) => line.productId),
        locale,
      ));
    return lines.flatMap((line) => {
      const found = products.get(line.productId);
      if (!found) return [];
      const amount = found.available === 0 ? 0 : Math.min(line.amount, found.available);
      return [{ ...found.product, amount }];
    });
  }
}
