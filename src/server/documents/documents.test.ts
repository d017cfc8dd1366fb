import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { eq } from "drizzle-orm";
import { orderItemsTable, ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { receiptPageUrl, receiptToken } from "./receipt-link.ts";

// Delivery notes and receipts as PDF (issue 19, decision 037): rendered here, read back as text with
// pdftotext and drawn as images with pdftoppm (poppler); authorization of every route.

const SECRET = "test-secret-that-is-at-least-32-characters-long";
const REGISTRATION = "T1234567890123";
const NOTICE = "20歳未満の者の飲酒は法律で禁止されています";

let shop: TestApp;
let staff: StaffSession;
let member: MemberSession;
let other: MemberSession;
let wine: number;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-pdf-test-"));
// Set PDF_PREVIEW_DIR to keep the PNG pages for a look.
const preview = process.env.PDF_PREVIEW_DIR;

function textOf(pdf: Buffer, name: string): string {
  const file = path.join(preview ?? work, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

/** Pages drawn by pdftoppm; each must have ink on it. Answers the page count. */
async function renderedPages(pdf: Buffer, name: string): Promise<number> {
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const prefix = path.join(preview ?? work, name);
  execFileSync("pdftoppm", ["-r", "60", "-png", file, prefix]);
  const pages = fs.readdirSync(preview ?? work).filter((each) => new RegExp(`^${name}-\\d+\\.png$`).test(each));
  for (const page of pages) {
    const stats = await sharp(path.join(preview ?? work, page)).stats();
    // White paper with text: below pure white on average, but mostly white.
    expect(stats.channels[0]!.mean).toBeLessThan(254);
    expect(stats.channels[0]!.mean).toBeGreaterThan(200);
  }
  return pages.length;
}

function pdfOf(response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  return response.rawPayload;
}

/** One POST of a receipt form: the member's `/api/orders/:id/receipt`, the back office's, or the guest's `/api/receipt` with its token in the payload. */
function postReceipt(url: string, headers: Record<string, string>, payload: object) {
  return shop.app.inject({ method: "POST", url, headers, payload });
}

/** The member's paid order of two bottles of wine (10%) with a non-alcoholic item at the reduced 8% added. */
async function mixedRateOrder() {
  const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: member.user.id });
  await shop.database.db.insert(orderItemsTable).values({
    orderId: order.id,
    productId: null,
    nameJa: "ノンアルコール スパークリング",
    nameEn: "Non-alcoholic sparkling",
    unitPrice: 1000,
    taxRatePercent: 8,
    amount: 1,
    position: 1,
  });
  return order;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  const profile = await shop.app.services.shopProfiles.profile();
  await shop.app.services.shopProfiles.save({ ...profile, invoiceRegistrationNumber: REGISTRATION });
  staff = await staffSession(shop);
  member = await shop.memberSession();
  other = await shop.memberSession();
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100 });
});

afterAll(async () => {
  await shop.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("delivery note (納品書)", () => {
  it("prints the shop, its licence, the order number, buyer and recipient, items with prices and the notice", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "山田 花子" });
    const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers });
    const pdf = pdfOf(response);
    const text = textOf(pdf, "delivery-note");
    expect(text.replace(/\s+/g, "")).toContain("納品書");
    expect(text).toContain(`注文番号 ${orderNumberForShopper(order.publicId)}`);
    expect(text).toContain("酒舗 蔵");
    expect(text).toContain("浅法第1234号");
    expect(text).toContain("酒類販売管理者 蔵前 恭平");
    expect(text).toContain("ご購入者");
    expect(text).toContain("お届け先");
    expect(text).toContain("山田 花子 様");
    expect(text).toContain("蔵の赤");
    expect(text).toMatch(/¥3,000\s+¥6,000/);
    expect(text).toMatch(/合計\(税込\)\s+¥7,810/);
    expect(text).toContain(NOTICE);
    expect(await renderedPages(pdf, "delivery-note")).toBe(1);
    // Subset fonts keep a page small.
    expect(pdf.length).toBeLessThan(120_000);
  });

  it("leaves every amount off when the gift option 'no prices' was chosen", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank" });
    await shop.database.db
      .update(ordersTable)
      .set({ gift: { wrapping: true, noshi: null, messageCard: "", hidePrices: true } })
      .where(eq(ordersTable.id, order.id));
    const text = textOf(
      pdfOf(await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers })),
      "gift-note",
    );
    expect(text).toContain("蔵の赤");
    expect(text).toContain(orderNumberForShopper(order.publicId));
    expect(text).toContain(NOTICE);
    expect(text).not.toMatch(/¥|単価|合計/);
  });

  it("prints the day's shipments in one PDF, a page per order ready to ship or shipped that day", async () => {
    const paid = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "発送 一郎" });
    const cod = await insertOrder(shop, { productId: wine, status: "await_payment", method: "cod", name: "代引 二郎" });
    const unpaid = await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank", name: "未入金 三郎" });
    const shipped = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "出荷 四郎" });
    const ship = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${shipped.publicId}/ship`,
      headers: staff.headers,
      payload: { slip_number: "1234-5678-9012" },
    });
    expect(ship.statusCode).toBe(200);
    const cancelled = await insertOrder(shop, { productId: wine, status: "cancelled", method: "bank", name: "取消 五郎" });

    const response = await shop.app.inject({ method: "GET", url: "/admin/api/delivery-notes", headers: staff.headers });
    const pdf = pdfOf(response);
    const text = textOf(pdf, "delivery-notes");
    for (const order of [paid, cod, shipped]) expect(text).toContain(orderNumberForShopper(order.publicId));
    for (const order of [unpaid, cancelled]) expect(text).not.toContain(orderNumberForShopper(order.publicId));
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBe(await renderedPages(pdf, "delivery-notes"));
    expect(pages.every((page) => page.includes(NOTICE))).toBe(true);
    // The earlier tests' orders are ready to ship too.
    expect(pages.length).toBe(5);

    const none = await shop.app.inject({ method: "GET", url: "/admin/api/delivery-notes?date=2020-01-01", headers: staff.headers });
    // Orders ready to ship are listed whatever the day; a day before any shipping still lists them.
    expect(none.statusCode).toBe(200);
    const bad = await shop.app.inject({ method: "GET", url: "/admin/api/delivery-notes?date=2026-02-30", headers: staff.headers });
    expect(bad.statusCode).toBe(422);
  });

  it("marks a reduced-rate item ※ as the receipt does, and says what ※ means (issue 28)", async () => {
    const order = await mixedRateOrder();
    const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers });
    const text = textOf(pdfOf(response), "mixed-delivery-note");
    expect(text).toMatch(/ノンアルコール スパークリング ※/);
    expect(text).not.toMatch(/蔵の赤 ※/);
    expect(text).toMatch(/消費税\(8%対象 ¥1,000\)\s+¥80/);
    expect(text).toContain("※は軽減税率(8%)対象商品です。");
  });

  it("adds no 様 to a name that already ends in 御中", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "蔵前酒販株式会社 御中" });
    const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers });
    const text = textOf(pdfOf(response), "delivery-note-company");
    expect(text).toContain("蔵前酒販株式会社 御中");
    expect(text).not.toMatch(/御中\s*様/);
  });

  it("is for staff only", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: member.user.id });
    const asMember = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: member.headers });
    expect(asMember.statusCode).toBe(401);
    const bulk = await shop.app.inject({ method: "GET", url: "/admin/api/delivery-notes", headers: shop.browserSession().headers });
    expect(bulk.statusCode).toBe(401);
    const unknown = await shop.app.inject({ method: "GET", url: "/admin/api/orders/0000000000AA/delivery-note", headers: staff.headers });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("receipt (領収書) for a member", () => {
  it("adds no 様 after an addressee that already ends in 御中, and 様 after a person's name", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: member.user.id });
    const company = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "株式会社テスト商事 御中", proviso: "" });
    const text = textOf(pdfOf(company), "receipt-company");
    expect(text).toContain("株式会社テスト商事 御中");
    expect(text).not.toMatch(/御中\s*様/);
    const person = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "山田 花子", proviso: "" });
    expect(textOf(pdfOf(person), "receipt-person")).toMatch(/山田 花子\s+様/);
  });

  it("issues the original with the registration number, tax per rate and the notice, then 再発行", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: member.user.id });
    const state = await shop.app.inject({ method: "GET", url: `/api/orders/${order.publicId}/receipt`, headers: member.headers });
    expect(state.json().data).toMatchObject({ available: true, issued: 0, orderNumber: orderNumberForShopper(order.publicId) });

    const first = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "株式会社テスト商事", proviso: "" });
    const pdf = pdfOf(first);
    expect(first.headers["content-disposition"]).toContain("attachment");
    const text = textOf(pdf, "receipt");
    expect(text.replace(/\s+/g, "")).toContain("領収書");
    expect(text).toContain("株式会社テスト商事");
    expect(text).toContain("但し お酒代として");
    expect(text).toContain(`登録番号 ${REGISTRATION}`);
    expect(text).toContain(orderNumberForShopper(order.publicId));
    // 6,000 + shipping 1,100 = 7,100 at 10%: tax 710, total 7,810.
    expect(text).toMatch(/10%対象 ¥7,100 消費税\s+¥710/);
    expect(text).toMatch(/¥7,810-\(税込\)/);
    expect(text).toContain(NOTICE);
    expect(text).not.toContain("再発行");
    expect(await renderedPages(pdf, "receipt")).toBe(1);
    expect(pdf.length).toBeLessThan(120_000);

    const second = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "株式会社テスト商事", proviso: "ワイン代として" });
    const again = textOf(pdfOf(second), "receipt-2");
    expect(again).toContain("再発行");
    expect(again).toContain("但し ワイン代として");
    expect(await renderedPages(pdfOf(second), "receipt-2")).toBe(1);
    const after = await shop.app.inject({ method: "GET", url: `/api/orders/${order.publicId}/receipt`, headers: member.headers });
    expect(after.json().data.issued).toBe(2);
  });

  it("shows a mixed order's amounts and tax at 10% and 8% apart, with ※ on the reduced-rate item", async () => {
    const order = await mixedRateOrder();
    const response = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "株式会社テスト商事" });
    const pdf = pdfOf(response);
    const text = textOf(pdf, "mixed-receipt");
    // 10%: wine 6,000 + shipping 1,100 → 710; 8%: 1,000 → 80; total 6,000 + 1,000 + 1,100 + 790.
    expect(text).toMatch(/10%対象 ¥7,100 消費税\s+¥710/);
    expect(text).toMatch(/8%対象 ¥1,000 消費税\s+¥80/);
    expect(text).toMatch(/ノンアルコール スパークリング ※/);
    expect(text).not.toMatch(/蔵の赤 ※/);
    expect(text).toContain("※は軽減税率(8%)対象商品です。");
    expect(text).toMatch(/¥8,890-\(税込\)/);
    expect(await renderedPages(pdf, "mixed-receipt")).toBe(1);
  });

  it("answers 404 for another member's order and 401 without a session", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: member.user.id });
    const payload = { addressee: "他人", proviso: "" };
    const asOther = await postReceipt(`/api/orders/${order.publicId}/receipt`, other.headers, payload);
    expect(asOther.statusCode).toBe(404);
    const stateAsOther = await shop.app.inject({ method: "GET", url: `/api/orders/${order.publicId}/receipt`, headers: other.headers });
    expect(stateAsOther.statusCode).toBe(404);
    const asGuest = await postReceipt(`/api/orders/${order.publicId}/receipt`, shop.browserSession().headers, payload);
    expect(asGuest.statusCode).toBe(401);
    const noCsrf = await postReceipt(`/api/orders/${order.publicId}/receipt`, { cookie: member.cookie }, payload);
    expect(noCsrf.statusCode).toBe(403);
    expect(await shop.app.services.documents.receiptsIssued(order.publicId)).toBe(0);
  });

  it("refuses an unpaid order with 409 and a message, and bad input with 422", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank", userId: member.user.id });
    const refused = await postReceipt(`/api/orders/${order.publicId}/receipt`, member.headers, { addressee: "", proviso: "" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: ["領収書はご入金の確認後に発行できます。お支払いがお済みでない場合は、お支払い後にあらためてお試しください。"] });
    const english = await postReceipt(`/en/api/orders/${order.publicId}/receipt`, member.headers, {});
    expect(english.json().errors[0]).toContain("once the payment has been received");

    const paid = await insertOrder(shop, { productId: wine, status: "sent", method: "cod", userId: member.user.id });
    const tooLong = await postReceipt(`/api/orders/${paid.publicId}/receipt`, member.headers, { addressee: "あ".repeat(61), proviso: 5 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().fields).toEqual({ addressee: ["宛名は60文字以内で入力してください"], proviso: ["但し書きは不正な値です"] });
    // A body that is no form is the schema's 422 on base, from the member's, staff's and guest's routes alike; the guest's bad link stays a 404.
    const json = { "content-type": "application/json" };
    for (const [url, headers] of [
      [`/api/orders/${paid.publicId}/receipt`, member.headers],
      [`/admin/api/orders/${paid.publicId}/receipt`, staff.headers],
    ] as const) {
      const notAForm = await shop.app.inject({ method: "POST", url, headers: { ...headers, ...json }, payload: "42" });
      expect(notAForm.statusCode).toBe(422);
      expect(notAForm.json()).toMatchObject({ errors: ["入力内容は不正な値です"] });
    }
    const guest = shop.browserSession();
    const noLink = await shop.app.inject({ method: "POST", url: "/api/receipt", headers: { ...guest.headers, ...json }, payload: "[1]" });
    expect(noLink.statusCode).toBe(404);
    const badField = await postReceipt("/api/receipt", guest.headers, { token: receiptToken(SECRET, paid.publicId), addressee: ["a"] });
    expect(badField.statusCode).toBe(422);
    expect(badField.json().fields).toEqual({ addressee: ["宛名は不正な値です"] });
    expect(await shop.app.services.documents.receiptsIssued(paid.publicId)).toBe(0);
  });
});

describe("receipt (領収書) for a guest through the signed link", () => {
  it("opens only its order, refuses a bad or expired signature, and marks the second download 再発行", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "sent", method: "cod" });
    const session = shop.browserSession();
    const token = receiptToken(SECRET, order.publicId);
    expect(receiptPageUrl("https://shop.example", SECRET, order.publicId)).toBe(`https://shop.example/receipt?token=${token}`);

    const state = await shop.app.inject({ method: "GET", url: `/api/receipt?token=${encodeURIComponent(token)}`, headers: session.headers });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ available: true, issued: 0, orderNumber: orderNumberForShopper(order.publicId) });

    const first = await postReceipt("/api/receipt", session.headers, { token, addressee: "山田 花子", proviso: "" });
    const text = textOf(pdfOf(first), "guest-receipt");
    expect(text).toContain(`登録番号 ${REGISTRATION}`);
    expect(text).not.toContain("再発行");
    const second = await postReceipt("/api/receipt", session.headers, { token, addressee: "山田 花子", proviso: "" });
    expect(textOf(pdfOf(second), "guest-receipt-2")).toContain("再発行");

    // The signature of one order does not open another.
    const another = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank" });
    const forged = token.replace(order.publicId, another.publicId);
    const bad = await postReceipt("/api/receipt", session.headers, { token: forged, addressee: "", proviso: "" });
    expect(bad.statusCode).toBe(404);
    const garbage = await shop.app.inject({ method: "GET", url: "/api/receipt?token=nonsense", headers: session.headers });
    expect(garbage.statusCode).toBe(404);
    const expired = receiptToken(SECRET, another.publicId, new Date(Date.now() - 500 * 86_400_000));
    const late = await postReceipt("/api/receipt", session.headers, { token: expired, addressee: "", proviso: "" });
    expect(late.statusCode).toBe(403);
    expect(late.json().errors[0]).toContain("有効期限");
    expect(await shop.app.services.documents.receiptsIssued(another.publicId)).toBe(0);
  });

  it("reaches the guest through the order mail's link, which works once the money arrived", async () => {
    const client = new CheckoutClient(shop);
    const session = shop.browserSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" });
    const placed = await client.post(session, payload);
    expect(placed.statusCode).toBe(200);
    const publicId = placed.json().order_id as string;
    const [mail] = await shop.mailsTo(payload.email);
    const link = /https?:\/\/\S+\/receipt\?token=(\S+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const before = await shop.app.inject({ method: "GET", url: `/api/receipt?token=${token}`, headers: session.headers });
    expect(before.json().data).toMatchObject({ available: false, orderNumber: orderNumberForShopper(publicId) });
    const refused = await postReceipt("/api/receipt", session.headers, { token, addressee: "", proviso: "" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("ご入金の確認後");
    const deposit = await shop.app.inject({ method: "POST", url: `/admin/api/orders/${publicId}/deposit`, headers: staff.headers });
    expect(deposit.statusCode).toBe(200);
    const issued = await postReceipt("/api/receipt", session.headers, { token, addressee: "合同会社ゲスト", proviso: "" });
    expect(textOf(pdfOf(issued), "mail-receipt")).toContain("合同会社ゲスト");

    // A member's order mail sends them to My Page instead of a link.
    const memberOrder = await client.post(member, orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank", email: member.email }));
    expect(memberOrder.statusCode).toBe(200);
    const memberMails = await shop.mailsTo(member.email);
    expect(memberMails[0]!.text).toContain("マイページの購入履歴から発行できます");
    expect(memberMails[0]!.text).not.toContain("/receipt?token=");
  });

  it("refuses a guest's unpaid order with 409", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank" });
    const token = receiptToken(SECRET, order.publicId);
    const response = await postReceipt("/api/receipt", shop.browserSession().headers, { token, addressee: "", proviso: "" });
    expect(response.statusCode).toBe(409);
  });
});

describe("receipt for staff", () => {
  it("issues any order's receipt from the back office", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: other.user.id });
    const response = await postReceipt(`/admin/api/orders/${order.publicId}/receipt`, staff.headers, { addressee: "有限会社ほげ", proviso: "" });
    expect(textOf(pdfOf(response), "staff-receipt")).toContain("有限会社ほげ");
    const again = await postReceipt(`/admin/api/orders/${order.publicId}/receipt`, staff.headers, { addressee: "有限会社ほげ", proviso: "" });
    expect(textOf(pdfOf(again), "staff-receipt-2")).toContain("再発行");
    const asMember = await postReceipt(`/admin/api/orders/${order.publicId}/receipt`, other.headers, { addressee: "", proviso: "" });
    expect(asMember.statusCode).toBe(401);
  });

  it("tells the order page whether a receipt can be issued and how often it was", async () => {
    const unpaid = await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank", userId: other.user.id });
    const state = (publicId: string, headers = staff.headers) => shop.app.inject({ method: "GET", url: `/admin/api/orders/${publicId}/receipt`, headers });
    expect((await state(unpaid.publicId)).json()).toEqual({ data: { orderNumber: expect.any(String), available: false, issued: 0, name: unpaid.name } });
    const paid = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", userId: other.user.id });
    await postReceipt(`/admin/api/orders/${paid.publicId}/receipt`, staff.headers, { addressee: "", proviso: "" });
    expect((await state(paid.publicId)).json()).toMatchObject({ data: { available: true, issued: 1 } });
    expect((await state("0000000000AA")).statusCode).toBe(404);
    expect((await state(paid.publicId, other.headers)).statusCode).toBe(401);
  });
});
