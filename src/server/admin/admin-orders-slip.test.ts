import { orderNumberForShopper } from "../../domain/order-number.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { openStaffShop, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";

// A shipped order's wrong slip number corrected by staff (decision 067): POST /admin/api/orders/{id}/slip
// changes the slip and carrier of a sent order only, writes a history row old → new, and mails the
// shopper the corrected tracking only when asked; a resent request (same Idempotency-Key) does it once.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

function placeCod(locale: "ja" | "en" = "ja") {
  return placeOrder({ shop, client }, [{ id: wine, amount: 1 }], { payment_method: "cod" }, { locale });
}

function post(id: string, action: "ship" | "slip", payload?: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  return staffOrderPost({ shop, staff }, id, action, payload, { key: options.key, locale: options.locale ?? "ja" });
}

async function shipped(locale: "ja" | "en" = "ja") {
  const order = await placeCod(locale);
  expect((await post(order.id, "ship", { slip_number: "1111-2222-3333" })).statusCode).toBe(200);
  return order;
}

async function correctionMails(email: string) {
  return (await shop.mailsTo(email)).filter((mail) => mail.subject.includes("訂正") || mail.subject.includes("Corrected"));
}

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop({ wine: { name: { ja: "蔵の白", en: "Kura white" }, price: 2500 } }));
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/slip", () => {
  it("corrects the slip and carrier of a sent order, keeps it sent, writes a history row and mails nobody without notify", async () => {
    const order = await shipped();
    const mailsBefore = (await shop.mailsTo(order.email)).length;
    const response = await post(order.id, "slip", { slip_number: " 4444-5555-6666 ", carrier: "sagawa", notify: false });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: order.id, status: "sent", slip_number: "4444-5555-6666", carrier: "sagawa" });
    expect(await client.order(order.id)).toMatchObject({ status: "sent", slipNumber: "4444-5555-6666", carrier: "sagawa" });
    const last = data.history.at(-1);
    expect(last).toMatchObject({ from: "sent", to: "sent", actor_kind: "staff", note: "送り状番号を訂正: 1111-2222-3333 → 4444-5555-6666 (yamato → sagawa)" });
    expect(await shop.mailsTo(order.email)).toHaveLength(mailsBefore);
    expect(await correctionMails(order.email)).toEqual([]);
  });

  it("mails the shopper the corrected tracking when notify is ticked, in the language of the checkout", async () => {
    const ja = await shipped();
    expect((await post(ja.id, "slip", { slip_number: "7777-8888-9999", notify: true })).statusCode).toBe(200);
    const [mail, ...more] = await correctionMails(ja.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`【酒舗 蔵】送り状番号訂正のお知らせ(注文番号 ${orderNumberForShopper(ja.id)})`);
    expect(mail!.text).toContain("送り状番号に誤りがございました");
    expect(mail!.text).toContain("送り状番号: 7777-8888-9999");
    expect(mail!.text).not.toContain("1111-2222-3333");

    const en = await shipped("en");
    // A form's ticked checkbox says "on".
    expect((await post(en.id, "slip", { slip_number: "EN-1", carrier: "japanpost", notify: "on" })).statusCode).toBe(200);
    const [english] = await correctionMails(en.email);
    expect(english!.subject).toBe(`Corrected slip number for your order ${orderNumberForShopper(en.id)} – Kura Wine & Spirits`);
    expect(english!.text).toContain("Slip number: EN-1");
  });

  it("refuses an order that is not sent (409), a bad slip, carrier or notify (422) and a request without a key (400)", async () => {
    const order = await placeCod();
    const early = await post(order.id, "slip", { slip_number: "1234", notify: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errors: ["この注文は現在のステータスからその操作を行えません。"] });
    expect(await client.order(order.id)).toMatchObject({ status: "await_payment", slipNumber: null });
    expect(await correctionMails(order.email)).toEqual([]);

    const sent = await shipped();
    const blank = await post(sent.id, "slip", { slip_number: "  " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: ["送り状番号を入力してください"], fields: { slip_number: ["送り状番号を入力してください"] } });
    expect((await post(sent.id, "slip", { slip_number: "12/34" }, { locale: "en" })).json().fields.slip_number).toHaveLength(1);
    expect((await post(sent.id, "slip", { slip_number: "1234", carrier: "dhl" })).json().fields).toHaveProperty("carrier");
    expect((await post(sent.id, "slip", { slip_number: "1234", notify: "maybe" })).statusCode).toBe(422);
    expect((await post("0000-0000-00AA", "slip", { slip_number: "1234" })).statusCode).toBe(404);
    const headers = { ...staff.headers };
    delete (headers as Record<string, string>)["idempotency-key"];
    expect((await shop.app.inject({ method: "POST", url: `/admin/api/orders/${sent.id}/slip`, headers, payload: { slip_number: "1234" } })).statusCode).toBe(
      400,
    );
    expect((await client.order(sent.id))!.slipNumber).toBe("1111-2222-3333");
  });

  it("does a resent request (same Idempotency-Key) once: one history row, one mail", async () => {
    const order = await shipped();
    const key = crypto.randomUUID();
    const first = await post(order.id, "slip", { slip_number: "5555-0000", notify: true }, { key });
    expect(first.statusCode).toBe(200);
    const again = await post(order.id, "slip", { slip_number: "5555-0000", notify: true }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await correctionMails(order.email)).toHaveLength(1);
    const detail = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}`, headers: staff.headers });
    const corrections = detail.json().data.history.filter((entry: { note: string | null }) => entry.note?.startsWith("送り状番号を訂正"));
    expect(corrections).toHaveLength(1);
  });
});
