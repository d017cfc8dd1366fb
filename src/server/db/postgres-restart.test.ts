import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { ShopProfileService, readShopProfileFile } from "../shop/shop-profile.service.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { DatabaseHandle } from "./client.ts";
import { openPostgres } from "./client.ts";
import { testTime } from "../testing/test-time.ts";

// PostgreSQL restarted under load (issue #8): the shop answers 503 while the database is away and
// serves again by itself once it is back — no restart of the shop — and its LISTEN connection
// comes back too, so caches keep hearing other processes' writes. The test runs a PostgreSQL
// server of its own (initdb in a temporary folder, as the postgres user), so restarting it
// disturbs nobody else.

const BIN = fs.existsSync("/usr/lib/postgresql") ? path.join("/usr/lib/postgresql", fs.readdirSync("/usr/lib/postgresql").sort().at(-1)!, "bin") : "";
const SECRET = "restart-test-secret-that-is-at-least-32-characters";
const port = 20_000 + crypto.randomInt(20_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-pg-restart-"));
const dataDir = path.join(dir, "data");
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

/** Runs a PostgreSQL program as the postgres user (the server refuses to run as root). */
function asPostgres(program: string, args: string[]): void {
  const command = path.join(BIN, program);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, { stdio: "ignore", timeout: 60_000 });
}

const pgCtl = (action: string, ...extra: string[]) =>
  asPostgres("pg_ctl", [action, "-D", dataDir, "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...extra]);

let database: DatabaseHandle;
let app: FastifyInstance;
let product: number;

beforeAll(async () => {
  fs.chmodSync(dir, 0o777);
  asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  pgCtl("start", "-l", path.join(dir, "log"));
  database = await openPostgres(url);
  await database.migrate();
  const config = readConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET, LOG_LEVEL: "silent", RATE_LIMIT_MULTIPLIER: "1000" });
  await new ShopProfileService(database.db).save(readShopProfileFile(config.shopProfileFile));
  product = await new CatalogFactory(database.db).product({ stock: 1000 });
  app = await buildApp({ config, database, pages: "none" });
  await app.ready();
}, testTime(120_000));

afterAll(async () => {
  await app?.close();
  await database?.close();
  try {
    pgCtl("stop", "-m", "immediate");
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function session(): Record<string, string> {
  const id = crypto.randomBytes(32).toString("base64url");
  return { cookie: `${SESSION_COOKIE}=${id}`, "x-csrf-token": csrfTokenFor(id, SECRET) };
}

/** One shopper's round: the cart (sessions and carts live in PostgreSQL) and a checkout. */
async function shopperRound(): Promise<number[]> {
  const headers = session();
  const cart = await app.inject({ method: "PUT", url: "/api/carts", headers, payload: { cart: { cart_product_ids: { [product]: 1 } } } });
  const order = await app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    payload: orderPayload([{ id: product, amount: 1 }], { payment_method: "bank" }),
  });
  return [cart.statusCode, order.statusCode];
}

describe("PostgreSQL restarted under load", () => {
  it("answers 503 without internals while it is away, then serves again by itself", { timeout: testTime(360_000) }, async () => {
    expect(await shopperRound()).toEqual([200, 200]);

    // Shoppers keep coming, ten at a time, while the database restarts underneath them.
    const statuses: number[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) statuses.push(...(await Promise.all(Array.from({ length: 10 }, shopperRound))).flat());
    })();
    // Shoppers are being served before the database goes away.
    await expect.poll(() => statuses.filter((status) => status === 200).length, { timeout: testTime(60_000) }).toBeGreaterThan(0);
    pgCtl("stop", "-m", "fast");
    const away = await app.inject({ method: "GET", url: "/healthz" });
    expect(away.statusCode).toBe(503);
    const refused = await app.inject({ method: "PUT", url: "/api/carts", headers: session(), payload: { cart: { cart_product_ids: {} } } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    expect(refused.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at /);
    // The shoppers meet the database's absence (an answer ≥ 500) before it comes back.
    await expect.poll(() => statuses.some((status) => status >= 500), { timeout: testTime(60_000) }).toBe(true);
    pgCtl("start", "-l", path.join(dir, "log"));
    // …and keep coming until the shop is healthy again.
    await expect.poll(async () => (await app.inject({ method: "GET", url: "/healthz" })).statusCode, { timeout: testTime(60_000) }).toBe(200);
    loading = false;
    await load;

    // Failures only while it was away, never anything but a 5xx or success.
    expect(statuses.every((status) => status === 200 || status >= 500)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    await expect.poll(async () => (await app.inject({ method: "GET", url: "/healthz" })).statusCode, { timeout: testTime(60_000) }).toBe(200);
    await expect.poll(shopperRound, { timeout: testTime(60_000) }).toEqual([200, 200]);
  });

  it("listens again after the restart, so other processes' writes still reach the cache", { timeout: testTime(120_000) }, async () => {
    const heard: string[] = [];
    await database.listen("kura_restart_probe", () => heard.push("probe"));
    const notify = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("select pg_notify('kura_restart_probe', '')");
      await client.end();
    };
    await notify();
    await expect.poll(() => heard.length).toBe(1);
    pgCtl("restart", "-m", "fast", "-l", path.join(dir, "log"));
    await expect
      .poll(
        async () => {
          await notify();
          return heard.length;
        },
        { timeout: testTime(90_000), interval: 500 },
      )
      .toBeGreaterThan(1);
  });
});
