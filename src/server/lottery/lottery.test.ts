import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drawOrder } from "./lottery-draw.ts";
import { hashPassword } from "../accounts/password.ts";
import { usersTable } from "../db/schema/accounts.ts";
import { lotteriesTable, lotteryEntriesTable } from "../db/schema/lottery.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { staffAuditLogTable } from "../db/schema/security.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// 抽選販売 (issue 33 item 3, decision 084): a lottery for 12 bottles (2 per member) among 50
// entries, from the trader's form to the winners' orders; the draw recomputed from its seed; a
// lapsed win passed to the next drawn; refusals of entries, of another member's link and of the
// held bottles to anyone but a winner.

const PASSWORD = "correct horse battery";
const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let client: CheckoutClient;
let staff: StaffSession;
let product: number;
let passwordHash: string;
let signIns = 0;

interface Member extends BrowserSession {
  id: number;
  email: string;
}

/** A confirmed member with this birth date on file, signed in from an address of their own. */
async function member(birthDate: string | null): Promise<Member> {
  const email = `entrant-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [user] = await shop.database.db
    .insert(usersTable)
    .values({ email, passwordHash, confirmedAt: new Date(), birthDate, userName: "抽選 太郎" })
    .returning();
  signIns += 1;
  const guest = shop.browserSession();
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/users/sign_in",
    remoteAddress: `198.19.${Math.floor(signIns / 250)}.${(signIns % 250) + 1}`,
    headers: guest.headers,
    payload: { api_user: { email, password: PASSWORD } },
  });
  expect(response.statusCode).toBe(200);
  return { ...shop.sessionFrom(response), id: user!.id, email };
}

/** A datetime-local value in Japan time, as the trader's form sends it. */
function japanInput(instant: Date): string {
  return new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}

function admin(method: "GET" | "POST", url: string, payload?: object, session: BrowserSession = staff) {
  return shop.app.inject({ method, url, headers: { ...session.headers, "idempotency-key": crypto.randomUUID() }, ...(payload ? { payload } : {}) });
}

function enter(session: BrowserSession, lotteryId: number, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "POST", url: `/${locale}/api/lotteries/${lotteryId}/entries`, headers: session.headers, payload: {} });
}

async function entryOf(lotteryId: number, userId: number) {
  const [entry] = await shop.database.db
    .select()
    .from(lotteryEntriesTable)
    .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.userId, userId)));
  return entry!;
}

beforeAll(async () => {
  client = new CheckoutClient(shop);
  staff = await staffSession(shop);
  passwordHash = await hashPassword(PASSWORD);
  product = await new CatalogFactory(shop.database.db).product({ name: { ja: "限定 純米大吟醸", en: "Limited junmai daiginjo" }, price: 8000, stock: 20 });
});

describe("a lottery for 12 bottles among 50 entries", () => {
  let lotteryId: number;
  const entrants: Member[] = [];

  it("is opened by staff from the form, audited; the trader's mistakes are named per field", async () => {
    const now = Date.now();
    // The form as the trader fills it in: 12 bottles, 2 a member, entries open since an hour and for another.
    const form = (changes: Record<string, string> = {}) => ({
      product_id: String(product),
      bottles: "12",
      per_member: "2",
      entry_starts_at: japanInput(new Date(now - 3_600_000)),
      entry_ends_at: japanInput(new Date(now + 3_600_000)),
      claim_days: "3",
      ...changes,
    });
    const bad = await admin("POST", "/admin/api/lotteries", form({ bottles: "0", entry_starts_at: "tomorrow", entry_ends_at: "" }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["bottles", "entry_ends_at", "entry_starts_at"]);
    const tooMany = await admin("POST", "/admin/api/lotteries", form({ bottles: "21" }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fields.bottles).toEqual(["在庫が抽選の本数に足りません。"]);

    const created = await admin("POST", "/admin/api/lotteries", form());
    expect(created.statusCode).toBe(201);
    const lottery = created.json().data;
    expect(lottery).toMatchObject({ product_id: product, bottles: 12, per_member: 2, phase: "open", entries: 0, seed: null, claim_days: 3 });
    lotteryId = lottery.id;

    const second = await admin(
      "POST",
      "/admin/api/lotteries",
      form({ bottles: "1", per_member: "1", entry_starts_at: japanInput(new Date(now)), entry_ends_at: japanInput(new Date(now + 7_200_000)) }),
    );
    expect(second.statusCode).toBe(409);

    const audit = await shop.database.db.select().from(staffAuditLogTable).where(eq(staffAuditLogTable.action, "lottery.create"));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect((await shop.app.inject({ method: "GET", url: `/api/lotteries/products/${product}` })).json().data).toMatchObject({ id: lotteryId, phase: "open" });
  });

  it("takes one entry per member, adults with a birth date only, each refusal worded", async () => {
    for (let i = 0; i < 50; i++) {
      const entrant = await member("1985-04-01");
      const response = await enter(entrant, lotteryId);
      expect(response.statusCode).toBe(201);
      entrants.push(entrant);
    }
    const twice = await enter(entrants[0]!, lotteryId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual(["この抽選販売にはすでにご応募いただいています。お一人様1回までです。"]);
    const twiceEn = await enter(entrants[0]!, lotteryId, "en");
    expect(twiceEn.json().errors).toEqual(["You have already entered this lottery. One entry per member."]);

    const noBirthDate = await enter(await member(null), lotteryId);
    expect(noBirthDate.statusCode).toBe(403);
    expect(noBirthDate.json().errors).toEqual(["抽選販売へのご応募には生年月日の登録が必要です。会員情報から生年月日をご登録ください。"]);
    const young = new Date();
    const minor = await enter(await member(`${young.getFullYear() - 19}-01-01`), lotteryId);
    expect(minor.statusCode).toBe(403);
    expect(minor.json().errors).toEqual(["20歳未満の方は抽選販売にご応募いただけません。"]);
    const guest = await enter(shop.browserSession(), lotteryId);
    expect(guest.statusCode).toBe(401);

    const mine = await shop.app.inject({ method: "GET", url: "/api/lottery-entries", headers: entrants[0]!.headers });
    expect(mine.json().data).toEqual([expect.objectContaining({ lottery_id: lotteryId, product_id: product, result: "entered" })]);
  });

  it("holds the bottles: nobody buys them the normal way while the lottery runs", async () => {
    const response = await client.post(entrants[0]!, orderPayload([{ id: product, amount: 1 }], { email: entrants[0]!.email }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: [{ id: product, message: "この商品は抽選販売です。ご当選の会員様のみ、購入期限までにご購入いただけます。" }],
      items_rejected: true,
    });
    const asGuest = await client.post(shop.browserSession(), orderPayload([{ id: product, amount: 1 }]));
    expect(asGuest.statusCode).toBe(422);
    expect(await client.stockOf(product)).toBe(20);
  });

  it("is drawn by staff after the close, from a recorded seed an auditor can replay", async () => {
    expect((await admin("POST", `/admin/api/lotteries/${lotteryId}/draw`, {})).statusCode).toBe(409);
    // The entry period ends (the clock is the database's row here, not a sleep).
    await shop.database.db
      .update(lotteriesTable)
      .set({ entryEndsAt: new Date(Date.now() - 1000) })
      .where(eq(lotteriesTable.id, lotteryId));
    const late = await enter(await member("1985-04-01"), lotteryId);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual(["この抽選販売の応募受付は終了しました。"]);

    const drawn = await admin("POST", `/admin/api/lotteries/${lotteryId}/draw`, {});
    expect(drawn.statusCode).toBe(200);
    const { seed } = drawn.json().data;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin("POST", `/admin/api/lotteries/${lotteryId}/draw`, {})).statusCode).toBe(409);

    const detail = (await admin("GET", `/admin/api/lotteries/${lotteryId}`)).json().data;
    expect(detail.lottery).toMatchObject({ phase: "drawn", entries: 50, seed });
    const replay = drawOrder(
      seed,
      detail.entries.map((entry: { id: number }) => entry.id),
    );
    expect(detail.entries.map((entry: { id: number; draw_rank: number; draw_key: string }) => [entry.id, entry.draw_rank, entry.draw_key])).toEqual(
      replay.map((entry) => [entry.entryId, entry.rank, entry.key]),
    );
    const winners = detail.entries.filter((entry: { result: string }) => entry.result === "won");
    expect(winners.map((entry: { draw_rank: number; bottles: number }) => [entry.draw_rank, entry.bottles])).toEqual(
      [1, 2, 3, 4, 5, 6].map((rank) => [rank, 2]),
    );
    expect(detail.entries.filter((entry: { result: string }) => entry.result === "lost")).toHaveLength(44);
    const audit = await shop.database.db.select().from(staffAuditLogTable).where(eq(staffAuditLogTable.action, "lottery.draw"));
    expect(audit).toHaveLength(1);
  });

  it("mails winners a link and the others a polite notice; the link is the winner's alone", async () => {
    const detail = (await admin("GET", `/admin/api/lotteries/${lotteryId}`)).json().data;
    const first = detail.entries[0];
    const winner = entrants.find((entrant) => entrant.id === first.member_id)!;
    const [winMail] = await shop.mailsTo(winner.email);
    expect(winMail!.subject).toContain("【当選】");
    expect(winMail!.text).toContain(`/mypage/lotteries/${first.id}`);
    expect(winMail!.text).toContain("2本まで");
    const loser = entrants.find((entrant) => entrant.id === detail.entries[49].member_id)!;
    const [lossMail] = await shop.mailsTo(loser.email);
    expect(lossMail!.subject).toContain("抽選販売の結果のお知らせ");
    expect(lossMail!.text).toContain("ご希望に添えない結果");

    const stranger = await shop.app.inject({ method: "GET", url: `/api/lottery-entries/${first.id}`, headers: loser.headers });
    expect(stranger.statusCode).toBe(404);
    const strangerCart = await shop.app.inject({ method: "POST", url: `/api/lottery-entries/${first.id}/cart`, headers: loser.headers, payload: {} });
    expect(strangerCart.statusCode).toBe(404);
    const loserOrder = await client.post(loser, orderPayload([{ id: product, amount: 1 }], { email: loser.email }));
    expect(loserOrder.statusCode).toBe(422);
  });

  it("lets a winner buy the won bottles once, through the normal checkout", async () => {
    const detail = (await admin("GET", `/admin/api/lotteries/${lotteryId}`)).json().data;
    const first = detail.entries[0];
    const winner = entrants.find((entrant) => entrant.id === first.member_id)!;
    const own = await shop.app.inject({ method: "GET", url: `/api/lottery-entries/${first.id}`, headers: winner.headers });
    expect(own.json().data).toMatchObject({ result: "won", bottles: 2, buyable: true });
    const cart = await shop.app.inject({ method: "POST", url: `/api/lottery-entries/${first.id}/cart`, headers: winner.headers, payload: {} });
    expect(cart.statusCode).toBe(200);
    expect(await client.cart(winner)).toEqual([expect.objectContaining({ id: String(product), amount: 2 })]);

    const over = await client.post(winner, orderPayload([{ id: product, amount: 3 }], { email: winner.email }));
    expect(over.statusCode).toBe(422);
    const bought = await client.post(winner, orderPayload([{ id: product, amount: 2 }], { email: winner.email }));
    expect(bought.statusCode).toBe(200);
    const order = await client.order(bought.json().order_id);
    expect(await entryOf(lotteryId, winner.id)).toMatchObject({ result: "purchased", orderId: order!.id, bottles: 2 });
    expect(await client.stockOf(product)).toBe(18);
    const again = await client.post(winner, orderPayload([{ id: product, amount: 1 }], { email: winner.email }));
    expect(again.statusCode).toBe(422);
  });

  it("passes a win whose deadline passed to the next drawn, who is mailed; the sweep is idempotent", async () => {
    const detail = (await admin("GET", `/admin/api/lotteries/${lotteryId}`)).json().data;
    const second = detail.entries[1];
    const next = detail.entries[6];
    expect(next).toMatchObject({ draw_rank: 7, result: "lost" });
    await shop.database.db
      .update(lotteryEntriesTable)
      .set({ claimDeadline: new Date(Date.now() - 1000) })
      .where(eq(lotteryEntriesTable.id, second.id));
    const late = entrants.find((entrant) => entrant.id === second.member_id)!;
    const lateOrder = await client.post(late, orderPayload([{ id: product, amount: 2 }], { email: late.email }));
    expect(lateOrder.statusCode).toBe(422);

    const swept = await admin("POST", "/admin/api/lotteries/sweep", {});
    expect(swept.statusCode).toBe(200);
    expect(swept.json().data).toEqual({ offered: 1, finished: 0 });
    expect(await entryOf(lotteryId, second.member_id)).toMatchObject({ result: "lapsed" });
    const nextMember = entrants.find((entrant) => entrant.id === next.member_id)!;
    expect(await entryOf(lotteryId, nextMember.id)).toMatchObject({ result: "won", bottles: 2 });
    const [moved] = await shop.mailsTo(nextMember.email);
    expect(moved!.subject).toContain("【繰り上げ当選】");
    expect((await shop.app.services.lotteries.sweep()).offered).toBe(0);

    const bought = await client.post(nextMember, orderPayload([{ id: product, amount: 2 }], { email: nextMember.email }));
    expect(bought.statusCode).toBe(200);
  });

  it("gives a cancelled winner's bottles to the next drawn at once, while the lottery runs (繰り上げ当選 mail, no sweep)", async () => {
    const detail = (await admin("GET", `/admin/api/lotteries/${lotteryId}`)).json().data;
    const first = detail.entries[0];
    const next = detail.entries[7];
    expect(next).toMatchObject({ draw_rank: 8, result: "lost" });
    const winner = entrants.find((entrant) => entrant.id === first.member_id)!;
    const entry = await entryOf(lotteryId, winner.id);
    expect(entry.result).toBe("purchased");
    const [order] = await shop.database.db.select().from(ordersTable).where(eq(ordersTable.id, entry.orderId!));
    const stock = await client.stockOf(product);
    const told: number[] = [];
    shop.app.services.catalog.onAvailabilityChange((ids) => told.push(...ids));

    const cancelled = await admin("POST", `/admin/api/orders/${order!.publicId}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(await client.stockOf(product)).toBe(stock + 2);
    // The product was not sold out: it is named for the lottery's sake, so its kept pages are drawn again.
    expect(told).toContain(product);
    expect(await entryOf(lotteryId, winner.id)).toMatchObject({ result: "lapsed" });
    const nextMember = entrants.find((entrant) => entrant.id === next.member_id)!;
    expect(await entryOf(lotteryId, nextMember.id)).toMatchObject({ result: "won", bottles: 2 });
    const mails = (await shop.mailsTo(nextMember.email)).filter((mail) => mail.subject.includes("【繰り上げ当選】"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/mypage/lotteries/${next.id}`);
    // The bottles are the next drawn's alone; the sweep finds nothing more to pass on.
    const stranger = await client.post(shop.browserSession(), orderPayload([{ id: product, amount: 1 }]));
    expect(stranger.statusCode).toBe(422);
    expect((await shop.app.services.lotteries.sweep()).offered).toBe(0);
    const bought = await client.post(nextMember, orderPayload([{ id: product, amount: 2 }], { email: nextMember.email }));
    expect(bought.statusCode).toBe(200);
  });

  it("finishes once every win is bought or lapsed, and the product sells as usual again", async () => {
    await shop.database.db
      .update(lotteryEntriesTable)
      .set({ result: "lost", offeredAt: new Date() })
      .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.result, "lost")));
    await shop.database.db
      .update(lotteryEntriesTable)
      .set({ claimDeadline: new Date(Date.now() - 1000) })
      .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.result, "won")));
    const swept = await shop.app.services.lotteries.sweep();
    expect(swept).toEqual({ offered: 0, finished: 1 });
    expect((await shop.app.inject({ method: "GET", url: `/api/lotteries/products/${product}` })).json().data).toBeNull();
    const anyone = await client.post(shop.browserSession(), orderPayload([{ id: product, amount: 1 }]));
    expect(anyone.statusCode).toBe(200);
  });

  it("after it finished, a winner's cancelled order returns its bottles to ordinary sale, offering nobody", async () => {
    const bought = (
      await shop.database.db
        .select()
        .from(lotteryEntriesTable)
        .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.result, "purchased")))
    )[0]!;
    const [order] = await shop.database.db.select().from(ordersTable).where(eq(ordersTable.id, bought.orderId!));
    const stock = await client.stockOf(product);
    const offeredBefore = (
      await shop.database.db
        .select()
        .from(lotteryEntriesTable)
        .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.result, "won")))
    ).length;
    expect((await admin("POST", `/admin/api/orders/${order!.publicId}/cancel`, {})).statusCode).toBe(200);
    expect(await client.stockOf(product)).toBe(stock + (bought.bottles ?? 0));
    expect(await entryOf(lotteryId, bought.userId)).toMatchObject({ result: "purchased" });
    expect(
      (
        await shop.database.db
          .select()
          .from(lotteryEntriesTable)
          .where(and(eq(lotteryEntriesTable.lotteryId, lotteryId), eq(lotteryEntriesTable.result, "won")))
      ).length,
    ).toBe(offeredBefore);
    expect((await client.post(shop.browserSession(), orderPayload([{ id: product, amount: 1 }]))).statusCode).toBe(200);
  });
});

describe("the back office's lottery routes", () => {
  it("are refused to shoppers", async () => {
    const shopper = await member("1985-04-01");
    expect((await admin("GET", "/admin/api/lotteries", undefined, shopper)).statusCode).toBe(401);
    expect((await admin("POST", "/admin/api/lotteries/sweep", {}, shopper)).statusCode).toBe(401);
    expect((await admin("POST", "/admin/api/lotteries/1/draw", {}, shopper)).statusCode).toBe(401);
  });
});
