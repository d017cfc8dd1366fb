import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { CheckoutPayload } from "../../domain/checkout.ts";
import { deliveryCalendarSchema } from "../../domain/delivery-calendar-schema.ts";
import { defaultShippingTable } from "../../domain/shipping-table.ts";
import { deliveryDatesFor } from "../checkout/delivery-calendar.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { ordersTable } from "../db/schema/orders.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";

const NEXT_YEAR = new Date().getFullYear() + 1;

/** Test cards of the built-in gateway (Stripe's numbers). */
export const CARDS = {
  visa: "4242424242424242",
  threeDSecure: "4000002760003184",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

/** A date of birth well over 20 on any test day. */
export const ADULT_BIRTH_DATE = "1985-04-01";

/** A complete order form as the checkout page sends it, for these items. */
export function orderPayload(items: { id: number; amount: number }[], overrides: Partial<CheckoutPayload> = {}): CheckoutPayload {
  return {
    items,
    memo: "",
    payment: {},
    address: { country: "jp", zip: "111-0051", prefecture: 13, address: "台東区蔵前3-14-7", building_name: "蔵前ビル1階" },
    payment_method: "bank",
    name: "山田 花子",
    email: `hanako-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "090-1234-5678",
    desired_delivery_date: "",
    desired_delivery_timezone: "",
    // The order form's age field (decision 036): an adult's date of birth.
    birth_date: ADULT_BIRTH_DATE,
    ...overrides,
  };
}

/** The first day a delivery to Tokyo may be wished for now with the default calendar, as yyyy-MM-dd. */
export function firstDeliveryDate(): string {
  const profile = { deliveryCalendar: deliveryCalendarSchema.parse({}), businessHolidays: [], terms: { shipping: defaultShippingTable() } };
  return deliveryDatesFor(profile, new Date(), 13)[0]!;
}

/** Checkout calls as the page makes them. */
export class CheckoutClient {
  constructor(private readonly shop: TestApp) {}

  post(session: BrowserSession, payload: unknown, options: { key?: string | null; locale?: "ja" | "en" } = {}) {
    const key = options.key === undefined ? crypto.randomUUID() : options.key;
    return this.shop.app.inject({
      method: "POST",
      url: `/${options.locale ?? "ja"}/api/checkout`,
      headers: { ...session.headers, ...(key === null ? {} : { "idempotency-key": key }) },
      payload: payload as object,
    });
  }

  /** What the gateway's card field does in the browser: a payment method id for a test card. */
  async paymentMethod(session: BrowserSession, number: string): Promise<string> {
    const response = await this.shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      headers: session.headers,
      payload: { card: { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: "123" }, billing_details: { name: "山田 花子" } },
    });
    if (response.statusCode !== 200) throw new Error(`tokenising failed: ${response.body}`);
    return response.json().id;
  }

  /** The 3-D Secure challenge screen's buttons, without a browser. */
  async challenge(session: BrowserSession, clientSecret: string, result: "complete" | "fail") {
    const id = clientSecret.split("_secret_")[0]!;
    const response = await this.shop.app.inject({
      method: "POST",
      url: `/test-gateway/3ds/${id}`,
      headers: session.headers,
      payload: { client_secret: clientSecret, result },
    });
    if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.body}`);
    return id;
  }

  async stockOf(productId: number): Promise<number> {
    const [row] = await this.shop.database.db.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, productId));
    return row!.stock;
  }

  async order(publicId: string) {
    const [row] = await this.shop.database.db.select().from(ordersTable).where(eq(ordersTable.publicId, publicId));
    return row;
  }

  async orderCount(): Promise<number> {
    const [row] = await this.shop.database.db.select({ n: sql<number>`count(*)::int` }).from(ordersTable);
    return Number(row!.n);
  }

  /** Payment intents the test gateway holds for an order. */
  async intentCount(publicId: string): Promise<number> {
    const result = await this.shop.database.db.execute(
      sql`select count(*)::int as n from test_gateway_objects where kind = 'payment_intent' and data->'metadata'->>'orderId' = ${publicId}`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }

  /** Fills the server-side cart as the drawer does. */
  async fillCart(session: BrowserSession, items: Record<number, number>) {
    const response = await this.shop.app.inject({ method: "PUT", url: "/api/carts", headers: session.headers, payload: { cart: { cart_product_ids: items } } });
    if (response.statusCode !== 200) throw new Error(`cart failed: ${response.body}`);
  }

  async cart(session: BrowserSession) {
    return (await this.shop.app.inject({ method: "GET", url: "/api/carts", headers: { cookie: session.cookie } })).json().data as unknown[];
  }
}
