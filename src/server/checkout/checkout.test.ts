import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { orderItemsTable } from "../db/schema/orders.ts";
import { firstDeliveryDate, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// Bank transfer and cash on delivery end to end, the form's validation, and what a placed order
// leaves behind (stock, cart, mail).

const env = checkoutTestShop();

describe("bank transfer", () => {
  it("places the order awaiting payment, takes the stock, empties the cart and mails the bank accounts", async () => {
    const wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 5 });
    const browser = env.shop.browserSession();
    await env.client.fillCart(browser, { [wine]: 2 });
    const payload = orderPayload([{ id: wine, amount: 2 }], {
      payment_method: "bank",
      desired_delivery_date: firstDeliveryDate(),
      desired_delivery_timezone: "14-16",
      memo: "不在時は宅配ボックスへ",
    });

    const response = await env.client.post(browser, payload);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ require_action: false, order_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/) });

    const order = (await env.client.order(body.order_id))!;
    expect(order).toMatchObject({
      status: "await_payment",
      paymentMethod: "bank",
      itemsTotal: 6000,
      taxTotal: 710,
      price: 7810,
      taxRatePercent: 10,
      zip: "1110051",
      prefecture: 13,
      desiredDeliveryTimezone: "14-16",
      locale: "ja",
      reservedUntil: null,
    });
    expect(order.confirmedAt).not.toBeNull();
    // Shipping is a charge line; card and bank transfer add no fee line.
    expect(await env.shop.app.services.orders.chargesOf(order.id)).toMatchObject([
      { kind: "shipping", labelJa: "送料", labelEn: "Shipping", amount: 1100, taxable: true, position: 0 },
    ]);
    const items = await env.shop.database.db.select().from(orderItemsTable).where(eq(orderItemsTable.orderId, order.id));
    expect(items).toMatchObject([{ productId: wine, nameJa: "蔵の赤", nameEn: "Kura red", unitPrice: 3000, amount: 2, taxRatePercent: 10 }]);
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await env.client.cart(browser)).toEqual([]);

    const [mail] = await env.shop.mailsTo(payload.email);
    // The mail names the order as the shopper reads it out (groups of four), not the plain API id.
    expect(mail!.subject).toContain(orderNumberForShopper(body.order_id));
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain("蔵の赤");
      expect(text).toContain("3,000 円 × 2 = 6,000 円(税抜)");
      expect(text).toContain("7,810 円");
      expect(text).toContain("銀行振込");
      expect(text).toContain("蔵前銀行 浅草橋支店 普通 1234567");
      expect(text).toContain("3日以内");
      expect(text).toContain("14-16時");
      expect(text).toContain("不在時は宅配ボックスへ");
      expect(text).toContain("〒111-0051 東京都台東区蔵前3-14-7");
    }
    expect(mail!.text).toContain("info@kura-shuho.example");
  });

  it("takes the string ids the cart answers carry (JSON:API ids), as well as numbers", async () => {
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" });
    const response = await env.client.post(env.shop.browserSession(), { ...payload, items: [{ id: String(wine), amount: 1 }] });
    expect(response.statusCode).toBe(200);
    expect((await env.client.order(response.json().order_id))!.itemsTotal).toBe(2000);
  });

  it("keeps a phone number typed full-width in half-width: the order, its mail and labels read 03-1234-5678", async () => {
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank", phone: "０３－１２３４－５６７８" });
    const response = await env.client.post(env.shop.browserSession(), payload);
    expect(response.statusCode).toBe(200);
    expect((await env.client.order(response.json().order_id))!.phone).toBe("03-1234-5678");
    const [mail] = await env.shop.mailsTo(payload.email);
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain("03-1234-5678");
      expect(text).not.toContain("０３－１２３４");
    }
  });

  it("answers and mails in English under /en, and prints the invoice registration number once configured", async () => {
    const profile = await env.shop.app.services.shopProfiles.profile();
    await env.shop.app.services.shopProfiles.save({ ...profile, invoiceRegistrationNumber: "T9999999999999" });
    try {
      const wine = await env.make.product({ name: { ja: "白", en: "White" }, price: 2000 });
      const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" });
      const response = await env.client.post(env.shop.browserSession(), payload, { locale: "en" });
      expect(response.statusCode).toBe(200);
      const [mail] = await env.shop.mailsTo(payload.email);
      expect(mail!.subject).toContain("Thank you for your order");
      expect(mail!.text).toContain("White");
      expect(mail!.text).toContain("Kuramae Bank, Asakusabashi Branch, Ordinary 1234567");
      expect(mail!.text).toContain("T9999999999999");
      expect(mail!.text).toContain("3,410 JPY");
    } finally {
      await env.shop.app.services.shopProfiles.save(profile);
    }
  });

  it("calls the receipt a qualified simplified invoice only while the shop has a registration number", async () => {
    const profile = await env.shop.app.services.shopProfiles.profile();
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const mailWith = async (invoiceRegistrationNumber: string | undefined) => {
      await env.shop.app.services.shopProfiles.save({ ...profile, invoiceRegistrationNumber });
      const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" });
      expect((await env.client.post(env.shop.browserSession(), payload)).statusCode).toBe(200);
      return (await env.shop.mailsTo(payload.email))[0]!;
    };
    try {
      const plain = await mailWith(undefined);
      for (const text of [plain.text, plain.html]) {
        expect(text).toContain("領収書は、お支払いの確認後に");
        expect(text).not.toContain("適格簡易請求書");
      }
      const qualified = await mailWith("T9999999999999");
      for (const text of [qualified.text, qualified.html]) expect(text).toContain("領収書(適格簡易請求書)は、お支払いの確認後に");
    } finally {
      await env.shop.app.services.shopProfiles.save(profile);
    }
  });
});

describe("cash on delivery", () => {
  it("places the order awaiting payment with the cod fee and the carrier instruction", async () => {
    const wine = await env.make.product({ price: 5000 });
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" });
    const response = await env.client.post(env.shop.browserSession(), payload);
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    // 5000 + 1100 + 440 = 6540, tax 654.
    expect(order).toMatchObject({ status: "await_payment", paymentMethod: "cod", taxTotal: 654, price: 7194 });
    expect(await env.shop.app.services.orders.chargesOf(order.id)).toMatchObject([
      { kind: "shipping", amount: 1100, taxable: true },
      { kind: "payment_fee", labelJa: "代引き手数料", labelEn: "Cash on delivery fee", amount: 440, taxable: true },
    ]);
    const [mail] = await env.shop.mailsTo(payload.email);
    expect(mail!.text).toContain("代金引換");
    expect(mail!.text).toContain("配達員");
    expect(mail!.text).not.toContain("蔵前銀行");
  });

  it("takes a total of 299999 and refuses 300000 and 300001 with the contract's message", async () => {
    // items + 1100 + 440, plus 10% rounded up: 271186 → 299999, 271187 → 300000, 271188 → 300001.
    const totals: Record<number, number> = {};
    for (const price of [271_186, 271_187, 271_188]) {
      const id = await env.make.product({ price, stock: 3 });
      const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id, amount: 1 }], { payment_method: "cod" }));
      totals[price] = response.statusCode;
      if (price === 271_186) expect((await env.client.order(response.json().order_id))!.price).toBe(299_999);
      else {
        expect(response.json().fields.payment_method).toEqual([
          `合計金額は${price === 271_187 ? 300_000 : 300_001}円と、300000円を超えるため代引きは選択できません。`,
        ]);
        expect(await env.client.stockOf(id)).toBe(3);
      }
    }
    expect(totals).toEqual({ 271186: 200, 271187: 422, 271188: 422 });
  });
});

describe("the form's validation", () => {
  it("names every wrong field in Japanese, and writes nothing", async () => {
    const wine = await env.make.product({ stock: 4 });
    const before = await env.client.orderCount();
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], {
        name: " ",
        email: "hanako@",
        phone: "12-34",
        address: { country: "jp", zip: "123", prefecture: 13, address: "", building_name: "" },
        desired_delivery_date: "2001-01-01",
        desired_delivery_timezone: "03-05",
      }),
    );
    expect(response.statusCode).toBe(422);
    const { fields, errors } = response.json();
    expect(fields).toEqual({
      name: ["お名前を入力してください"],
      email: ["メールアドレスは不正な値です"],
      phone: ["電話番号は不正な値です"],
      "address.zip": ["郵便番号は7桁の数字で入力してください"],
      "address.address": ["住所を入力してください"],
      desired_delivery_date: [expect.stringMatching(/^お届け希望日は\d{4}\/\d{2}\/\d{2}から\d{4}\/\d{2}\/\d{2}までの日付を選んでください。$/)],
      desired_delivery_timezone: ["お届け希望時間帯は一覧にありません"],
    });
    expect(errors).toHaveLength(7);
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(wine)).toBe(4);
  });

  it("words the messages in English under /en", async () => {
    const wine = await env.make.product();
    const response = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { name: "", email: "", address: { country: "jp", zip: "", prefecture: 13, address: "x" } }),
      { locale: "en" },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      name: ["Name can't be blank"],
      email: ["Email can't be blank"],
      "address.zip": ["Zip can't be blank"],
    });
    const unknownCountry = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { address: { country: "zz", zip: "12345", address: "1 Main St" } }),
      {
        locale: "en",
      },
    );
    expect(unknownCountry.json().fields).toEqual({ "address.country": ["Country is not included in the list"] });
  });

  it("asks for a card with credit, and refuses registered_credit to a guest", async () => {
    const wine = await env.make.product();
    const credit = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit" }));
    expect(credit.statusCode).toBe(422);
    expect(credit.json().fields).toEqual({ payment: ["カード情報を入力してください。"] });
    const saved = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "registered_credit" }));
    expect(saved.json().fields).toEqual({ payment_method: ["登録済みのカードがありません。カード情報を入力してお支払いください。"] });
  });

  it("gives a too long field its message instead of a bare 400", async () => {
    const wine = await env.make.product();
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { name: "あ".repeat(101) }));
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({ name: ["お名前は100文字以内で入力してください"] });
  });

  it("answers 400 with a clear message without a usable Idempotency-Key", async () => {
    const wine = await env.make.product();
    const payload = orderPayload([{ id: wine, amount: 1 }]);
    for (const key of [null, "", "short", "has spaces in it"]) {
      const response = await env.client.post(env.shop.browserSession(), payload, { key });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toContain("Idempotency-Key");
    }
    const english = await env.client.post(env.shop.browserSession(), payload, { key: null, locale: "en" });
    expect(english.json().errors[0]).toContain("The order could not be accepted");
  });

  it("answers 400 for a body that is no order form, and needs the CSRF token", async () => {
    const session = env.shop.browserSession();
    const bad = await env.client.post(session, { items: "two bottles" });
    expect(bad.statusCode).toBe(400);
    const wine = await env.make.product();
    const withoutToken = await env.shop.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: { cookie: session.cookie, "idempotency-key": crypto.randomUUID() },
      payload: orderPayload([{ id: wine, amount: 1 }]),
    });
    expect(withoutToken.statusCode).toBe(403);
  });
});

describe("catalogue prices only", () => {
  it("ignores any price the browser sends and charges the catalogue's", async () => {
    const wine = await env.make.product({ price: 10_000 });
    const payload = { ...orderPayload([{ id: wine, amount: 1 }]), price: 1, items: [{ id: wine, amount: 1, price: 1 }] };
    const response = await env.client.post(env.shop.browserSession(), payload);
    expect(response.statusCode).toBe(200);
    expect((await env.client.order(response.json().order_id))!.price).toBe(12_210);
  });

  it("marks the product sold out in the catalogue once its last bottle is ordered", async () => {
    const wine = await env.make.product({ stock: 1 });
    env.shop.app.services.catalog.invalidate();
    expect((await env.shop.app.inject({ method: "GET", url: `/api/products/${wine}` })).json().data.attributes.sold_out).toBe(false);
    expect((await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }]))).statusCode).toBe(200);
    expect((await env.shop.app.inject({ method: "GET", url: `/api/products/${wine}` })).json().data.attributes.sold_out).toBe(true);
  });
});
