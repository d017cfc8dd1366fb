import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderChargesTable, orderHistoryTable, ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "./catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "./checkout-fixtures.ts";
import type { StaffSession } from "./staff-fixtures.ts";
import { staffSession } from "./staff-fixtures.ts";
import type { BrowserSession, MemberSession, TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

/** What the member or staff change on a placed order (decision 074): one path each under /api/orders/{id}/ and /admin/api/orders/{id}/. */
export type OrderChange = "delivery" | "recipient" | "gift";

/**
 * A shop for the tests of changes to placed orders (order-changes.test.ts, order-gift-change.test.ts):
 * a member with orders of one 3,000 円 wine, another member, staff signed in, and the calls and
 * reads those tests share.
 */
export class OrderChangeShop {
  private constructor(
    readonly shop: TestApp,
    readonly client: CheckoutClient,
    readonly staff: StaffSession,
    readonly member: MemberSession,
    readonly other: MemberSession,
    readonly wine: number,
  ) {}

  static async create(): Promise<OrderChangeShop> {
    const shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
    const wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100 });
    return new OrderChangeShop(shop, new CheckoutClient(shop), await staffSession(shop), await shop.memberSession(), await shop.memberSession(), wine);
  }

  /** One bottle of the wine ordered through the checkout (a card order with a Visa card), 200 expected. */
  async place(method: "bank" | "cod" | "credit", session: BrowserSession = this.member, overrides: Record<string, unknown> = {}) {
    const payment = method === "credit" ? { payment: { payment_method_id: await this.client.paymentMethod(session, CARDS.visa) } } : {};
    const payload = orderPayload([{ id: this.wine, amount: 1 }], { payment_method: method, ...payment, ...overrides });
    const response = await this.client.post(session, payload);
    expect(response.statusCode).toBe(200);
    return { id: response.json().order_id as string, email: payload.email };
  }

  /** The member's (or a guest's, another member's) change, keyed. */
  memberPost(change: OrderChange, session: BrowserSession, id: string, body: unknown, key: string = crypto.randomUUID(), locale: "ja" | "en" = "ja") {
    return this.shop.app.inject({
      method: "POST",
      url: `/${locale}/api/orders/${id}/${change}`,
      headers: { ...session.headers, "idempotency-key": key },
      payload: body as object,
    });
  }

  /** Staff's change, keyed. */
  staffPost(change: OrderChange, id: string, body: unknown, key: string = crypto.randomUUID()) {
    return this.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${id}/${change}`,
      headers: { ...this.staff.headers, "idempotency-key": key },
      payload: body as object,
    });
  }

  /** Staff ship the order with this slip number. */
  ship(id: string, slipNumber: string) {
    return this.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${id}/ship`,
      headers: { ...this.staff.headers, "idempotency-key": crypto.randomUUID() },
      payload: { slip_number: slipNumber },
    });
  }

  async row(id: string) {
    const [order] = await this.shop.database.db.select().from(ordersTable).where(eq(ordersTable.publicId, id));
    return order!;
  }

  async history(id: string) {
    return this.shop.database.db
      .select()
      .from(orderHistoryTable)
      .where(eq(orderHistoryTable.orderId, (await this.row(id)).id));
  }

  async charges(id: string) {
    return this.shop.database.db
      .select()
      .from(orderChargesTable)
      .where(eq(orderChargesTable.orderId, (await this.row(id)).id));
  }
}
