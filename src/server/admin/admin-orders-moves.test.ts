import { eq } from "drizzle-orm";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { openStaffShop, placeCardOrder, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";

// The back office's status moves: deposit (bank), ship with a slip number (cod, or paid), cancel
// with the bottles back and a paid card refunded; 409 for moves the order's status does not allow,
// 422 for a bad slip number, and the shopper's mail for each move.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

function place(method: "bank" | "cod", options: { amount?: number; locale?: "ja" | "en" } = {}) {
  return placeOrder({ shop, client }, [{ id: wine, amount: options.amount ?? 2 }], { payment_method: method }, { locale: options.locale });
}

function placeCard(card: string) {
  return placeCardOrder({ shop, client }, [{ id: wine, amount: 2 }], card);
}

function move(id: string, action: "deposit" | "ship" | "cancel", payload?: object, locale?: "ja" | "en") {
  return staffOrderPost({ shop, staff }, id, action, payload, { locale });
}

/** The mail to `to` whose subject contains `subject` (mails of one flush may share a timestamp, so not by position). */
async function mailAbout(to: string, subject: string) {
  const mails = (await shop.mailsTo(to)).filter((mail) => mail.subject.includes(subject));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

async function statusOf(id: string) {
  return (await client.order(id))!.status;
}

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop());
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/deposit", () => {
  it("moves a bank order from await_payment to deposited and mails the shopper once", async () => {
    const order = await place("bank");
    const response = await move(order.id, "deposit");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: order.id, status: "deposited", next: ["sent", "cancelled"] });
    expect(await statusOf(order.id)).toBe("deposited");
    const mails = await shop.mailsTo(order.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `【酒舗 蔵】ご入金を確認しました(注文番号 ${orderNumberForShopper(order.id)})`,
      `【酒舗 蔵】ご注文ありがとうございます(注文番号 ${orderNumberForShopper(order.id)})`,
    ]);
    const mail = await mailAbout(order.email, "ご入金を確認しました");
    expect(mail.text).toContain("山田 花子 様");
    expect(mail.text).toContain("ご入金を確認いたしました");

    const again = await move(order.id, "deposit");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: ["この注文は現在のステータスからその操作を行えません。"] });
    expect(await shop.mailsTo(order.email)).toHaveLength(2);
  });

  it("refuses a cash-on-delivery order (paid to the carrier) with 409, in English for English pages", async () => {
    const order = await place("cod");
    const response = await move(order.id, "deposit", undefined, "en");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: ["This order cannot be moved that way from its current status."] });
    expect(await statusOf(order.id)).toBe("await_payment");
  });

  it("answers 404 for an unknown order", async () => {
    expect((await move("0000000000AA", "deposit")).statusCode).toBe(404);
  });
});

describe("POST /admin/api/orders/{id}/ship", () => {
  it("ships a cod order with its slip number and mails it, in the language of the checkout", async () => {
    const order = await place("cod", { locale: "en" });
    const response = await move(order.id, "ship", { slip_number: " 1234-5678-9012 " });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: "sent", slip_number: "1234-5678-9012", next: [] });
    expect((await client.order(order.id))!.slipNumber).toBe("1234-5678-9012");
    const mail = await mailAbout(order.email, "has shipped");
    expect(mail.subject).toBe(`Your order ${orderNumberForShopper(order.id)} has shipped – Kura Wine & Spirits`);
    expect(mail!.text).toContain("Slip number: 1234-5678-9012");
    expect(mail!.text).toContain("Please pay the total of");
    expect(mail!.html).toContain("1234-5678-9012");
  });

  it("ships a paid bank order, but not one whose money has not arrived", async () => {
    const order = await place("bank");
    const early = await move(order.id, "ship", { slip_number: "AB-1" });
    expect(early.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe("await_payment");
    expect((await move(order.id, "deposit")).statusCode).toBe(200);
    const shipped = await move(order.id, "ship", { slip_number: "AB-1" });
    expect(shipped.statusCode).toBe(200);
    const mail = await mailAbout(order.email, "発送しました");
    expect(mail.subject).toBe(`【酒舗 蔵】ご注文の商品を発送しました(注文番号 ${orderNumberForShopper(order.id)})`);
    expect(mail!.text).toContain("送り状番号: AB-1");
    expect(mail!.text).not.toContain("配達員にお支払いください");
    // Sent is final.
    expect((await move(order.id, "ship", { slip_number: "AB-2" })).statusCode).toBe(409);
    expect((await move(order.id, "cancel")).statusCode).toBe(409);
    expect((await client.order(order.id))!.slipNumber).toBe("AB-1");
  });

  it("answers 422 for a missing, too long or malformed slip number and changes nothing", async () => {
    const order = await place("cod");
    const cases: [object | undefined, string][] = [
      [undefined, "送り状番号を入力してください"],
      [{ slip_number: "   " }, "送り状番号を入力してください"],
      [{ slip_number: 12345 }, "送り状番号を入力してください"],
      [{ slip_number: "1".repeat(41) }, "送り状番号は40文字以内で入力してください"],
      [{ slip_number: "1234 5678" }, "送り状番号は不正な値です"],
      [{ slip_number: "１２３４" }, "送り状番号は不正な値です"],
      [{ slip_number: "12/34" }, "送り状番号は不正な値です"],
    ];
    for (const [payload, message] of cases) {
      const response = await move(order.id, "ship", payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 422,
        body: { errors: [message], fields: { slip_number: [message] } },
      });
    }
    expect(await statusOf(order.id)).toBe("await_payment");
    expect((await move(order.id, "ship", { slip_number: "1".repeat(40) })).statusCode).toBe(200);
  });
});

describe("POST /admin/api/orders/{id}/cancel", () => {
  it("cancels an unpaid order, puts its bottles back and mails the shopper", async () => {
    const before = await client.stockOf(wine);
    const order = await place("bank", { amount: 3 });
    expect(await client.stockOf(wine)).toBe(before - 3);
    const response = await move(order.id, "cancel");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: "cancelled", next: [] });
    expect(await client.stockOf(wine)).toBe(before);
    const mail = await mailAbout(order.email, "キャンセル");
    expect(mail.subject).toBe(`【酒舗 蔵】ご注文をキャンセルしました(注文番号 ${orderNumberForShopper(order.id)})`);
    expect(mail.text).not.toContain("返金");

    // A second cancel neither moves nor returns stock twice.
    expect((await move(order.id, "cancel")).statusCode).toBe(409);
    expect(await client.stockOf(wine)).toBe(before);
    expect(await shop.mailsTo(order.email)).toHaveLength(2);
  });

  it("tells the shop's pages at once that the last bottles are back", async () => {
    const lastBottles = await new CatalogFactory(shop.database.db).product({ stock: 2 });
    const soldOut = async () => (await shop.app.inject({ method: "GET", url: `/api/products/${lastBottles}` })).json().data.attributes.sold_out;
    expect(await soldOut()).toBe(false);
    const response = await client.post(shop.browserSession(), orderPayload([{ id: lastBottles, amount: 2 }]));
    expect(await soldOut()).toBe(true);
    expect((await move(response.json().order_id, "cancel")).statusCode).toBe(200);
    expect(await soldOut()).toBe(false);
  });

  it("cancels a paid bank order and tells the shopper the transfer is returned separately", async () => {
    const order = await place("bank");
    await move(order.id, "deposit");
    expect((await move(order.id, "cancel")).statusCode).toBe(200);
    expect((await mailAbout(order.email, "キャンセル")).text).toContain("返金につきましては、別途ご連絡いたします");
  });

  it("refunds a paid card order through the gateway, once", async () => {
    const before = await client.stockOf(wine);
    const order = await placeCard(CARDS.visa);
    const paid = (await client.order(order.id))!;
    expect(paid.status).toBe("deposited");
    expect(await client.stockOf(wine)).toBe(before - 2);
    const response = await move(order.id, "cancel");
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe("cancelled");
    const intent = await shop.app.services.payments.retrievePaymentIntent(paid.paymentIntentId!);
    expect(intent.amountRefunded).toBe(paid.price);
    expect(await client.stockOf(wine)).toBe(before);
    const mail = await mailAbout(order.email, "ご注文をキャンセルしました");
    expect(mail.text).toContain("クレジットカードへのご請求 7,810 円(税込) は取り消し(返金)いたしました");
    expect((await move(order.id, "cancel")).statusCode).toBe(409);
    expect((await shop.app.services.payments.retrievePaymentIntent(paid.paymentIntentId!)).amountRefunded).toBe(paid.price);
  });

  it("leaves the order as it was (503) when the gateway refuses the refund", async () => {
    // A card order whose payment never succeeded cannot be refunded; marking it paid by hand makes the gateway refuse.
    const before = await client.stockOf(wine);
    const order = await placeCard(CARDS.threeDSecure);
    await shop.database.db.update(ordersTable).set({ status: "deposited" }).where(eq(ordersTable.publicId, order.id));
    const response = await move(order.id, "cancel");
    expect(response.statusCode).toBe(503);
    expect(response.json().errors).toEqual(["カードの返金ができなかったため、注文をキャンセルしていません。しばらくしてからもう一度お試しください。"]);
    expect(await statusOf(order.id)).toBe("deposited");
    expect(await client.stockOf(wine)).toBe(before - 2);
    expect(await shop.mailsTo(order.email)).toEqual([]);
  });

  it("leaves a card order waiting for 3-D Secure to the gateway and the sweep (409)", async () => {
    const order = await placeCard(CARDS.threeDSecure);
    expect(await statusOf(order.id)).toBe("pending");
    for (const action of ["deposit", "cancel"] as const) expect((await move(order.id, action)).statusCode).toBe(409);
    expect((await move(order.id, "ship", { slip_number: "X-1" })).statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe("pending");
  });
});

describe("guarded moves", () => {
  it("two staff members cancelling at once cancel once and put the bottles back once", async () => {
    const before = await client.stockOf(wine);
    const order = await place("cod", { amount: 4 });
    const answers = await Promise.all([move(order.id, "cancel"), move(order.id, "cancel"), move(order.id, "ship", { slip_number: "R-1" })]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status === 200)).toHaveLength(1);
    const final = await client.order(order.id);
    expect(await client.stockOf(wine)).toBe(final!.status === "cancelled" ? before : before - 4);
    expect(await shop.mailsTo(order.email)).toHaveLength(2);
  });
});
