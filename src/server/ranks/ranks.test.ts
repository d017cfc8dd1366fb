import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Member ranks through the API (decision 090): purchases over the last 12 months, recalculated in the
// transaction of the order's payment, cancellation, partial cancellation and return; the sweep drops
// a member whose purchases left the window; the trader's ranks; the points module's rate. PGlite and
// PostgreSQL alike (TEST_DATABASE_URL).

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20", LOG_LEVEL: "error" });
let client: CheckoutClient;
let staff: StaffSession;
/** 10,000 yen before tax, 11,000 with it: three bottles reach シルバー (30,000). */
let wine: number;

beforeAll(async () => {
  client = new CheckoutClient(shop);
  staff = await staffSession(shop);
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 10_000, stock: 1000 });
});

interface RankAnswer {
  purchases: number;
  rank: { position: number; name: string; point_rate: number } | null;
  next: { name: string; needed: number } | null;
  ranks: { name: string; threshold: number; point_rate: number }[];
}

async function rankOf(member: MemberSession, locale: "ja" | "en" = "ja"): Promise<RankAnswer> {
  const response = await shop.app.inject({ method: "GET", url: `/${locale}/api/rank`, headers: member.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RankAnswer;
}

async function placeBank(member: MemberSession, bottles: number): Promise<{ id: string; rowId: number }> {
  const response = await client.post(member, orderPayload([{ id: wine, amount: bottles }], { payment_method: "bank", email: member.email }));
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().order_id as string;
  const [row] = await shop.database.db.select().from(ordersTable).where(eq(ordersTable.publicId, id));
  return { id, rowId: row!.id };
}

function staffPost(id: string, action: string, payload: object = {}) {
  return shop.app.inject({
    method: "POST",
    url: `/admin/api/orders/${id}/${action}`,
    headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
    payload,
  });
}

async function move(id: string, action: "deposit" | "cancel" | "ship") {
  const response = await staffPost(id, action, action === "ship" ? { slip_number: "1234-5678-9012", carrier: "yamato" } : {});
  expect(response.statusCode, response.body).toBe(200);
}

function putRanks(payload: Record<string, string>, locale: "ja" | "en" = "ja") {
  return shop.app.inject({
    method: "PUT",
    url: "/admin/api/ranks",
    headers: { ...staff.headers, "idempotency-key": crypto.randomUUID(), cookie: `${staff.cookie}; locale=${locale}` },
    payload,
  });
}

const DEFAULT_FORM = {
  name_ja_1: "レギュラー",
  name_en_1: "Regular",
  threshold_1: "0",
  point_rate_1: "1",
  name_ja_2: "シルバー",
  name_en_2: "Silver",
  threshold_2: "30000",
  point_rate_2: "2",
  name_ja_3: "ゴールド",
  name_en_3: "Gold",
  threshold_3: "100000",
  point_rate_3: "3",
};

describe("a member's rank follows their paid orders", () => {
  it("becomes シルバー when the order is paid, and drops back when it is cancelled", async () => {
    const member = await shop.memberSession();
    expect(await rankOf(member)).toMatchObject({ purchases: 0, rank: { name: "レギュラー", point_rate: 1 }, next: { name: "シルバー", needed: 30_000 } });
    const order = await placeBank(member, 3);
    // Awaiting the transfer: not a purchase yet.
    expect((await rankOf(member)).purchases).toBe(0);
    await move(order.id, "deposit");
    expect(await rankOf(member)).toMatchObject({ purchases: 33_000, rank: { name: "シルバー", point_rate: 2 }, next: { name: "ゴールド", needed: 67_000 } });
    expect(await rankOf(member, "en")).toMatchObject({ rank: { name: "Silver" }, next: { name: "Gold", needed: 67_000 } });
    // The back office's member list shows the rank and the 12 months' purchases.
    const listed = await shop.app.inject({ method: "GET", url: `/admin/api/members?q=${encodeURIComponent(member.email)}`, headers: staff.headers });
    expect(listed.json().data[0].rank).toMatchObject({ purchases: 33_000, rank: { name: "シルバー", point_rate: 2 } });
    await move(order.id, "cancel");
    expect(await rankOf(member)).toMatchObject({ purchases: 0, rank: { name: "レギュラー" } });
  });

  it("drops back when bottles are returned for a refund", async () => {
    const member = await shop.memberSession();
    const order = await placeBank(member, 3);
    await move(order.id, "deposit");
    await move(order.id, "ship");
    expect((await rankOf(member)).rank?.name).toBe("シルバー");
    const [item] = await shop.app.services.orders.itemsOf(order.rowId);
    const returned = await staffPost(order.id, "returns", { [`quantity_${item!.id}`]: "1", reason: "defective", remedy: "refund" });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(await rankOf(member)).toMatchObject({ purchases: 22_000, rank: { name: "レギュラー" }, next: { needed: 8_000 } });
  });

  it("drops back when a paid order's line is lowered before shipping", async () => {
    const member = await shop.memberSession();
    const order = await placeBank(member, 3);
    await move(order.id, "deposit");
    expect((await rankOf(member)).purchases).toBe(33_000);
    const [item] = await shop.app.services.orders.itemsOf(order.rowId);
    const lowered = await staffPost(order.id, "lines", { line: item!.id, quantity: 2 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await rankOf(member)).toMatchObject({ purchases: 22_000, rank: { name: "レギュラー" } });
  });

  it("is dropped by the sweep once the purchases leave the 12 months", async () => {
    const member = await shop.memberSession();
    const order = await placeBank(member, 3);
    await move(order.id, "deposit");
    // Placed 364 days ago: still inside today's window, outside tomorrow's.
    const now = new Date();
    await shop.database.db
      .update(ordersTable)
      .set({ createdAt: new Date(now.getTime() - 364 * 86_400_000) })
      .where(eq(ordersTable.id, order.rowId));
    const ranks = shop.app.services.ranks;
    expect(await ranks.sweep(now)).toBe(0);
    expect((await rankOf(member)).rank?.name).toBe("シルバー");
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(await ranks.sweep(tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await ranks.standing(member.user.id)).toMatchObject({ purchases: 0, rankPosition: 1 });
    // Worked out today already: a second run of the day finds nobody.
    expect(await ranks.sweep(tomorrow)).toBe(0);
  });
});

describe("the trader's ranks", () => {
  it("answers the defaults, saves a new set and ranks members again by it", async () => {
    const before = await shop.app.inject({ method: "GET", url: "/admin/api/ranks", headers: staff.headers });
    expect(before.statusCode).toBe(200);
    expect(
      before.json().data.map((rank: { name_ja: string; threshold: number; point_rate: number }) => [rank.name_ja, rank.threshold, rank.point_rate]),
    ).toEqual([
      ["レギュラー", 0, 1],
      ["シルバー", 30_000, 2],
      ["ゴールド", 100_000, 3],
    ]);
    const member = await shop.memberSession();
    await move((await placeBank(member, 2)).id, "deposit");
    expect((await rankOf(member)).rank?.name).toBe("レギュラー");

    const saved = await putRanks({ ...DEFAULT_FORM, threshold_2: "20,000", point_rate_2: "5" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rankOf(member)).toMatchObject({ purchases: 22_000, rank: { name: "シルバー", point_rate: 5 } });
    expect(await shop.app.services.ranks.standing(member.user.id)).toMatchObject({ rankPosition: 2 });
    expect((await putRanks(DEFAULT_FORM)).statusCode).toBe(200);
    expect(await shop.app.services.ranks.standing(member.user.id)).toMatchObject({ rankPosition: 1 });
  });

  it("refuses thresholds that do not rise, naming the fields in the visitor's language", async () => {
    const ja = await putRanks({ ...DEFAULT_FORM, threshold_3: "30000", name_en_2: "" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      name_en_2: ["ランク2の名前（英語）を入力してください"],
      threshold_3: ["ランク3の条件（円）は30000より大きい値にしてください"],
    });
    const en = await putRanks({ ...DEFAULT_FORM, threshold_1: "5" }, "en");
    expect(en.json().fields).toEqual({ threshold_1: ["Rank 1 threshold (yen) must be equal to 0"] });
  });

  it("is read and written by staff only; a member reads only their own rank", async () => {
    const member = await shop.memberSession();
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/ranks", headers: member.headers })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: "GET", url: "/api/rank", headers: shop.browserSession().headers })).statusCode).toBe(401);
  });
});

describe("rankPointRate, the points module's seam", () => {
  it("answers the rate of the member's rank in the caller's transaction, and null where no rank applies", async () => {
    const ranks = shop.app.services.ranks;
    const member = await shop.memberSession();
    await shop.database.db.transaction(async (tx) => expect(await ranks.pointRate(member.user.id, tx)).toBe(1));
    await move((await placeBank(member, 3)).id, "deposit");
    await shop.database.db.transaction(async (tx) => expect(await ranks.pointRate(member.user.id, tx)).toBe(2));
    // Ranks starting above 0 (only the service takes them; the form asks for 0): a member below them has none.
    await ranks.saveDefinitions([{ position: 1, nameJa: "特別", nameEn: "Special", threshold: 50_000, pointRatePercent: 4 }]);
    await shop.database.db.transaction(async (tx) => expect(await ranks.pointRate(member.user.id, tx)).toBeNull());
    expect((await putRanks(DEFAULT_FORM)).statusCode).toBe(200);
  });
});
