import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderPointsTable, pointBalancesTable, pointLedgerTable } from "../db/schema/points.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { MemberSession } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Points through the API (decision 089), on PGlite and PostgreSQL alike: staff grant a member points;
// a checkout with a coupon and points writes both as 値引き lines per rate and books the use; paid,
// the order earns its points once; a partial cancellation and a return take back and give back the
// right points; a full cancellation settles the rest; two devices spending the last points spend
// them once; the cod ceiling and a 3-D Secure re-post work with points; the expiry sweep; the
// liability and its CSV.

const env = checkoutTestShop();
let staff: StaffSession;

const THIS_YEAR = new Date().getUTCFullYear();

function keyed(headers: Record<string, string>) {
  return { ...headers, "idempotency-key": crypto.randomUUID() };
}

/** PUTs the points rule as the given staff member (only the owner may). */
function saveRule(who: { headers: Record<string, string> }, payload: { base_rate_percent: string; grant_on: string; expiry_months: string }) {
  return env.shop.app.inject({ method: "PUT", url: "/admin/api/points/settings", headers: keyed(who.headers), payload });
}

/** Staff's form that adds (or, negative, removes) a member's points with a reason; the raw answer. */
function postPoints(userId: number, points: string, reason: string) {
  return env.shop.app.inject({ method: "POST", url: `/admin/api/members/${userId}/points`, headers: keyed(staff.headers), payload: { points, reason } });
}

async function grant(member: MemberSession, points: number, reason = "ご愛顧のお礼") {
  const response = await postPoints(member.user.id, String(points), reason);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { balance: number; expires_on: string };
}

async function myPoints(member: MemberSession) {
  const response = await env.shop.app.inject({ method: "GET", url: "/api/points", headers: member.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    balance: number;
    expires_on: string | null;
    pending: number;
    rate_percent: number;
    history: { kind: string; points: number; label: string }[];
  };
}

async function orderPointsOf(orderId: number) {
  const [row] = await env.shop.database.db.select().from(orderPointsTable).where(eq(orderPointsTable.orderId, orderId));
  return row!;
}

function staffPost(publicId: string, action: string, payload: object = {}) {
  return env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${publicId}/${action}`, headers: keyed(staff.headers), payload });
}

async function chargesOf(orderId: number) {
  return (await env.shop.app.services.orders.chargesOf(orderId)).map((charge) => [charge.kind, charge.labelJa, charge.amount, charge.taxRatePercent]);
}

beforeAll(async () => {
  staff = await staffSession(env.shop);
});

describe("a coupon and points in one order", () => {
  it("both are 値引き lines per rate; paid, the order earns once; a partial cancellation, a return and the cancellation settle the points", async () => {
    const wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 20 });
    const food = await env.make.product({ name: { ja: "蔵のおつまみ", en: "Kura snacks" }, price: 1000, stock: 20, taxClass: "reduced", alcoholPermille: 0 });
    const coupon = await env.shop.app.inject({
      method: "POST",
      url: "/admin/api/coupons",
      headers: keyed(staff.headers),
      payload: { code: "PTS500", kind: "fixed", value: "500", valid_from: `${THIS_YEAR - 1}-01-01`, valid_until: `${THIS_YEAR + 1}-12-31` },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const member = await env.shop.memberSession();
    expect(await grant(member, 1000)).toMatchObject({ balance: 1000 });

    const response = await env.client.post(
      member,
      orderPayload(
        [
          { id: wine, amount: 2 },
          { id: food, amount: 2 },
        ],
        { coupon_code: "PTS500", use_points: "800" },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    // Goods with tax: 6,600 at 10%, 2,160 at 8% (8,760). The coupon's 500: 376.7… → 377 and 123.2… → 123;
    // before tax 342 and 113. Left with tax: 5,658 + 6,000−342… the points' 800 follow the same shares.
    const charges = await chargesOf(order.id);
    expect(charges.filter(([kind]) => kind === "discount").map(([, label, , rate]) => [label, rate])).toEqual([
      ["クーポン値引き（PTS500）", 10],
      ["クーポン値引き（PTS500）", 8],
      ["ポイント利用", 10],
      ["ポイント利用", 8],
    ]);
    const pointsOff = charges.filter(([, label]) => label === "ポイント利用").reduce((sum, [, , amount]) => sum + (amount as number), 0);
    // 800 points with tax → before tax: about 800 / 1.1 and / 1.08, rounded down per rate.
    expect(pointsOff).toBeLessThan(-700);
    expect(pointsOff).toBeGreaterThan(-800);
    expect((await myPoints(member)).balance).toBe(200);
    const placed = await orderPointsOf(order.id);
    expect(placed).toMatchObject({ used: 800, usedStanding: 800, grantedAt: null });
    // 1% of the goods with tax after both discounts (8,760 − 500 − 800 = 7,460 → about 74).
    expect(placed.toEarn).toBeGreaterThanOrEqual(73);
    expect(placed.toEarn).toBeLessThanOrEqual(75);
    const [mail] = await env.shop.mailsTo(order.email);
    expect(mail!.text).toContain("ポイント利用");
    expect(mail!.text).toContain("ご利用ポイント: 800ポイント");
    expect(mail!.text).toContain(`獲得予定ポイント: ${placed.toEarn}ポイント（ご入金の確認後に付与します）`);

    // Paid: the points are granted once, with the expiry a year on.
    expect((await staffPost(order.publicId, "deposit")).statusCode).toBe(200);
    const paid = await myPoints(member);
    expect(paid.balance).toBe(200 + placed.toEarn);
    expect(paid.expires_on).toMatch(new RegExp(`^${THIS_YEAR + 1}-`));
    expect(paid.history.map((entry) => entry.kind)).toEqual(["earn", "use", "staff_grant"]);

    // A partial cancellation: one of two bottles of wine off. The used points stay with the order's lines;
    // what it earned falls with the goods (8,000 → 5,000 before tax): toEarn × 5/8, rounded down.
    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}`, headers: staff.headers });
    const wineLine = (detail.json().data.items as { product_id: number; line_id: number }[]).find((item) => item.product_id === wine)!.line_id;
    const cut = await staffPost(order.publicId, "lines", { line: wineLine, quantity: 1 });
    expect(cut.statusCode, cut.body).toBe(200);
    const afterCut = await orderPointsOf(order.id);
    const keptEarning = Math.floor((placed.toEarn * 5000) / 8000);
    expect(afterCut).toMatchObject({ usedStanding: 800, toEarn: keptEarning, earnedStanding: keptEarning });
    expect((await myPoints(member)).balance).toBe(200 + keptEarning);

    // Shipped, then the two snacks come back for a refund: their share of the goods (2,000 of 5,000)
    // of the points used comes back (800 × 2/5 = 320) and of the points earned goes (keptEarning × 2/5).
    expect((await staffPost(order.publicId, "ship", { slip_number: "1234-5678-9012", carrier: "yamato" })).statusCode).toBe(200);
    const items = await env.shop.app.services.orders.itemsOf(order.id);
    const snacks = items.find((item) => item.productId === food)!;
    const back = await staffPost(order.publicId, "returns", { lines: [{ item_id: snacks.id, quantity: 2 }], reason: "defective", remedy: "refund" });
    expect(back.statusCode, back.body).toBe(201);
    const takenBack = Math.floor((keptEarning * 2000) / 5000);
    const afterReturn = await orderPointsOf(order.id);
    expect(afterReturn).toMatchObject({ usedStanding: 480, earnedStanding: keptEarning - takenBack });
    const returned = await myPoints(member);
    expect(returned.balance).toBe(200 + keptEarning + 320 - takenBack);
    expect(
      returned.history
        .slice(0, 2)
        .map((entry) => [entry.kind, entry.points])
        .sort(),
    ).toEqual(
      [
        ["give_back", 320],
        ["take_back", -takenBack],
      ].sort(),
    );
  });

  it("a member earns at their rank's rate: シルバー's 2 % once a paid order lifts them to it (decision 090's defaults)", async () => {
    const wine = await env.make.product({ price: 30_000, stock: 10 });
    const member = await env.shop.memberSession();
    const first = (await env.client.order((await env.client.post(member, orderPayload([{ id: wine, amount: 1 }]))).json().order_id))!;
    // レギュラー: 1 % of 33,000 yen with tax.
    expect((await orderPointsOf(first.id)).toEarn).toBe(330);
    expect((await staffPost(first.publicId, "deposit")).statusCode).toBe(200);
    const rank = await env.shop.app.inject({ method: "GET", url: "/api/rank", headers: member.headers });
    expect(rank.json().data).toMatchObject({ rank: { name: "シルバー", point_rate: 2 } });
    const second = (await env.client.order((await env.client.post(member, orderPayload([{ id: wine, amount: 1 }]))).json().order_id))!;
    expect((await orderPointsOf(second.id)).toEarn).toBe(660);
  });

  it("a cancelled order gives back what it used and takes back what it earned, once", async () => {
    const wine = await env.make.product({ price: 5000, stock: 10 });
    const member = await env.shop.memberSession();
    await grant(member, 300);
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "300" }));
    expect(response.statusCode, response.body).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    expect((await staffPost(order.publicId, "deposit")).statusCode).toBe(200);
    const earned = (await orderPointsOf(order.id)).toEarn;
    expect(earned).toBeGreaterThan(0);
    expect((await myPoints(member)).balance).toBe(earned);
    expect((await staffPost(order.publicId, "cancel")).statusCode).toBe(200);
    expect((await myPoints(member)).balance).toBe(300);
    expect((await staffPost(order.publicId, "cancel")).statusCode).not.toBe(200);
    expect((await myPoints(member)).balance).toBe(300);
  });
});

describe("the figures the pages show (獲得予定ポイント)", () => {
  it("the product's own rate and the base rate; carts carry each product's own rate; a member's rate is their rank's", async () => {
    const own = await env.make.product({ price: 2000, stock: 10, pointRatePercent: 5 });
    const plain = await env.make.product({ price: 30_000, stock: 10 });
    const ownAnswer = await env.shop.app.inject({ method: "GET", url: `/api/products/${own}/points` });
    expect(ownAnswer.json().data).toEqual({ rate_percent: 5, product_rate_percent: 5 });
    const plainAnswer = await env.shop.app.inject({ method: "GET", url: `/api/products/${plain}/points` });
    expect(plainAnswer.json().data).toEqual({ rate_percent: 1, product_rate_percent: null });

    const guest = env.shop.browserSession();
    const cart = await env.shop.app.inject({
      method: "PUT",
      url: "/api/carts",
      headers: guest.headers,
      payload: { cart: { cart_product_ids: { [own]: 1, [plain]: 1 } } },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect((cart.json().data as { id: string; point_rate: number | null }[]).map((item) => [item.id, item.point_rate])).toEqual([
      [String(own), 5],
      [String(plain), null],
    ]);

    // レギュラー earns at 1 %; a paid order of 33,000 yen lifts the member to シルバー (2 %): both answers say so.
    const member = await env.shop.memberSession();
    const rateOf = async () => {
      const rank = await env.shop.app.inject({ method: "GET", url: "/api/rank", headers: member.headers });
      expect(rank.statusCode, rank.body).toBe(200);
      return [rank.json().data.point_rate_percent, (await myPoints(member)).rate_percent];
    };
    expect(await rateOf()).toEqual([1, 1]);
    const order = (await env.client.order((await env.client.post(member, orderPayload([{ id: plain, amount: 1 }]))).json().order_id))!;
    expect((await staffPost(order.publicId, "deposit")).statusCode).toBe(200);
    expect(await rateOf()).toEqual([2, 2]);
    const points = await env.shop.app.inject({ method: "GET", url: "/api/points", headers: member.headers });
    expect(points.json().data).toMatchObject({ base_rate_percent: 1, rate_percent: 2, on_charges: false, grant_on: "paid" });
  });
});

describe("refusals and races", () => {
  it("points over the balance, a guest's points, a typed word: a 422 under use_points and nothing written", async () => {
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const member = await env.shop.memberSession();
    await grant(member, 100);
    const before = await env.client.orderCount();
    const over = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "101" }));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual(["ご利用いただけるのは現在のポイント残高の100ポイントまでです（別のご注文でのご利用や有効期限で残高が変わります）"]);
    const english = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "101" }), { locale: "en" });
    expect(english.json().errors).toEqual(["You can use up to 100 points, your balance now (it changes when points are used on another order or expire)"]);
    const guest = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { use_points: "10" }));
    expect(guest.json().errors).toEqual(["ポイントは会員さまのみご利用いただけます。ログインしてからご利用ください"]);
    const word = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "たくさん" }));
    expect(word.statusCode).toBe(422);
    expect(word.json().errors).toEqual(["ご利用ポイントは0以上の整数で入力してください"]);
    expect(await env.client.orderCount()).toBe(before);
    expect((await myPoints(member)).balance).toBe(100);
  });

  it("two devices spending the last 500 points at once: one order, the other refused, the points spent once", async () => {
    const wine = await env.make.product({ price: 3000, stock: 10 });
    const member = await env.shop.memberSession();
    await grant(member, 500);
    const before = await env.client.orderCount();
    const answers = await Promise.all([
      env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "500" })),
      env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { use_points: "500" })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toEqual([
      "ご利用いただけるのは現在のポイント残高の0ポイントまでです（別のご注文でのご利用や有効期限で残高が変わります）",
    ]);
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.stockOf(wine)).toBe(9);
    const uses = await env.shop.database.db.select().from(pointLedgerTable).where(eq(pointLedgerTable.userId, member.user.id));
    expect(uses.filter((row) => row.kind === "use").map((row) => row.points)).toEqual([-500]);
    expect((await myPoints(member)).balance).toBe(0);
  });

  it("the same request resent with its key books the points once", async () => {
    const wine = await env.make.product({ price: 3000, stock: 10 });
    const member = await env.shop.memberSession();
    await grant(member, 400);
    const payload = orderPayload([{ id: wine, amount: 1 }], { use_points: "400" });
    const key = crypto.randomUUID();
    const first = await env.client.post(member, payload, { key });
    const again = await env.client.post(member, payload, { key });
    expect(first.statusCode).toBe(200);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect((await myPoints(member)).balance).toBe(0);
    const uses = await env.shop.database.db.select().from(pointLedgerTable).where(eq(pointLedgerTable.userId, member.user.id));
    expect(uses.filter((row) => row.kind === "use")).toHaveLength(1);
  });
});

describe("points with the payment rules", () => {
  it("points that take a cash-on-delivery order under its ceiling make it acceptable", async () => {
    const cask = await env.make.product({ price: 100_000, stock: 5 });
    const member = await env.shop.memberSession();
    await grant(member, 40_000);
    const refused = await env.client.post(member, orderPayload([{ id: cask, amount: 3 }], { payment_method: "cod" }));
    expect(refused.statusCode).toBe(422);
    const accepted = await env.client.post(member, orderPayload([{ id: cask, amount: 3 }], { payment_method: "cod", use_points: "40000" }));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order = (await env.client.order(accepted.json().order_id))!;
    expect(order.price).toBeLessThan(300_000);
  });

  it("a 3-D Secure card order keeps its points through the re-post, and earns when paid", async () => {
    const wine = await env.make.product({ price: 4000, stock: 5 });
    const member = await env.shop.memberSession();
    await grant(member, 1000);
    await env.client.fillCart(member, { [wine]: 2 });
    const paymentMethodId = await env.client.paymentMethod(member, CARDS.threeDSecure);
    const payload = orderPayload([{ id: wine, amount: 2 }], { payment_method: "credit", payment: { payment_method_id: paymentMethodId }, use_points: "1000" });
    const key = crypto.randomUUID();
    const first = (await env.client.post(member, payload, { key })).json();
    expect(first.require_action).toBe(true);
    expect((await myPoints(member)).balance).toBe(0);
    const paymentIntentId = await env.client.challenge(member, first.payment_intent_client_secret, "complete");
    const again = await env.client.post(member, { ...payload, payment_intent_id: paymentIntentId, order_id: first.order_id }, { key });
    expect(again.statusCode, again.body).toBe(200);
    const order = (await env.client.order(first.order_id))!;
    expect(order.status).toBe("deposited");
    const row = await orderPointsOf(order.id);
    expect(row).toMatchObject({ used: 1000, usedStanding: 1000 });
    expect(row.grantedAt).not.toBeNull();
    // A card is paid as the order is confirmed: the mail says so, not 「ご入金の確認後」.
    const mail = (await env.shop.mailsTo(order.email)).find((each) => each.text.includes("獲得予定ポイント"));
    expect(mail?.text).toContain(`獲得予定ポイント: ${row.toEarn}ポイント（ご注文の確定時に付与します）`);
    const mine = await myPoints(member);
    expect(mine.balance).toBe(row.toEarn);
    expect(mine.history.filter((entry) => entry.kind === "use")).toHaveLength(1);
  });
});

describe("expiry, the trader's rule and the books", () => {
  it("the sweep expires a balance past its Japan date, and leaves one still in date", async () => {
    const old = await env.shop.memberSession();
    const fresh = await env.shop.memberSession();
    await grant(old, 700);
    await grant(fresh, 300);
    await env.shop.database.db.update(pointBalancesTable).set({ expiresOn: "2026-03-31" }).where(eq(pointBalancesTable.userId, old.user.id));
    await env.shop.database.db.update(pointBalancesTable).set({ expiresOn: "2026-04-01" }).where(eq(pointBalancesTable.userId, fresh.user.id));
    // 2026-03-31 15:30 UTC is 1 April 00:30 in Japan: 31 March has passed there, 1 April has not.
    await env.shop.app.services.points.expire(new Date("2026-03-31T15:30:00Z"));
    expect((await myPoints(old)).balance).toBe(0);
    expect((await myPoints(old)).history[0]).toMatchObject({ kind: "expire", points: -700 });
    expect((await myPoints(fresh)).balance).toBe(300);
  });

  it("the owner sets the rule; staff may not; a rate of 0 earns nothing", async () => {
    const owner = await staffSession(env.shop, "owner");
    const refused = await saveRule(staff, { base_rate_percent: "0", grant_on: "paid", expiry_months: "12" });
    expect(refused.statusCode).toBe(403);
    const invalid = await saveRule(owner, { base_rate_percent: "101", grant_on: "never", expiry_months: "12" });
    expect(invalid.statusCode).toBe(422);
    const saved = await saveRule(owner, { base_rate_percent: "0", grant_on: "shipped", expiry_months: "6" });
    expect(saved.statusCode, saved.body).toBe(200);
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const member = await env.shop.memberSession();
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }]));
    expect((await orderPointsOf((await env.client.order(response.json().order_id))!.id)).toEarn).toBe(0);
    await saveRule(owner, { base_rate_percent: "1", grant_on: "paid", expiry_months: "12" });
  });

  it("staff remove points with a reason, not past the balance; the liability and its CSV count what is outstanding", async () => {
    const member = await env.shop.memberSession();
    await grant(member, 250);
    const over = await postPoints(member.user.id, "-251", "誤付与");
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual(["減算できるのは残高（250ポイント）までです"]);
    const noReason = await postPoints(member.user.id, "-50", "");
    expect(noReason.statusCode).toBe(422);
    expect(await grant(member, -50, "誤付与の訂正")).toMatchObject({ balance: 200 });
    const nobody = await postPoints(99999999, "10", "x");
    expect(nobody.statusCode).toBe(404);
    const history = await env.shop.app.inject({ method: "GET", url: `/admin/api/members/${member.user.id}/points`, headers: staff.headers });
    expect(history.json().data.history[0]).toMatchObject({ kind: "staff_remove", points: -50, reason: "誤付与の訂正", staff_id: staff.staff.id });

    const liability = (await env.shop.app.inject({ method: "GET", url: "/admin/api/points/liability", headers: staff.headers })).json().data;
    const [sum] = await env.shop.database.db
      .select({ total: pointBalancesTable.balance })
      .from(pointBalancesTable)
      .where(eq(pointBalancesTable.userId, member.user.id));
    expect(sum!.total).toBe(200);
    expect(liability.points).toBeGreaterThanOrEqual(200);
    expect(liability.yen).toBe(liability.points);
    const csv = await env.shop.app.inject({ method: "GET", url: "/admin/api/points/balances.csv", headers: staff.headers });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("会員ID,ポイント残高,金額（円）,有効期限,最終更新日時");
    expect(csv.body).toContain(`${member.user.id},200,200,`);
  });
});
