import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { orderChargesTable, ordersTable } from "../db/schema/orders.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession, TestApp } from "../testing/test-app.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { GRAPE_JUICE, openStaffShop, placeCardOrder, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// Discount and correction lines added by staff (issue 32 item 3, decision 070): the totals and tax
// per rate after the discount, the customer's mail, the receipt and delivery note, the CSV and B2
// cash-on-delivery amount; refused for a card order, a paid or shipped one, below zero; a resent
// request books once; a negative amount on any other kind of charge is still refused by the database.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let member: MemberSession;
let wine: number;
let juice: number;

function place(method: "bank" | "cod", items: { id: number; amount: number }[], session = shop.browserSession()) {
  return placeOrder({ shop, client }, items, { payment_method: method }, { session });
}

function adjust(id: string, body: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  return staffOrderPost({ shop, staff }, id, "adjustments", body, options);
}

async function detail(id: string) {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function chargeRows(id: string) {
  const [order] = await shop.database.db.select().from(ordersTable).where(eq(ordersTable.publicId, id));
  return { order: order!, charges: await shop.database.db.select().from(orderChargesTable).where(eq(orderChargesTable.orderId, order!.id)) };
}

beforeAll(async () => {
  const fixture = await openStaffShop();
  ({ shop, client, staff, wine } = fixture);
  member = await shop.memberSession();
  await changeShopProfile(shop, () => ({ yamatoB2: B2_BILLING }));
  juice = await fixture.catalog.product(GRAPE_JUICE);
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/adjustments", () => {
  it("takes a discount off a bank order's 10% base: totals, tax per rate, the mail, the receipt and the delivery note", async () => {
    const order = await place("bank", [
      { id: wine, amount: 2 },
      { id: juice, amount: 1 },
    ]);
    const before = await detail(order.id);
    expect(before.adjustable).toBe(true);
    // 6,000 + shipping at 10%, 1,001 at 8%.
    const shipping = before.shipping_fee as number;
    expect(before.taxes).toEqual([
      { rate: 10, base: 6000 + shipping, tax: Math.ceil((6000 + shipping) / 10) },
      { rate: 8, base: 1001, tax: 81 },
    ]);

    const response = await adjust(order.id, {
      kind: "discount",
      label_ja: "常連様値引き",
      label_en: "Regular's discount",
      amount_before_tax: -1001,
      tax_rate: 10,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const base10 = 6000 + shipping - 1001;
    const tax10 = Math.ceil(base10 / 10);
    expect(data.charges.at(-1)).toEqual({ kind: "discount", label: "常連様値引き", amount: -1001, taxable: true, tax_rate: 10 });
    expect(data.taxes).toEqual([
      { rate: 10, base: base10, tax: tax10 },
      { rate: 8, base: 1001, tax: 81 },
    ]);
    const total = base10 + 1001 + tax10 + 81;
    expect(data).toMatchObject({ price: total, tax_total: tax10 + 81, status: "await_payment" });
    // The stored figures follow the lines (sales sums read them).
    const stored = await chargeRows(order.id);
    expect(stored.order).toMatchObject({ price: total, taxTotal: tax10 + 81 });

    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("ご注文金額変更のお知らせ"));
    expect(mails).toHaveLength(1);
    const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;
    expect(mails[0]!.subject).toBe(`【酒舗 蔵】ご注文金額変更のお知らせ(注文番号 ${orderNumberForShopper(order.id)})`);
    expect(mails[0]!.text).toContain("変更内容: 常連様値引き(10%対象) -1,001 円(税抜)");
    expect(mails[0]!.text).toContain(`変更後のお支払い金額(税込): ${yen(total)}(税込)`);
    expect(mails[0]!.text).toContain(`お振込みの際は、変更後の金額 ${yen(total)}(税込) をお振込みください。`);
    expect(mails[0]!.text).toContain(`消費税(10%対象 ${yen(base10)})`);
    // Filed with the other order mails as a transaction record, at the new total.
    const records = await shop.database.db.execute(sql`select amount from transaction_records where order_ref = ${order.id} and kind = 'status_mail'`);
    expect((records as unknown as { rows: { amount: number }[] }).rows.map((row) => row.amount)).toEqual([total]);

    const note = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/delivery-note`, headers: staff.headers });
    expect(note.statusCode).toBe(200);
    const noteText = pdfText(note.rawPayload);
    expect(noteText).toMatch(/常連様値引き\(税抜\)\s+-¥1,001/);
    expect(noteText).toMatch(new RegExp(`消費税\\(10%対象 ¥${base10.toLocaleString("en-US")}\\)`));

    // Paid at the new amount; the receipt shows the line and each rate's base after the discount.
    expect((await shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/deposit`, headers: staff.headers })).statusCode).toBe(200);
    const receipt = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/receipt`,
      headers: staff.headers,
      payload: { addressee: "山田 花子", proviso: "" },
    });
    expect(receipt.statusCode).toBe(200);
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toMatch(/常連様値引き\s+-¥1,001/);
    expect(receiptText).toContain(`10%対象 ¥${base10.toLocaleString("en-US")} 消費税`);
    expect(receiptText).toContain(`¥${total.toLocaleString("en-US")}`);
    // Paid: the amount may no longer change.
    expect((await detail(order.id)).adjustable).toBe(false);
  });

  it("shows the line in the order CSV by kind and rate, and B2 collects the new cash-on-delivery amount", async () => {
    const order = await place("cod", [{ id: wine, amount: 2 }]);
    const response = await adjust(order.id, { kind: "correction", amount_before_tax: "-500", tax_rate: "10" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.charges.at(-1)).toEqual({ kind: "correction", label: "金額訂正", amount: -500, taxable: true, tax_rate: 10 });
    const mail = (await shop.mailsTo(order.email)).find((each) => each.subject.includes("ご注文金額変更のお知らせ"))!;
    expect(mail.text).toContain(`商品お届けの際に、変更後の金額 ${data.price.toLocaleString("en-US")} 円(税込) を配達員にお支払いください。`);

    const csv = await shop.app.inject({ method: "GET", url: `/admin/api/orders/export.csv?q=${order.id}`, headers: staff.headers });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split(/\r?\n/);
    const columns = header!.split(",");
    const at = columns.indexOf("金額訂正(10%対象)");
    expect(at).toBeGreaterThan(0);
    expect(row!.split(",")[at]).toBe("-500");
    expect(row!.split(",")[columns.indexOf("お支払い金額(税込)")]).toBe(String(data.price));

    const b2 = await shop.app.inject({ method: "GET", url: `/admin/api/orders/b2-cloud.csv?q=${order.id}`, headers: staff.headers });
    expect(b2.statusCode).toBe(200);
    const b2Text = new TextDecoder("shift_jis").decode(b2.rawPayload);
    const [b2Header, b2Row] = b2Text.split(/\r?\n/);
    const collect = b2Header!.split(",").findIndex((column) => column.includes("ｺﾚｸﾄ代金引換額"));
    expect(b2Row!.split(",")[collect]!.replace(/"/g, "")).toBe(String(data.price));
  });

  it("splits a discount over the order's rates when asked, each rate's base lowered by its share", async () => {
    const order = await place("bank", [
      { id: wine, amount: 2 },
      { id: juice, amount: 1 },
    ]);
    const before = await detail(order.id);
    const response = await adjust(order.id, { kind: "discount", amount_before_tax: -1000, tax_rate: "apportioned" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const lines = data.charges.filter((charge: { kind: string }) => charge.kind === "discount");
    expect(lines.map((line: { tax_rate: number }) => line.tax_rate)).toEqual([10, 8]);
    expect(lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(-1000);
    const bases = before.taxes.map((each: { base: number }) => each.base) as number[];
    expect(data.taxes.map((each: { base: number }) => each.base)).toEqual([bases[0]! + lines[0].amount, bases[1]! + lines[1].amount]);
  });

  it("books a resent request once", async () => {
    const order = await place("bank", [{ id: wine, amount: 1 }]);
    const key = crypto.randomUUID();
    const body = { kind: "discount", amount_before_tax: -300, tax_rate: 10 };
    const first = await adjust(order.id, body, { key });
    const again = await adjust(order.id, body, { key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await chargeRows(order.id)).charges.filter((charge) => charge.kind === "discount")).toHaveLength(1);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("ご注文金額変更のお知らせ"))).toHaveLength(1);
  });

  it("refuses a card order, a paid or shipped one, and says so in the staff member's language", async () => {
    const cardId = (await placeCardOrder({ shop, client }, [{ id: wine, amount: 1 }], CARDS.visa)).id;
    expect((await detail(cardId)).adjustable).toBe(false);
    const refused = await adjust(cardId, { kind: "discount", amount_before_tax: -100, tax_rate: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("値引き・金額訂正は、ご入金前の銀行振込の注文と、発送前の代金引換の注文にだけ追加できます。");
    const inEnglish = await adjust(cardId, { kind: "discount", amount_before_tax: -100, tax_rate: 10 }, { locale: "en" });
    expect(inEnglish.json().errors[0]).toContain("A discount or correction can be added only to a bank-transfer order not yet paid");

    const cod = await place("cod", [{ id: wine, amount: 1 }]);
    const shipped = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${cod.id}/ship`,
      headers: staff.headers,
      payload: { slip_number: "1234-5678-9012" },
    });
    expect(shipped.statusCode).toBe(200);
    expect((await adjust(cod.id, { kind: "discount", amount_before_tax: -100, tax_rate: 10 })).statusCode).toBe(409);
    expect((await chargeRows(cardId)).charges.some((charge) => charge.amount < 0)).toBe(false);
    expect((await chargeRows(cod.id)).charges.some((charge) => charge.amount < 0)).toBe(false);
  });

  it("refuses what would take the total or a rate's base below zero, and bad fields, with 422s naming them", async () => {
    const order = await place("bank", [
      { id: wine, amount: 1 },
      { id: juice, amount: 1 },
    ]);
    const { price } = (await chargeRows(order.id)).order;
    const belowZero = await adjust(order.id, { kind: "discount", amount_before_tax: -price, tax_rate: 10 });
    expect(belowZero.statusCode).toBe(422);
    expect(belowZero.json().errors).toEqual(["この値引き・金額訂正を加えると注文の合計金額が0円を下回るため、追加できません。"]);
    const rateBelowZero = await adjust(order.id, { kind: "discount", amount_before_tax: -1002, tax_rate: 8 }, { locale: "en" });
    expect(rateBelowZero.statusCode).toBe(422);
    expect(rateBelowZero.json().errors[0]).toContain("below zero");

    const bad = await adjust(order.id, { kind: "coupon", amount_before_tax: "abc", tax_rate: 5, label_ja: "あ".repeat(41) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({
      kind: ["区分は一覧にありません"],
      label_ja: ["表示名(日本語)は40文字以内で入力してください"],
      amount_before_tax: ["金額(税抜)は数値で入力してください"],
    });
    const positiveDiscount = await adjust(order.id, { kind: "discount", amount_before_tax: 500, tax_rate: 10 });
    expect(positiveDiscount.json().fields).toEqual({ amount_before_tax: ["金額(税抜)は0より小さい値にしてください"] });
    const rate = await adjust(order.id, { kind: "correction", amount_before_tax: 500, tax_rate: 5 });
    expect(rate.statusCode).toBe(422);
    expect(rate.json().errors).toEqual(["税率は10%か8%を選んでください。"]);
    // Nothing was written by any refusal, and no mail went out.
    expect((await chargeRows(order.id)).charges.filter((charge) => charge.kind === "discount" || charge.kind === "correction")).toHaveLength(0);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("ご注文金額変更"))).toHaveLength(0);
  });

  it("lets the database refuse a negative amount on any other kind of charge", async () => {
    const order = await place("bank", [{ id: wine, amount: 1 }]);
    const { order: row } = await chargeRows(order.id);
    const insert = (kind: string, amount: number, taxRatePercent: number | null) =>
      shop.database.db
        .insert(orderChargesTable)
        .values({ orderId: row.id, kind, labelJa: "x", labelEn: "x", amount, taxable: true, taxRatePercent, position: 9 });
    await expect(insert("shipping", -1, null)).rejects.toThrow();
    await expect(insert("gift_wrapping", -100, 10)).rejects.toThrow();
    // A discount must name its rate.
    await expect(insert("discount", -100, null)).rejects.toThrow();
    await expect(insert("discount", -100, 8)).resolves.toBeDefined();
  });

  it("measures cash on delivery's fee again when a discount takes the amount into a lower tier, as checkout measures it", async () => {
    const profile = await shop.app.services.shopProfiles.profile();
    const cod = profile.terms.payments.cod!;
    await shop.app.services.shopProfiles.save({
      ...profile,
      terms: {
        ...profile.terms,
        payments: {
          ...profile.terms.payments,
          cod: {
            ...cod,
            feeTiers: [
              { upTo: 10_000, fee: 330 },
              { upTo: null, fee: 660 },
            ],
          },
        },
      },
    });
    try {
      const order = await place("cod", [{ id: wine, amount: 4 }]);
      const before = await chargeRows(order.id);
      expect(before.charges.find((charge) => charge.kind === "payment_fee")?.amount).toBe(660);
      const response = await adjust(order.id, { kind: "discount", amount_before_tax: -4000, tax_rate: 10 });
      expect(response.statusCode).toBe(200);
      const after = await chargeRows(order.id);
      const shipping = after.charges.find((charge) => charge.kind === "shipping")!.amount;
      // 12,000 of goods − 4,000 + shipping is under 10,000: the lower tier's fee.
      expect(12_000 - 4000 + shipping).toBeLessThanOrEqual(10_000);
      expect(after.charges.find((charge) => charge.kind === "payment_fee")?.amount).toBe(330);
      const data = response.json().data;
      expect(data.charges.find((charge: { kind: string }) => charge.kind === "payment_fee")?.amount).toBe(330);
      // Tax on 8,000 of goods + shipping + 330 at 10 %, and the price the carrier collects.
      expect(after.order.price).toBe(Math.floor((8000 + shipping + 330) * 1.1));
      expect(data.price).toBe(after.order.price);
    } finally {
      await shop.app.services.shopProfiles.save({ ...(await shop.app.services.shopProfiles.profile()), terms: profile.terms });
    }
  });
});

describe("GET /api/orders with and without such lines", () => {
  it("answers an order without them exactly as before, and one with them with its line, rate and totals", async () => {
    const plain = await place("bank", [{ id: wine, amount: 1 }], member);
    const discounted = await place("bank", [{ id: wine, amount: 2 }], member);
    expect((await adjust(discounted.id, { kind: "discount", label_ja: "値引き", amount_before_tax: -600, tax_rate: 10 })).statusCode).toBe(200);
    const response = await shop.app.inject({ method: "GET", url: "/ja/api/orders", headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    type Attributes = { price: number; charges: Record<string, unknown>[]; taxes: { rate: number; base: number; tax: number }[] };
    const orders = (response.json().data as { id: string; attributes: Attributes }[]).map((order) => ({ id: order.id, ...order.attributes }));
    const plainAnswer = orders.find((order) => order.id === plain.id)!;
    for (const charge of plainAnswer.charges) expect(Object.keys(charge).sort()).toEqual(["amount", "kind", "label", "taxable"]);
    const answer = orders.find((order) => order.id === discounted.id)!;
    expect(answer.charges.at(-1)).toEqual({ kind: "discount", label: "値引き", amount: -600, taxable: true, tax_rate: 10 });
    const base = answer.taxes[0]!.base;
    expect(answer.price).toBe(base + Math.ceil(base / 10));
  });
});
