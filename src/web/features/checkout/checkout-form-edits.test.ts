import { describe, expect, it } from "vitest";
import { defaultPaymentTerms } from "../../../domain/payment-methods/payment-method.registry.ts";
import { checkoutEdits } from "./checkout-form-edits.ts";
import type { CheckoutEdit } from "./checkout-form-edits.ts";
import type { CheckoutFieldErrors } from "./checkout-order.ts";
import { emptyGiftForm } from "./checkout-order.ts";
import { initialCheckoutForm } from "./initial-checkout-form.ts";

// The checkout form's edits (use-checkout-form.ts applies them): what each changes in the form,
// and which messages it clears, the others left as they were.

const form = initialCheckoutForm(null, "日本", { terms: { payments: defaultPaymentTerms() }, gift: { omotegaki: ["御祝"] } });
const errors: CheckoutFieldErrors = {
  contact: { name: "お名前を入力してください。", email: "メールアドレスの形式が正しくありません。" },
  address: { zip: ["郵便番号を入力してください。"] },
  other: {
    birth_date: "20歳未満の方はご購入いただけません。",
    use_points: "ポイントが足りません。",
    coupon_code: "使えないクーポンです。",
    "coupon_codes.0": "併用できません。",
    memo: "長すぎます。",
  },
  gift: { "gift.noshi.omotegaki": "表書きを選んでください。" },
  recipient: { name: ["お届け先のお名前を入力してください。"] },
};

function applied(edit: CheckoutEdit) {
  return { form: edit.form(form), errors: edit.errors ? edit.errors(errors) : errors };
}

describe("checkout form edits", () => {
  it("types a contact field and clears that field's message only", () => {
    const after = applied(checkoutEdits.contact("name", "山田 花子"));
    expect(after.form.contact).toEqual({ ...form.contact, name: "山田 花子" });
    expect(after.errors.contact).toEqual({ name: undefined, email: "メールアドレスの形式が正しくありません。" });
    expect(after.errors.other).toBe(errors.other);
  });

  it("takes an address as a value or as a change of the current one, and leaves the messages", () => {
    const typed = { ...form.address, zip: "111-0051" };
    expect(applied(checkoutEdits.address(typed)).form.address).toBe(typed);
    const after = applied(checkoutEdits.address((current) => ({ ...current, address: "台東区蔵前3-14-7" })));
    expect(after.form.address).toEqual({ ...form.address, address: "台東区蔵前3-14-7" });
    expect(after.errors).toBe(errors);
  });

  it("chooses お届け先 again and drops the other address's messages", () => {
    const after = applied(checkoutEdits.delivery((current) => ({ ...current, choice: "other" })));
    expect(after.form.delivery.choice).toBe("other");
    expect(after.errors.recipient).toEqual({});
    expect(after.errors.contact).toBe(errors.contact);
  });

  it("sets the wish and the memo without touching a message", () => {
    expect(applied(checkoutEdits.wish({ date: "2026-12-24", timezone: "14-16" })).form.wish).toEqual({ date: "2026-12-24", timezone: "14-16" });
    const memo = applied(checkoutEdits.memo("不在時は宅配ボックスへ"));
    expect(memo.form.memo).toBe("不在時は宅配ボックスへ");
    expect(memo.errors).toBe(errors);
  });

  it("clears the birth date's and the points' messages as they are typed again", () => {
    const birth = applied(checkoutEdits.birthDate("1990-04-01"));
    expect(birth.form.birthDate).toBe("1990-04-01");
    expect(birth.errors.other).toEqual({ ...errors.other, birth_date: undefined });
    const points = applied(checkoutEdits.usePoints("300"));
    expect(points.form.usePoints).toBe("300");
    expect(points.errors.other).toEqual({ ...errors.other, use_points: undefined });
  });

  it("drops the gift section's messages on a gift change, and keeps the same errors when there were none", () => {
    const gift = { ...emptyGiftForm(["御祝"]), wrapping: true };
    const after = applied(checkoutEdits.gift(gift));
    expect(after.form.gift).toBe(gift);
    expect(after.errors.gift).toBeUndefined();
    const none = { ...errors, gift: undefined };
    expect(checkoutEdits.gift(gift).errors!(none)).toBe(none);
  });

  it("posts the first coupon as coupon_code and the others as coupon_codes, replacing every coupon message", () => {
    const after = applied(checkoutEdits.coupons(["WELCOME", "SAKE10", "GIFT"], { "coupon_codes.1": "期限切れです。" }));
    expect(after.form.couponCode).toBe("WELCOME");
    expect(after.form.couponCodes).toEqual(["SAKE10", "GIFT"]);
    expect(after.errors.other).toEqual({
      birth_date: errors.other.birth_date,
      use_points: errors.other.use_points,
      memo: errors.other.memo,
      "coupon_codes.1": "期限切れです。",
    });
    const none = applied(checkoutEdits.coupons([]));
    expect([none.form.couponCode, none.form.couponCodes]).toEqual(["", []]);
    expect(Object.keys(none.errors.other).filter((field) => field.startsWith("coupon"))).toEqual([]);
  });
});
