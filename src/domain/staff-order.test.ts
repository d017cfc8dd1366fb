import { describe, expect, it } from "vitest";
import { paymentMethodChoices } from "./payment-methods/payment-method.registry.ts";
import { staffOrderFieldOf, staffOrderInputSchema } from "./staff-order.ts";

// The staff order form's one schema (decision 081): the fields' own rules, shared by
// /admin/orders/new and POST /admin/api/orders.

const filled = {
  channel: "phone",
  name: "佐藤 一郎",
  kana: "さとう いちろう",
  email: "ichiro@example.com",
  phone: "03-1234-5678",
  zip: "111-0051",
  prefecture: "13",
  address: "台東区蔵前3-14-7",
  birth_date: "1985-04-01",
  item_product_1: "12",
  item_quantity_1: "2",
  payment_method: "bank",
};

function problems(body: unknown): Record<string, string> {
  const result = staffOrderInputSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("staffOrderInputSchema", () => {
  it("reads a filled form into the order's input", () => {
    const input = staffOrderInputSchema.parse({ ...filled, memo: "  夕方に電話  \r\n二行目 ", item_product_3: "７", item_quantity_3: "１" });
    expect(input).toMatchObject({
      channel: "phone",
      memberEmail: null,
      name: "佐藤 一郎",
      email: "ichiro@example.com",
      address: { country: "jp", zip: "111-0051", prefecture: "13", address: "台東区蔵前3-14-7", building_name: "" },
      recipient: null,
      birthDate: "1985-04-01",
      // Full-width digits are read as the shop's other forms read them.
      items: [
        { id: 12, amount: 2 },
        { id: 7, amount: 1 },
      ],
      gift: null,
      paymentMethod: "bank",
      memo: "夕方に電話  \n二行目",
    });
  });

  it("allows a customer without e-mail (a FAX customer), but not a malformed address", () => {
    expect(staffOrderInputSchema.parse({ ...filled, email: "" }).email).toBe("");
    expect(problems({ ...filled, email: "not-an-address" })).toEqual({ email: "invalid" });
  });

  it("asks the birth date on every order: blank and malformed are refused here, the age by the server on the order day", () => {
    expect(problems({ ...filled, birth_date: "" })).toEqual({ birth_date: "blank" });
    expect(problems({ ...filled, birth_date: "1985/04/01" })).toEqual({ birth_date: "invalid" });
  });

  it("names every wrong field at once", () => {
    expect(problems({ channel: "mail", phone: "abc", kana: "Sato", payment_method: "konbini" })).toEqual({
      channel: "inclusion",
      name: "blank",
      kana: "not_kana",
      phone: "invalid",
      zip: "blank",
      address: "blank",
      birth_date: "blank",
      items: "blank",
      payment_method: "inclusion",
    });
    // Not an object at all (only a crafted request sends one): every field is blank, not a 400.
    expect(problems("nonsense")).toMatchObject({ channel: "blank", name: "blank", items: "blank", payment_method: "blank" });
  });

  it("checks each item row, and adds up a product chosen on two rows", () => {
    expect(problems({ ...filled, item_product_2: "5" })).toEqual({ item_quantity_2: "blank" });
    expect(problems({ ...filled, item_quantity_2: "1" })).toEqual({ item_product_2: "blank" });
    expect(problems({ ...filled, item_product_2: "5", item_quantity_2: "0" })).toEqual({ item_quantity_2: "greater_than_or_equal_to" });
    expect(problems({ ...filled, item_product_2: "5", item_quantity_2: "100" })).toEqual({ item_quantity_2: "less_than_or_equal_to" });
    expect(problems({ ...filled, item_product_2: "5", item_quantity_2: "1.5" })).toEqual({ item_quantity_2: "not_an_integer" });
    expect(problems({ ...filled, item_product_2: "abc", item_quantity_2: "1" })).toEqual({ item_product_2: "inclusion" });
    expect(staffOrderInputSchema.parse({ ...filled, item_product_2: "12", item_quantity_2: "3" }).items).toEqual([{ id: 12, amount: 5 }]);
  });

  it("takes a separate recipient only when asked, with its own required fields", () => {
    expect(staffOrderInputSchema.parse({ ...filled, recipient_name: "ignored" }).recipient).toBeNull();
    expect(problems({ ...filled, to_recipient: "on" })).toEqual({
      recipient_name: "blank",
      recipient_phone: "blank",
      recipient_zip: "blank",
      recipient_address: "blank",
    });
    const input = staffOrderInputSchema.parse({
      ...filled,
      to_recipient: "on",
      recipient_name: "佐藤 花子",
      recipient_phone: "090-1111-2222",
      recipient_zip: "060-0001",
      recipient_address: "札幌市中央区北1条西1",
    });
    expect(input.recipient).toEqual({
      name: "佐藤 花子",
      kana: "",
      phone: "090-1111-2222",
      country: "jp",
      zip: "060-0001",
      prefecture: "",
      address: "札幌市中央区北1条西1",
      building_name: "",
    });
  });

  it("reads the gift options as checkout's gift payload", () => {
    expect(
      staffOrderInputSchema.parse({
        ...filled,
        gift_wrapping: "on",
        gift_noshi: "on",
        gift_omotegaki: "御祝",
        gift_name: "佐藤",
        gift_placement: "inner",
        gift_message: "おめでとう",
      }).gift,
    ).toEqual({ wrapping: true, noshi: { omotegaki: "御祝", placement: "inner", name: "佐藤" }, message_card: "", hide_prices: false });
    expect(problems({ ...filled, gift_noshi: "on", gift_name: "あ".repeat(21) })).toEqual({ gift_name: "too_long" });
  });

  it("offers staff exactly the methods whose module says they may take it", () => {
    const taken = paymentMethodChoices().filter((method) => staffOrderInputSchema.safeParse({ ...filled, payment_method: method.code }).success);
    expect(taken.map((method) => method.code)).toEqual(
      paymentMethodChoices()
        .filter((method) => method.staffEntry !== undefined)
        .map((method) => method.code),
    );
    expect(taken.length).toBeGreaterThanOrEqual(4);
    expect(
      paymentMethodChoices()
        .filter((method) => method.staffEntry === "awaiting_payment")
        .every((method) => method.checkoutInput === "card"),
    ).toBe(true);
  });

  it("puts the checkout rules' messages under the form's fields", () => {
    expect(staffOrderFieldOf("address.zip")).toBe("zip");
    expect(staffOrderFieldOf("recipient.phone")).toBe("recipient_phone");
    expect(staffOrderFieldOf("gift.noshi.name")).toBe("gift_name");
    expect(staffOrderFieldOf("gift.wrapping")).toBe("gift");
    expect(staffOrderFieldOf("birth_date")).toBe("birth_date");
  });
});
