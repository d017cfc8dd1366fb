import { describe, expect, it } from "vitest";
import { chargeOf } from "../../domain/order-charges.ts";
import type { OrderRecord } from "../../domain/order-view.ts";
import { orderView } from "../../domain/order-view.ts";
import { storedPaymentMethods } from "../../domain/payment-methods/payment-method.registry.ts";
import type { AccountMailKind } from "../accounts/account.mails.ts";
import { accountMail } from "../accounts/account.mails.ts";
import { readShopProfileFile } from "../shop/shop-profile.service.ts";
import type { OrderStatusMailKind } from "./order-status.mails.ts";
import { orderStatusMail } from "./order-status.mails.ts";
import { orderMail } from "./order.mails.ts";
import type { OrderRow } from "./orders.service.ts";

const shop = readShopProfileFile("config/shop-profile.json");
const PUBLIC_URL = "https://kura.example";
const NOTICE_JA = "20歳未満の者の飲酒は法律で禁止されています";
const NOTICE_EN = "Drinking by anyone under the age of 20 is prohibited by law.";

function record(paymentMethod: string, locale: "ja" | "en"): OrderRecord {
  return {
    publicId: "K7M2Q9XW4R",
    createdAt: new Date("2026-11-20T03:00:00Z"),
    status: "await_payment",
    paymentMethod,
    locale,
    name: "山田 花子",
    email: "hanako@example.com",
    phone: "090-1234-5678",
    country: "jp",
    zip: "1110051",
    prefecture: 13,
    address: "台東区蔵前3-14-7",
    buildingName: "",
    recipient: null,
    gift: null,
    carrier: null,
    desiredDeliveryDate: null,
    desiredDeliveryTimezone: null,
    memo: "",
    slipNumber: "1234-5678-9012",
    paymentInstructions: null,
    taxRatePercent: 10,
    birthDate: "1985-04-01",
    items: [
      { id: 1, productId: 1, name: { ja: "山崎 12年", en: "Yamazaki 12" }, unitPrice: 4980, taxRatePercent: 10, amount: 1 },
      { id: 2, productId: 2, name: { ja: "ノンアルコール スパークリング", en: "Non-alcoholic sparkling" }, unitPrice: 1201, taxRatePercent: 8, amount: 2 },
    ],
    charges: [chargeOf("shipping", 1100)],
  };
}

function expectNotice(mail: { text: string; html: string }, locale: "ja" | "en") {
  expect(mail.text).toContain(NOTICE_JA);
  expect(mail.html).toContain(NOTICE_JA);
  if (locale === "en") {
    expect(mail.text).toContain(NOTICE_EN);
    expect(mail.html).toContain(NOTICE_EN);
  }
}

describe("the under-20 notice on every mail (decision 036)", () => {
  for (const locale of ["ja", "en"] as const) {
    for (const method of storedPaymentMethods()) {
      it(`order mail, ${method.stored}, ${locale}`, () => {
        expectNotice(orderMail(shop, PUBLIC_URL, { order: orderView(record(method.stored, locale)), timeBands: {} }), locale);
      });
      for (const kind of ["deposited", "sent", "cancelled"] as OrderStatusMailKind[]) {
        it(`${kind} mail, ${method.stored}, ${locale}`, () => {
          const row = { ...record(method.stored, locale), price: 9000, zip: "1110051" } as unknown as OrderRow;
          expectNotice(orderStatusMail(shop, PUBLIC_URL, kind, row, { refunded: true, paidByTransfer: true }), locale);
        });
      }
    }
    for (const kind of ["confirmation", "reconfirmation", "alreadyRegistered", "resetPassword", "unlock", "passwordChanged"] as AccountMailKind[]) {
      it(`account mail ${kind}, ${locale}`, () => {
        expectNotice(accountMail(shop, PUBLIC_URL, locale, kind, "/ja/api/users/confirmation?confirmation_token=x"), locale);
      });
    }
  }
});

describe("the order mail of a mixed-rate order", () => {
  it("marks the reduced-rate item ※ with the footnote and shows tax at 10% and 8% apart", () => {
    const mail = orderMail(shop, PUBLIC_URL, { order: orderView(record("bank", "ja")), timeBands: {} });
    expect(mail.text).toContain("※ノンアルコール スパークリング");
    expect(mail.text).not.toContain("※山崎");
    expect(mail.text).toContain("※は軽減税率対象");
    // 10%: 4,980 + 1,100 = 6,080 → 608; 8%: 2,402 → ceil(192.16) = 193.
    expect(mail.text).toMatch(/消費税\(10%対象 6,080\s?円\): 608\s?円/);
    expect(mail.text).toMatch(/消費税\(8%対象 2,402\s?円\): 193\s?円/);
    expect(mail.text).toMatch(/合計\(税込\): 9,283\s?円/);
  });
});

describe("総額表示 in the mails (decision 045)", () => {
  const AMOUNT = /\d{1,3}(?:,\d{3})*\s?(?:円|JPY)/;
  const LABELLED = /税込|税抜|incl\. tax|excl\. tax|消費税|Consumption tax/;
  for (const locale of ["ja", "en"] as const) {
    for (const method of storedPaymentMethods()) {
      it(`order mail, ${method.stored}, ${locale}: the order number and the tax-included amount first, every amount labelled`, () => {
        const mail = orderMail(shop, PUBLIC_URL, { order: orderView(record(method.stored, locale)), timeBands: {} });
        const lines = mail.text.split("\n");
        const amountLines = lines.filter((line) => AMOUNT.test(line));
        expect(amountLines.length).toBeGreaterThan(5);
        expect(amountLines.filter((line) => !LABELLED.test(line))).toEqual([]);
        expect(amountLines[0]).toBe(locale === "ja" ? "お支払い金額(税込): 9,283 円" : "Order total (incl. tax): 9,283 JPY");
        expect(lines[lines.indexOf(amountLines[0]!) - 1]).toMatch(/^(ご注文番号|Order number): K7M2Q9XW4R$/);
      });
      for (const kind of ["deposited", "sent", "cancelled"] as OrderStatusMailKind[]) {
        it(`${kind} mail, ${method.stored}, ${locale}: every amount labelled`, () => {
          const row = { ...record(method.stored, locale), price: 9000, zip: "1110051" } as unknown as OrderRow;
          const mail = orderStatusMail(shop, PUBLIC_URL, kind, row, { refunded: true, paidByTransfer: true });
          const amountLines = mail.text.split("\n").filter((line) => AMOUNT.test(line));
          expect(amountLines.length).toBeGreaterThan(0);
          expect(amountLines.filter((line) => !LABELLED.test(line))).toEqual([]);
        });
      }
    }
  }
});

describe("the shipping promise in the order mail (issue 28)", () => {
  it("states the one promise of the shop's delivery calendar, as the legal notice does, and no second figure", () => {
    const ja = orderMail(shop, PUBLIC_URL, { order: orderView(record("bank", "ja")), timeBands: {} });
    expect(ja.text).toContain("14時までのご注文は当日発送(土日祝・休業日を除く)。銀行振込の場合は、ご入金の確認後の発送となります。");
    expect(ja.text).not.toContain("営業日以内");
    const en = orderMail(shop, PUBLIC_URL, { order: orderView(record("bank", "en")), timeBands: {} });
    expect(en.text).toContain("Orders placed by 14:00 (Japan time) ship the same day");
    expect(en.text).not.toContain("business days");
  });
});
