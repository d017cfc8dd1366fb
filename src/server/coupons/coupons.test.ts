import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutTotals } from "../../domain/checkout-summary.ts";
import type { CouponPreview } from "../../domain/coupon-input.ts";
import { isCouponLine } from "../../domain/coupons.ts";
import { orderTotals } from "../../domain/order-totals.ts";
import { paymentMethodChoice } from "../../domain/payment-methods/payment-method.registry.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Coupons through the API (decision 086): staff create a code; a checkout with it writes the
// coupon's 値引き lines per rate and books one use; refusals are a 422 under coupon_code with
// nothing written; two checkouts racing for the last use book it once; a cancellation gives it back;
// the list counts uses and the CSV lists them. On PGlite and PostgreSQL alike.

const env = checkoutTestShop();
let staff: StaffSession;

const THIS_YEAR = new Date().getUTCFullYear();
const OPEN = { valid_from: `${THIS_YEAR - 1}-01-01`, valid_until: `${THIS_YEAR + 1}-12-31` };

function createCoupon(body: Record<string, unknown>) {
  return env.shop.app.inject({
    method: "POST",
    url: "/admin/api/coupons",
    headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
    payload: body,
  });
}

async function coupon(body: Record<string, unknown>): Promise<{ id: number; code: string }> {
  const response = await createCoupon({ ...OPEN, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function listed(code: string) {
  const response = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons", headers: staff.headers });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { code: string; uses: number; discount_given: number; used_count: number }[]).find((each) => each.code === code)!;
}

beforeAll(async () => {
  staff = await staffSession(env.shop);
});

describe("a coupon in an order", () => {
  it("takes its 値引き off each rate's goods before tax, and the list counts the use", async () => {
    const red = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 5 });
    await coupon({ code: "TENOFF", kind: "percent", value: "10" });
    const member = await env.shop.memberSession();
    const response = await env.client.post(member, orderPayload([{ id: red, amount: 2 }], { coupon_code: " tenoff " }));
    expect(response.statusCode, response.body).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    const charges = await env.shop.app.services.orders.chargesOf(order.id);
    expect(charges.map((charge) => [charge.kind, charge.labelJa, charge.amount, charge.taxRatePercent])).toEqual([
      ["shipping", "送料", 1100, null],
      ["discount", "クーポン値引き（TENOFF）", -600, 10],
    ]);
    // 6,000 − 600 + 1,100 = 6,500 → tax 650.
    expect(order.taxTotal).toBe(650);
    expect(order.price).toBe(7150);
    expect(await listed("TENOFF")).toMatchObject({ uses: 1, used_count: 1, discount_given: 660 });

    const [mail] = await env.shop.mailsTo(order.email);
    expect(mail!.text).toContain("クーポン値引き（TENOFF）");
  });

  it("refuses a code with its own message under coupon_code, and writes nothing", async () => {
    const red = await env.make.product({ price: 2000, stock: 5 });
    await coupon({ code: "BIGSPEND", kind: "fixed", value: "500", minimum_order: "10000" });
    const before = await env.client.orderCount();
    const guest = env.shop.browserSession();
    const cases: [string, string][] = [
      ["NOSUCH", "このクーポンコードは見つかりません。入力内容をご確認ください"],
      ["BIGSPEND", "このクーポンは商品合計10,000円（税込）以上でご利用いただけます。あと7,800円分のお買い物でご利用いただけます"],
    ];
    for (const [code, message] of cases) {
      const response = await env.client.post(guest, orderPayload([{ id: red, amount: 1 }], { coupon_code: code }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([message]);
    }
    const english = await env.client.post(guest, orderPayload([{ id: red, amount: 1 }], { coupon_code: "NOSUCH" }), { locale: "en" });
    expect(english.json().errors).toEqual(["This coupon code was not found. Please check what you typed"]);
    await coupon({ code: "MEMBERS", kind: "fixed", value: "300", members_only: "on" });
    const membersOnly = await env.client.post(guest, orderPayload([{ id: red, amount: 1 }], { coupon_code: "MEMBERS" }));
    expect(membersOnly.json().errors).toEqual(["このクーポンは会員さま限定です。ログインしてからご利用ください"]);
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(red)).toBe(5);
  });

  it("refuses a second use by the same member when the limit per member is one", async () => {
    const red = await env.make.product({ price: 2000, stock: 5 });
    await coupon({ code: "ONCEEACH", kind: "fixed", value: "200", per_member_limit: "1" });
    const member = await env.shop.memberSession();
    expect((await env.client.post(member, orderPayload([{ id: red, amount: 1 }], { coupon_code: "ONCEEACH" }))).statusCode).toBe(200);
    const again = await env.client.post(member, orderPayload([{ id: red, amount: 1 }], { coupon_code: "ONCEEACH" }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(["このクーポンはすでにご利用済みです"]);
  });
});

describe("the last use", () => {
  it("two checkouts at once for a code with one use left: one order, the other told it is used up", async () => {
    const red = await env.make.product({ price: 3000, stock: 10 });
    await coupon({ code: "LASTONE", kind: "fixed", value: "500", total_limit: "1" });
    const before = await env.client.orderCount();
    const answers = await Promise.all([
      env.client.post(env.shop.browserSession(), orderPayload([{ id: red, amount: 1 }], { coupon_code: "LASTONE" })),
      env.client.post(env.shop.browserSession(), orderPayload([{ id: red, amount: 1 }], { coupon_code: "LASTONE" })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toEqual(["このクーポンは利用上限に達したため、ご利用いただけません"]);
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.stockOf(red)).toBe(9);
    expect(await listed("LASTONE")).toMatchObject({ uses: 1, used_count: 1 });
  });

  it("a cancelled order gives its use back, and the code may be used again", async () => {
    const red = await env.make.product({ price: 3000, stock: 10 });
    await coupon({ code: "GIVEBACK", kind: "free_shipping", total_limit: "1" });
    const placed = await env.client.post(env.shop.browserSession(), orderPayload([{ id: red, amount: 1 }], { coupon_code: "GIVEBACK" }));
    expect(placed.statusCode).toBe(200);
    const order = (await env.client.order(placed.json().order_id))!;
    // Free shipping: the shipping line stays and the coupon takes it off at the standard rate; 3,000 → tax 300.
    expect(order.price).toBe(3300);
    const cancel = await env.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.publicId}/cancel`,
      headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await listed("GIVEBACK")).toMatchObject({ uses: 0, used_count: 0 });
    const again = await env.client.post(env.shop.browserSession(), orderPayload([{ id: red, amount: 1 }], { coupon_code: "GIVEBACK" }));
    expect(again.statusCode).toBe(200);

    const csv = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons/uses.csv", headers: staff.headers });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.split("\r\n").filter((row) => row.startsWith("GIVEBACK"));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.endsWith(","))).toHaveLength(1);

    // The figures per coupon: one use standing (one order), one given back, what it took off with tax.
    const second = (await env.client.order(again.json().order_id))!;
    const shipping = (await env.shop.app.services.orders.chargesOf(second.id))
      .filter((charge) => charge.kind === "discount")
      .reduce((sum, charge) => sum - charge.amount, 0);
    const discountWithTax = shipping + Math.ceil((shipping * 10) / 100);
    expect(await listed("GIVEBACK")).toMatchObject({ uses: 1, orders: 1, given_back: 1, members: 0, discount_given: discountWithTax });
    for (const locale of ["ja", "en"] as const) {
      const figures = await env.shop.app.inject({
        method: "GET",
        url: "/admin/api/coupons.csv",
        headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` },
      });
      expect(figures.statusCode).toBe(200);
      expect(figures.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(figures.body.startsWith("\uFEFF")).toBe(true);
      const header = figures.body.slice(1).split("\r\n")[0]!;
      expect(header.startsWith(locale === "ja" ? "クーポンコード,名前,種類" : "Coupon code,Name,Kind")).toBe(true);
      const row = figures.body.split("\r\n").find((line) => line.startsWith("GIVEBACK,"))!;
      expect(row.split(",").slice(-4)).toEqual(["1", "1", "0", String(discountWithTax)]);
      expect(row).toContain(locale === "ja" ? "送料無料" : "Free shipping");
    }
  });
});

describe("the checkout's coupon field", () => {
  it("checks the code against the visitor's cart for the summary, booking nothing", async () => {
    const sake = await env.make.liquorType("coupon_sake");
    const red = await env.make.product({ price: 3000, stock: 5 });
    const junmai = await env.make.product({ price: 2000, stock: 5, liquorType: sake });
    await coupon({ code: "SAKEDAY", kind: "fixed", value: "300", liquor_types: sake });
    const member = await env.shop.memberSession();
    await env.client.fillCart(member, { [red]: 1, [junmai]: 2 });
    const preview = (code: string, locale = "ja") =>
      env.shop.app.inject({ method: "POST", url: `/${locale}/api/coupons/preview`, headers: member.headers, payload: { coupon_code: code } });
    const found = await preview("sakeday");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual({ code: "SAKEDAY", kind: "fixed", value: 300, combinable: false, eligible_product_ids: [junmai] });
    expect(await listed("SAKEDAY")).toMatchObject({ uses: 0, used_count: 0 });
    const unknown = await preview("NOPE", "en");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual(["This coupon code was not found. Please check what you typed"]);
  });
});

describe("the back office", () => {
  it("names each wrong field, refuses a code taken, and edits a coupon", async () => {
    const blank = await createCoupon({});
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().fields ?? {}).length + blank.json().errors.length).toBeGreaterThan(0);
    const first = await coupon({ code: "EDITME", kind: "fixed", value: "100" });
    const taken = await createCoupon({ ...OPEN, code: "editme", kind: "fixed", value: "100" });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual(["このクーポンコードはすでに使われています"]);
    const edited = await env.shop.app.inject({
      method: "PATCH",
      url: `/admin/api/coupons/${first.id}`,
      headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
      payload: { ...OPEN, code: "EDITME", kind: "percent", value: "5" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ kind: "percent", value: 5 });
  });

  it("is for staff only", async () => {
    const member = await env.shop.memberSession();
    const list = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons", headers: member.headers });
    expect([401, 403]).toContain(list.statusCode);
    const create = await env.shop.app.inject({
      method: "POST",
      url: "/admin/api/coupons",
      headers: { ...member.headers, "idempotency-key": crypto.randomUUID() },
      payload: { ...OPEN, code: "SNEAKY", kind: "fixed", value: "100" },
    });
    expect([401, 403]).toContain(create.statusCode);
  });
});

describe("coupons combined on one order (decision 086)", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-coupons-test-"));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  function pdfText(payload: Buffer, name: string): string {
    expect(payload.subarray(0, 5).toString()).toBe("%PDF-");
    const file = path.join(work, `${name}.pdf`);
    fs.writeFileSync(file, payload);
    return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  }
  const preview = (session: { headers: Record<string, string> }, body: Record<string, unknown>, locale = "ja") =>
    env.shop.app.inject({ method: "POST", url: `/${locale}/api/coupons/preview`, headers: session.headers, payload: body });

  it("two combinable codes: each its own 値引き lines per rate on the order, the receipt and the delivery note, each use counted, as the preview said", async () => {
    const wine = await env.make.product({ name: { ja: "併用の赤", en: "Stack red" }, price: 3000, stock: 10 });
    const juice = await env.make.product({
      name: { ja: "併用のジュース", en: "Stack juice" },
      price: 1000,
      stock: 10,
      taxClass: "reduced",
      alcoholPermille: 0,
      volumeMl: 500,
    });
    await coupon({ code: "STACKYEN", kind: "fixed", value: "550", combinable: "on" });
    await coupon({ code: "STACKTEN", kind: "percent", value: "10", combinable: "on", per_member_limit: "1" });
    const member = await env.shop.memberSession();
    await env.client.fillCart(member, { [wine]: 2, [juice]: 1 });

    // The preview checks both together and answers both, in the order typed (data: the first, as before).
    const checked = await preview(member, { coupon_code: "stackten", coupon_codes: ["stackyen"] });
    expect(checked.statusCode, checked.body).toBe(200);
    const coupons = checked.json().coupons as CouponPreview[];
    expect(coupons.map((each) => [each.code, each.kind, each.combinable])).toEqual([
      ["STACKTEN", "percent", true],
      ["STACKYEN", "fixed", true],
    ]);
    expect(checked.json().data).toEqual(coupons[0]);

    const placed = await env.client.post(
      member,
      orderPayload(
        [
          { id: wine, amount: 2 },
          { id: juice, amount: 1 },
        ],
        { coupon_code: "stackten", coupon_codes: ["stackyen"] },
      ),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await env.client.order(placed.json().order_id))!;
    const charges = await env.shop.app.services.orders.chargesOf(order.id);
    const discounts = charges.filter((charge) => charge.kind === "discount").map((charge) => [charge.labelJa, charge.taxRatePercent, charge.amount]);
    // The fixed 550 yen first: 550 × 6,600/7,680 → 473 and × 1,080/7,680 → 77, before tax 430 (10%) and 71 (8%);
    // then 10% of what it left: wine 6,000 − 430 = 5,570 → 557, juice 1,000 − 71 = 929 → 92.
    expect(discounts).toEqual([
      ["クーポン値引き（STACKYEN）", 10, -430],
      ["クーポン値引き（STACKYEN）", 8, -71],
      ["クーポン値引き（STACKTEN）", 10, -557],
      ["クーポン値引き（STACKTEN）", 8, -92],
    ]);

    // The preview agrees with the order: the page's figures from what it answered are the order's.
    const lines = [
      { unitPrice: 3000, amount: 2, shippingType: "normal" as const, taxRatePercent: 10 },
      { unitPrice: 1000, amount: 1, shippingType: "normal" as const, taxRatePercent: 8 },
    ];
    const ids = [wine, juice];
    const applied = coupons.map((each) => ({
      code: each.code,
      kind: each.kind,
      value: each.value,
      eligible: ids.map((id) => each.eligible_product_ids.includes(id)),
    }));
    const shop = await env.shop.app.services.shopProfiles.profile();
    const figures = checkoutTotals(lines, paymentMethodChoice("bank"), shop.terms, undefined, { deliveryPrefecture: 13 }, applied);
    expect(figures.total).toBe(order.price);
    expect(figures.tax).toBe(order.taxTotal);

    // Both uses counted, each coupon's own figures.
    const yen = await listed("STACKYEN");
    const ten = await listed("STACKTEN");
    expect([yen.uses, yen.used_count, ten.uses, ten.used_count]).toEqual([1, 1, 1, 1]);
    expect(yen.discount_given).toBeGreaterThanOrEqual(549);
    expect(yen.discount_given).toBeLessThanOrEqual(550);
    // Before tax 649; with tax what the total fell by: about 10% more (the tax is rounded once per rate).
    expect(ten.discount_given).toBeGreaterThan(649);
    expect(ten.discount_given).toBeLessThanOrEqual(Math.ceil(557 * 1.1) + Math.ceil(92 * 1.08));
    // Together exactly what the coupons took off the total: the order's total with and without their lines.
    const withoutCoupons = orderTotals(
      lines,
      figures.chargeLines.filter((line) => !isCouponLine(line)),
      shop.terms.taxRatePercent,
    );
    expect(yen.discount_given + ten.discount_given).toBe(withoutCoupons.total - order.price);
    const usesCsv = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons/uses.csv", headers: staff.headers });
    expect(
      usesCsv.body
        .split("\r\n")
        .filter((row) => row.includes(`,${order.id},`))
        .map((row) => row.split(",")[0])
        .sort(),
    ).toEqual(["STACKTEN", "STACKYEN"]);

    // The delivery note and the receipt list both coupons.
    const note = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers });
    expect(note.statusCode).toBe(200);
    const noteText = pdfText(note.rawPayload, "note");
    expect(noteText).toContain("クーポン値引き（STACKYEN）");
    expect(noteText).toContain("クーポン値引き（STACKTEN）");
    expect(
      (
        await env.shop.app.inject({
          method: "POST",
          url: `/admin/api/orders/${order.publicId}/deposit`,
          headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
        })
      ).statusCode,
    ).toBe(200);
    const receipt = await env.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.publicId}/receipt`,
      headers: staff.headers,
      payload: { addressee: "山田 花子", proviso: "" },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const receiptText = pdfText(receipt.rawPayload, "receipt");
    expect(receiptText).toContain("クーポン値引き（STACKYEN）");
    expect(receiptText).toContain("クーポン値引き（STACKTEN）");

    // The limit per member is each coupon's own: the percent one is used, so the pair is refused under its field.
    const again = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { coupon_code: "STACKYEN", coupon_codes: ["STACKTEN"] }));
    expect(again.statusCode).toBe(422);
    expect(again.json().fields).toEqual({ "coupon_codes.0": ["このクーポンはすでにご利用済みです"] });
  });

  it("refuses a coupon that does not combine, and the same code twice, each under its own field, writing nothing", async () => {
    const wine = await env.make.product({ price: 4000, stock: 10 });
    await coupon({ code: "ALONE", kind: "fixed", value: "300" });
    await coupon({ code: "TOGETHER", kind: "percent", value: "5", combinable: "on" });
    const guest = env.shop.browserSession();
    await env.client.fillCart(guest, { [wine]: 1 });
    const before = await env.client.orderCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ coupon_code: "ALONE", coupon_codes: ["TOGETHER"] }, { coupon_code: ["このクーポンは他のクーポンと併用できません"] }],
      [{ coupon_code: "TOGETHER", coupon_codes: ["alone"] }, { "coupon_codes.0": ["このクーポンは他のクーポンと併用できません"] }],
      [{ coupon_code: "TOGETHER", coupon_codes: ["together"] }, { "coupon_codes.0": ["同じクーポンコードがすでに入力されています"] }],
      [{ coupon_code: "TOGETHER", coupon_codes: ["NOSUCH"] }, { "coupon_codes.0": ["このクーポンコードは見つかりません。入力内容をご確認ください"] }],
    ];
    for (const [codes, fields] of cases) {
      const placed = await env.client.post(guest, orderPayload([{ id: wine, amount: 1 }], codes));
      expect(placed.statusCode, JSON.stringify(codes)).toBe(422);
      expect(placed.json().fields).toEqual(fields);
      // The preview says the same, under the same field.
      const checked = await preview(guest, codes);
      expect(checked.statusCode).toBe(422);
      expect(checked.json().fields).toEqual(fields);
    }
    const english = await env.client.post(guest, orderPayload([{ id: wine, amount: 1 }], { coupon_code: "ALONE", coupon_codes: ["TOGETHER"] }), {
      locale: "en",
    });
    expect(english.json().errors).toEqual(["This coupon cannot be combined with other coupons"]);
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(wine)).toBe(10);
    expect(await listed("TOGETHER")).toMatchObject({ uses: 0, used_count: 0 });
    // Alone, a coupon that does not combine works as it always did.
    const alone = await env.client.post(guest, orderPayload([{ id: wine, amount: 1 }], { coupon_code: "ALONE" }));
    expect(alone.statusCode, alone.body).toBe(200);
    expect(await listed("ALONE")).toMatchObject({ uses: 1, used_count: 1 });
  });

  it("two checkouts at once with the same pair typed in opposite orders, one use left of each: one order, both uses booked once", async () => {
    const wine = await env.make.product({ price: 3000, stock: 10 });
    await coupon({ code: "PAIRA", kind: "fixed", value: "110", total_limit: "1", combinable: "on" });
    await coupon({ code: "PAIRB", kind: "percent", value: "5", total_limit: "1", combinable: "on" });
    const before = await env.client.orderCount();
    const answers = await Promise.all([
      env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { coupon_code: "PAIRA", coupon_codes: ["PAIRB"] })),
      env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { coupon_code: "PAIRB", coupon_codes: ["PAIRA"] })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toContain("このクーポンは利用上限に達したため、ご利用いただけません");
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.stockOf(wine)).toBe(9);
    expect(await listed("PAIRA")).toMatchObject({ uses: 1, used_count: 1 });
    expect(await listed("PAIRB")).toMatchObject({ uses: 1, used_count: 1 });
  });

  it("stores the option from the back office's form: unticked by default, ticked when sent", async () => {
    const plain = await coupon({ code: "PLAINONE", kind: "fixed", value: "100" });
    expect((await listed("PLAINONE")) as unknown).toMatchObject({ combinable: false });
    const edited = await env.shop.app.inject({
      method: "PATCH",
      url: `/admin/api/coupons/${plain.id}`,
      headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
      payload: { ...OPEN, code: "PLAINONE", kind: "fixed", value: "100", combinable: "on" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ combinable: true });
  });
});
