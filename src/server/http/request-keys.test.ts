import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { japanToday } from "../catalog/catalog.stock.ts";
import { stockMovesTable } from "../db/schema/catalog.ts";
import { requestKeysTable } from "../db/schema/http.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { RequestKeys } from "./request-keys.ts";

// Back-office writes carry an Idempotency-Key (decision 049): a request resent with the same key
// (HAProxy after a process died, or the page after a lost answer) answers the first result and
// books nothing again.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let staff: StaffSession;
let make: CatalogFactory;

beforeAll(async () => {
  staff = await staffSession(shop);
  make = new CatalogFactory(shop.database.db);
});

/** The staff's headers with the given key (undefined: none at all). */
function headersWith(key: string | undefined, locale: "ja" | "en" = "ja"): Record<string, string> {
  const { "idempotency-key": _fresh, ...plain } = staff.headers;
  return { ...plain, cookie: `${staff.cookie}; locale=${locale}`, ...(key === undefined ? {} : { "idempotency-key": key }) };
}

function post(url: string, payload: object, key: string | undefined, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "POST", url, headers: headersWith(key, locale), payload });
}

async function receivingsOf(productId: number): Promise<number> {
  const rows = await shop.database.db
    .select({ id: stockMovesTable.id })
    .from(stockMovesTable)
    .where(and(eq(stockMovesTable.productId, productId), eq(stockMovesTable.kind, "receiving")));
  return rows.length;
}

async function stockOf(productId: number): Promise<number> {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/products/${productId}`, headers: { cookie: staff.cookie } });
  return response.json().data.stock as number;
}

describe("a resent restock", () => {
  it("with the same key books one receiving and answers the first result", async () => {
    const wine = await make.product({ stock: 40 });
    const key = crypto.randomUUID();
    const first = await post(`/admin/api/products/${wine}/restock`, { amount: 40 }, key);
    const second = await post(`/admin/api/products/${wine}/restock`, { amount: 40 }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.stock).toBe(80);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await stockOf(wine)).toBe(80);
    expect(await receivingsOf(wine)).toBe(1);
  });

  it("sent twice at once with the same key books once; both get the one answer", async () => {
    const wine = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => post(`/admin/api/products/${wine}/restock`, { amount: 12 }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
    expect(await stockOf(wine)).toBe(12);
    expect(await receivingsOf(wine)).toBe(1);
  });

  it("with a new key is a new receiving (one key per action)", async () => {
    const wine = await make.product({ stock: 0 });
    expect((await post(`/admin/api/products/${wine}/restock`, { amount: 6 }, crypto.randomUUID())).statusCode).toBe(200);
    expect((await post(`/admin/api/products/${wine}/restock`, { amount: 6 }, crypto.randomUUID())).statusCode).toBe(200);
    expect(await stockOf(wine)).toBe(12);
    expect(await receivingsOf(wine)).toBe(2);
  });

  it("with the key of another product's restock is that product's own request", async () => {
    const [red, white] = [await make.product({ stock: 0 }), await make.product({ stock: 0 })];
    const key = crypto.randomUUID();
    expect((await post(`/admin/api/products/${red}/restock`, { amount: 3 }, key)).statusCode).toBe(200);
    expect((await post(`/admin/api/products/${white}/restock`, { amount: 3 }, key)).statusCode).toBe(200);
    expect([await stockOf(red), await stockOf(white)]).toEqual([3, 3]);
  });

  it("with the same key but another amount is refused (422), nothing booked again", async () => {
    const wine = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    expect((await post(`/admin/api/products/${wine}/restock`, { amount: 5 }, key)).statusCode).toBe(200);
    const reused = await post(`/admin/api/products/${wine}/restock`, { amount: 50 }, key, "en");
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual(["This request was already sent with different contents. Please reload the page and try again."]);
    expect(await stockOf(wine)).toBe(5);
  });

  it("without a key is refused with a clear message in Japanese and English, nothing booked", async () => {
    const wine = await make.product({ stock: 0 });
    const ja = await post(`/admin/api/products/${wine}/restock`, { amount: 5 }, undefined, "ja");
    const en = await post(`/admin/api/products/${wine}/restock`, { amount: 5 }, undefined, "en");
    const malformed = await post(`/admin/api/products/${wine}/restock`, { amount: 5 }, "short", "en");
    expect([ja.statusCode, en.statusCode, malformed.statusCode]).toEqual([400, 400, 400]);
    expect(ja.json().errors).toEqual([
      "この操作を受け付けられませんでした(Idempotency-Key ヘッダーがないか、形式が正しくありません)。ページを再読み込みしてからもう一度お試しください。",
    ]);
    expect(en.json().errors).toEqual([
      "This action was not accepted (the Idempotency-Key header is missing or malformed). Please reload the page and try again.",
    ]);
    expect(await stockOf(wine)).toBe(0);
    expect(await receivingsOf(wine)).toBe(0);
  });

  it("whose first answer was a refusal gets that refusal again", async () => {
    const wine = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    const first = await post(`/admin/api/products/${wine}/restock`, { amount: 0 }, key);
    const second = await post(`/admin/api/products/${wine}/restock`, { amount: 0 }, key);
    expect(first.statusCode).toBe(422);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual(first.json());
  });
});

describe("the liquor ledger's receivings and adjustments", () => {
  it("a receiving resent with its key is one line of the 仕入帳", async () => {
    const sake = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    const receiving = {
      received_on: japanToday(),
      quantity: 10,
      unit_cost: 1200,
      supplier_name: "株式会社蔵前酒販",
      supplier_address: "東京都台東区蔵前1-2-3",
    };
    const first = await post(`/admin/api/products/${sake}/receivings`, receiving, key);
    const second = await post(`/admin/api/products/${sake}/receivings`, receiving, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await receivingsOf(sake)).toBe(1);
    expect(await stockOf(sake)).toBe(10);
  });

  it("an adjustment resent with its key is booked once", async () => {
    const sake = await make.product({ stock: 10 });
    const key = crypto.randomUUID();
    const breakage = { kind: "breakage", quantity: 2, reason: "落として割れた" };
    const first = await post(`/admin/api/products/${sake}/adjustments`, breakage, key);
    const second = await post(`/admin/api/products/${sake}/adjustments`, breakage, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(await stockOf(sake)).toBe(8);
  });
});

describe("a key whose write committed but whose answer was never kept (the process died in between)", () => {
  it("answers 409 saying so after waiting for the answer, and books nothing again", async () => {
    const wine = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    const first = await post(`/admin/api/products/${wine}/restock`, { amount: 7 }, key);
    expect(first.statusCode).toBe(200);
    // As if the process had been killed between the commit and keeping the answer.
    await shop.database.db.update(requestKeysTable).set({ responseStatus: null, responseBody: null }).where(eq(requestKeysTable.requestKey, key));
    const resent = await post(`/admin/api/products/${wine}/restock`, { amount: 7 }, key, "en");
    expect(resent.statusCode).toBe(409);
    expect(resent.json().errors).toEqual([
      "The same action was already received, but its result could not be confirmed. Please reload the page and check whether it was applied.",
    ]);
    expect(await stockOf(wine)).toBe(7);
    expect(await receivingsOf(wine)).toBe(1);
  });
});

describe("the shopper's inquiry (the API contract has it without a key)", () => {
  async function inquiriesFrom(email: string): Promise<number> {
    const rows = await shop.database.db.select({ id: inquiriesTable.id }).from(inquiriesTable).where(eq(inquiriesTable.email, email));
    return rows.length;
  }

  it("is accepted without a key, and one resent with its key is one inquiry", async () => {
    const session = shop.browserSession();
    const inquiry = (email: string) => ({ inquiry: { name: "山田 花子", email, subject: "在庫について", message: "入荷予定を教えてください。" } });
    const plain = await shop.app.inject({ method: "POST", url: "/api/inquiries", headers: session.headers, payload: inquiry("plain@example.jp") });
    expect(plain.statusCode).toBe(201);
    expect(await inquiriesFrom("plain@example.jp")).toBe(1);
    const key = crypto.randomUUID();
    const headers = { ...session.headers, "idempotency-key": key };
    const first = await shop.app.inject({ method: "POST", url: "/api/inquiries", headers, payload: inquiry("keyed@example.jp") });
    const second = await shop.app.inject({ method: "POST", url: "/ja/api/inquiries", headers, payload: inquiry("keyed@example.jp") });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await inquiriesFrom("keyed@example.jp")).toBe(1);
    expect(await shop.mailsTo("keyed@example.jp")).toHaveLength(1);
  });
});

describe("old keys", () => {
  it("are forgotten after a day by the sweep's purge", async () => {
    const wine = await make.product({ stock: 0 });
    const key = crypto.randomUUID();
    expect((await post(`/admin/api/products/${wine}/restock`, { amount: 1 }, key)).statusCode).toBe(200);
    await shop.database.db
      .update(requestKeysTable)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(requestKeysTable.requestKey, key));
    const removed = await new RequestKeys(shop.database.db).purge(new Date(Date.now() - 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await shop.database.db.select().from(requestKeysTable).where(eq(requestKeysTable.requestKey, key));
    expect(left).toEqual([]);
  });
});
