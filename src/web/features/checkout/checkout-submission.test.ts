import { describe, expect, it } from "vitest";
import type { CheckoutPayload } from "../../../domain/checkout.ts";
import { checkoutPayload } from "../../../domain/testing/checkout-payload.ts";
import { checkoutPayloadOf, refusedOrderOf } from "./checkout-submission.ts";

// What the checkout posts (one destination or several, decision 087) and how a 422's messages are
// shared out between the destinations' blocks, the form's fields and the snackbar.

const single: CheckoutPayload = checkoutPayload({
  memo: "のし紙をお願いします",
  desired_delivery_date: "2026-12-24",
  desired_delivery_timezone: "14-16",
  recipient: { name: "佐藤 一郎", phone: "03-1234-5678", country: "jp", zip: "150-0001", prefecture: 13, address: "渋谷区神宮前1-1", building_name: "" },
  gift: { wrapping: true, noshi: null, message_card: "", hide_prices: false },
});

describe("the order posted", () => {
  it("is the form's payload with one destination", () => {
    expect(checkoutPayloadOf(single, null)).toBe(single);
  });

  it("with several destinations keeps the orderer's part and posts the shipments instead of the recipient, wish and gift", () => {
    const shipments = [{ items: [{ id: 1, amount: 1 }] }, { items: [{ id: 1, amount: 1 }] }] as NonNullable<CheckoutPayload["shipments"]>;
    const payload = checkoutPayloadOf(single, shipments);
    expect(payload.shipments).toBe(shipments);
    expect(payload).not.toHaveProperty("recipient");
    expect(payload).not.toHaveProperty("gift");
    expect([payload.desired_delivery_date, payload.desired_delivery_timezone]).toEqual(["", ""]);
    expect({ name: payload.name, memo: payload.memo, payment_method: payload.payment_method, items: payload.items }).toEqual({
      name: single.name,
      memo: single.memo,
      payment_method: single.payment_method,
      items: single.items,
    });
  });
});

describe("a refused order (422)", () => {
  it("puts the shipments' messages in the blocks and the others under the form's fields", () => {
    const refused = refusedOrderOf(
      { shipments: ["お届け先ごとの本数が合いません。"], "shipments.0.recipient.zip": ["郵便番号が正しくありません。"], name: ["お名前を入力してください。"] },
      ["入力内容をご確認ください。"],
    );
    expect(refused.destinationErrors).toEqual({
      shipments: ["お届け先ごとの本数が合いません。"],
      "shipments.0.recipient.zip": ["郵便番号が正しくありません。"],
    });
    expect(refused.errors.contact).toEqual({ name: "お名前を入力してください。" });
    expect(refused.loose).toEqual([]);
  });

  it("shows the messages of fields the page does not have, once some field has its message", () => {
    const refused = refusedOrderOf({ email: ["メールアドレスの形式が正しくありません。"], items: ["在庫が足りません。"] }, ["入力内容をご確認ください。"]);
    expect(refused.loose).toEqual(["在庫が足りません。"]);
  });

  it("shows the answer's own messages when no field, nor any destination, has one", () => {
    expect(refusedOrderOf({ items: ["在庫が足りません。"] }, ["ご注文を受け付けられませんでした。"]).loose).toEqual(["ご注文を受け付けられませんでした。"]);
    expect(refusedOrderOf({ shipments: ["お届け先が多すぎます。"], items: ["在庫が足りません。"] }, ["x"]).loose).toEqual(["在庫が足りません。"]);
  });
});
