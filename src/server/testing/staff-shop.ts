import { expect } from "vitest";
import type { CheckoutPayload } from "../../domain/checkout.ts";
import { CatalogFactory } from "./catalog-factory.ts";
import { CheckoutClient, orderPayload } from "./checkout-fixtures.ts";
import type { StaffSession } from "./staff-fixtures.ts";
import { staffSession } from "./staff-fixtures.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

// The fixture of the back office's order tests: a shop (its rate limits raised, since one file
// places dozens of orders), a checkout client, a signed-in staff member and one wine on sale. The
// helpers below place orders through the checkout and send staff requests as the back office does.

type WineFields = Parameters<CatalogFactory["product"]>[0];

export interface StaffShop {
  shop: TestApp;
  client: CheckoutClient;
  staff: StaffSession;
  catalog: CatalogFactory;
  /** The product id of the wine: 蔵の赤 at 3,000 円, 100 in stock unless asked otherwise. */
  wine: number;
}

export async function openStaffShop(options: { wine?: WineFields; jobThreshold?: number } = {}): Promise<StaffShop> {
  const shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" }, undefined, { jobThreshold: options.jobThreshold });
  const client = new CheckoutClient(shop);
  const staff = await staffSession(shop);
  const catalog = new CatalogFactory(shop.database.db);
  const wine = await catalog.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100, ...options.wine });
  return { shop, client, staff, catalog, wine };
}

/** One bottle of the shop's wine ordered by a guest, paid by bank transfer or cash on delivery: the orders a morning's bulk moves and B2 files ship. */
export function placeOneBottle(fixture: Pick<StaffShop, "shop" | "client" | "wine">, method: "bank" | "cod") {
  return placeOrder(fixture, [{ id: fixture.wine, amount: 1 }], { payment_method: method });
}

/** A non-alcoholic drink at the reduced rate (軽減税率, 8 %), for orders with both tax rates. */
export const GRAPE_JUICE: WineFields = {
  name: { ja: "ぶどうジュース", en: "Grape juice" },
  price: 1001,
  stock: 100,
  taxClass: "reduced",
  alcoholPermille: 0,
  volumeMl: 500,
};

/**
 * A guest's order placed through the checkout (bank transfer unless `overrides` say otherwise);
 * answers its public id and the shopper's email, after asserting the checkout took it.
 */
export async function placeOrder(
  fixture: Pick<StaffShop, "shop" | "client">,
  items: { id: number; amount: number }[],
  overrides: Partial<CheckoutPayload> = {},
  options: { session?: BrowserSession; locale?: "ja" | "en" } = {},
) {
  const payload = orderPayload(items, overrides);
  const response = await fixture.client.post(options.session ?? fixture.shop.browserSession(), payload, { locale: options.locale ?? "ja" });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().order_id as string, email: payload.email, body: response.json() };
}

/** The order form of a card payment: `items` paid with a test card (see CARDS) tokenised for `session`, as the card field does. */
export async function cardOrderPayload(
  client: CheckoutClient,
  session: BrowserSession,
  items: { id: number; amount: number }[],
  card: string,
): Promise<CheckoutPayload> {
  return orderPayload(items, { payment_method: "credit", payment: { payment_method_id: await client.paymentMethod(session, card) } });
}

/** A card order paid with a test card (see CARDS) through the checkout. */
export async function placeCardOrder(
  fixture: Pick<StaffShop, "shop" | "client">,
  items: { id: number; amount: number }[],
  card: string,
  options: { session?: BrowserSession; locale?: "ja" | "en" } = {},
) {
  const session = options.session ?? fixture.shop.browserSession();
  const { payment } = await cardOrderPayload(fixture.client, session, items, card);
  return { ...(await placeOrder(fixture, items, { payment_method: "credit", payment }, { session, locale: options.locale })), session };
}

/**
 * A staff request's headers: a fresh request key (or `key`, to resend an action) and, with a
 * `locale`, the locale cookie that picks the language of the answer and of the shopper's mail.
 */
export function staffHeaders(staff: StaffSession, options: { key?: string; locale?: "ja" | "en" } = {}): Record<string, string> {
  return {
    ...staff.headers,
    ...(options.locale ? { cookie: `${staff.cookie}; locale=${options.locale}` } : {}),
    ...(options.key ? { "idempotency-key": options.key } : {}),
  };
}

/** POST /admin/api/orders/{id}/{action} as staff: a move (deposit, ship, cancel) or a correction. */
export function staffOrderPost(
  fixture: Pick<StaffShop, "shop" | "staff">,
  id: string,
  action: string,
  payload?: object,
  options: { key?: string; locale?: "ja" | "en" } = {},
) {
  const headers = staffHeaders(fixture.staff, options);
  return fixture.shop.app.inject({ method: "POST", url: `/admin/api/orders/${id}/${action}`, headers, ...(payload ? { payload } : {}) });
}
