import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ProductResource } from "../../domain/catalog-api.ts";
import { buildApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// A checkout no longer empties every process's catalogue cache: only a product it sold out (or a
// cancelled order brought back) is dropped, in this process and, through NOTIFY, in the others.
// Two apps on one database stand for two processes behind a load balancer.

let shop: TestApp;
let other: FastifyInstance;
let otherDataDir: string;
let plenty: number;
let lastBottle: number;
let returned: number;
let elsewhere: number;
let checkout: CheckoutClient;

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "100" });
  const make = new CatalogFactory(shop.database.db);
  await make.liquorType("wine");
  await make.liquorType("sake");
  plenty = await make.product({ stock: 50, liquorType: "wine" });
  lastBottle = await make.product({ stock: 1, liquorType: "wine" });
  returned = await make.product({ stock: 1, liquorType: "wine" });
  elsewhere = await make.product({ stock: 50, liquorType: "sake" });
  otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-availability-"));
  const config = readConfig({ DATA_DIR: otherDataDir, SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long", LOG_LEVEL: "silent" });
  other = await buildApp({ config, database: shop.database, pages: "none" });
  await other.ready();
  checkout = new CheckoutClient(shop);
});

afterAll(async () => {
  await other?.close();
  await shop?.close();
  fs.rmSync(otherDataDir, { recursive: true, force: true });
});

async function listed(app: FastifyInstance, query = ""): Promise<Map<number, boolean>> {
  const response = await app.inject({ method: "GET", url: `/api/products${query}` });
  expect(response.statusCode).toBe(200);
  return new Map((response.json().data as ProductResource[]).map((product) => [Number(product.id), product.attributes.sold_out]));
}

async function order(items: { id: number; amount: number }[], overrides = {}) {
  const session = shop.browserSession();
  const response = await checkout.post(session, orderPayload(items, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the catalogue cache across processes after a checkout", () => {
  it("keeps every cached answer when no product sold out", async () => {
    for (const app of [shop.app, other]) {
      await listed(app);
      expect([...(await listed(app, "?liquor_type=sake")).keys()]).toEqual([elsewhere]);
    }
    const builds = [vi.spyOn(shop.app.services.catalog, "products"), vi.spyOn(other.services.catalog, "products")];
    const snapshots = [await shop.app.services.catalog.snapshot(), await other.services.catalog.snapshot()];
    await order([{ id: plenty, amount: 2 }]);
    for (const app of [shop.app, other]) {
      expect((await listed(app)).get(plenty)).toBe(false);
      await listed(app, "?liquor_type=sake");
    }
    expect(builds.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    expect(await shop.app.services.catalog.snapshot()).toBe(snapshots[0]);
    expect(await other.services.catalog.snapshot()).toBe(snapshots[1]);
    for (const spy of builds) spy.mockRestore();
  });

  it("drops only what shows a product that sold out, in every process", async () => {
    for (const app of [shop.app, other]) {
      expect((await listed(app)).get(lastBottle)).toBe(false);
      await listed(app, "?liquor_type=sake");
      await listed(app, "?unsold=1");
    }
    const builds = vi.spyOn(other.services.catalog, "products");
    await order([{ id: lastBottle, amount: 1 }]);
    expect((await listed(shop.app)).get(lastBottle)).toBe(true);
    await expect.poll(async () => (await listed(other)).get(lastBottle)).toBe(true);
    await expect.poll(async () => (await listed(other, "?unsold=1")).has(lastBottle)).toBe(false);
    // The list without that product was kept: only the two that showed it were built again.
    await listed(other, "?liquor_type=sake");
    expect(builds.mock.calls.map(([, filter]) => filter.unsold)).toEqual([undefined, "1"]);
    builds.mockRestore();
  });

  it("shows a product back in stock everywhere when the card order that took its last bottle fails", async () => {
    const session = shop.browserSession();
    const paymentMethodId = await checkout.paymentMethod(session, CARDS.threeDSecure);
    const payload = orderPayload([{ id: returned, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId } });
    const first = (await checkout.post(session, payload, { key: "availability-3ds" })).json();
    expect(first.require_action).toBe(true);
    await expect.poll(async () => (await listed(other)).get(returned)).toBe(true);
    // The shopper fails the challenge: the order is cancelled and its bottle is back.
    const paymentIntentId = await checkout.challenge(session, first.payment_intent_client_secret, "fail");
    const again = await checkout.post(session, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key: "availability-3ds" });
    expect(again.statusCode).toBe(402);
    // The gateway's payment_failed event cancels the order too, concurrently with this answer; when
    // it commits first, the 402 can leave before that move has told this process's cache, so this
    // process is waited for as the other one is (a CI run under load saw the gap once).
    await expect.poll(async () => (await listed(shop.app)).get(returned)).toBe(false);
    await expect.poll(async () => (await listed(other)).get(returned)).toBe(false);
  });

  it("still drops everything when staff change the catalogue", async () => {
    await listed(other, "?liquor_type=sake");
    const builds = vi.spyOn(other.services.catalog, "products");
    await shop.app.services.catalog.changed();
    await expect
      .poll(async () => {
        await listed(other, "?liquor_type=sake");
        return builds.mock.calls.length;
      })
      .toBeGreaterThan(0);
    builds.mockRestore();
  });
});
