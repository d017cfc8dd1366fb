import { describe, expect, it } from "vitest";
import { emptyGiftForm, type CheckoutForm } from "./checkout-order.ts";
import { forgetCheckoutForm, keepCheckoutForm, keptCheckoutForm } from "./kept-checkout-form.ts";
import { stubSessionStorage } from "../../testing/session-storage.ts";

// The checkout form kept in the tab's sessionStorage (decision 053): laid back over a new form for
// the same shopper, field by field, and nothing of a copy that is another's, damaged or of another shape.

function newForm(): CheckoutForm {
  const address = { country: { id: "jp", name: "日本" }, zip: "", prefecture: "", address: "", building_name: "" };
  return {
    method: "credit",
    contact: { name: "", email: "", phone: "" },
    address,
    delivery: { choice: "buyer", other: { name: "", phone: "", address } },
    wish: { date: "", timezone: "" },
    memo: "",
    birthDate: "",
    gift: emptyGiftForm(["御祝", "御歳暮"]),
  } as CheckoutForm;
}

function typed(): CheckoutForm {
  const form = newForm();
  return {
    ...form,
    method: "paypay",
    contact: { name: "蔵前 花子", email: "hanako@example.com", phone: "03-1234-5678" },
    address: { ...form.address, zip: "1000001", prefecture: "13", address: "千代田区千代田1-1" },
    delivery: { choice: "other", other: { name: "比嘉 ツル", kana: "ヒガ ツル", phone: "098-867-1234", address: { ...form.address, prefecture: "47" } } },
    birthDate: "1985-04-01",
    gift: { ...form.gift, noshi: true, omotegaki: "御歳暮", name: "蔵前", wrapping: true },
  };
}

stubSessionStorage();

describe("the kept checkout form", () => {
  it("comes back whole for the shopper who typed it, the recipient's フリガナ included", () => {
    keepCheckoutForm(typed(), null);
    expect(keptCheckoutForm(newForm(), null)).toEqual(typed());
    keepCheckoutForm(typed(), 7);
    expect(keptCheckoutForm(newForm(), 7)).toEqual(typed());
  });

  it("is nothing for another account, after it was forgotten, or when the tab holds none", () => {
    expect(keptCheckoutForm(newForm(), null)).toBeNull();
    keepCheckoutForm(typed(), null);
    expect(keptCheckoutForm(newForm(), 7)).toBeNull();
    forgetCheckoutForm();
    expect(keptCheckoutForm(newForm(), null)).toBeNull();
    sessionStorage.setItem("checkoutForm", "{not json");
    expect(keptCheckoutForm(newForm(), null)).toBeNull();
  });

  it("takes only what has the form's shape: a damaged field, an unknown method or a lost book entry fall back", () => {
    const stored = { ...typed(), method: "bitcoin", contact: { name: 42, email: "hanako@example.com", phone: null }, extra: "<script>" };
    sessionStorage.setItem("checkoutForm", JSON.stringify({ account: null, form: { ...stored, delivery: { choice: "book:3", other: {} } } }));
    const form = keptCheckoutForm(newForm(), null)!;
    expect(form.method).toBe("credit");
    expect(form.contact).toEqual({ name: "", email: "hanako@example.com", phone: "" });
    expect(form.delivery.choice).toBe("buyer");
    expect(form).not.toHaveProperty("extra");
    expect(form.gift).toEqual(typed().gift);
  });
});
