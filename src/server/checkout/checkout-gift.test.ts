import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrdersPage } from "../../domain/checkout.ts";
import { B2_COLUMNS } from "../admin/b2-cloud.csv.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// Gift options (issue #18 item 1) through POST /api/checkout: every option written to the order,
// its mail, My Page's answer, the back office's order and both CSV exports; bad or switched-off
// options refused with field messages and nothing written. Tracking (item 6): the carrier chosen
// when shipping, its tracking page in the shipping mail and on My Page.

let staff: StaffSession;

const env = checkoutTestShop();

const MESSAGE = "いつもありがとうございます。\n今年もよろしくお願いいたします。";
const EVERY_OPTION = {
  wrapping: true,
  noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" },
  message_card: `${MESSAGE}\r\n`,
  hide_prices: true,
};

/** Our CSVs' cells, a message card's line break inside its quoted cell kept. */
function rowsOf(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of text.matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/g)) {
    if (match[0] === "") break;
    row.push(match[1]!.replace(/^"|"$/g, "").replaceAll('""', '"'));
    if (match[2] !== ",") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

async function download(path: string) {
  const response = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${path}`, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

function ship(id: string, payload: object) {
  return env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${id}/ship`, headers: staff.headers, payload });
}

beforeAll(async () => {
  staff = await staffSession(env.shop);
  // The B2 export needs the shop's Yamato contract.
  await changeShopProfile(env.shop, () => ({ yamatoB2: B2_BILLING }));
});

describe("a gift order with every option", () => {
  it("keeps the options with the order and shows them in the mail, My Page, the back office and both CSVs", async () => {
    const wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 5 });
    const member = await env.shop.memberSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod", gift: EVERY_OPTION });
    const response = await env.client.post(member, payload);
    expect(response.statusCode).toBe(200);
    const id = response.json().order_id as string;

    const stored = (await env.client.order(id))!;
    expect(stored.gift).toEqual({ wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" }, messageCard: MESSAGE, hidePrices: true });

    // Wrapping is its charge line: 3000 + 1100 + cod 440 + 330 = 4870 → tax 487.
    expect((await env.shop.app.services.orders.chargesOf(stored.id)).map((charge) => [charge.kind, charge.labelJa, charge.amount])).toEqual([
      ["shipping", "送料", 1100],
      ["payment_fee", "代引き手数料", 440],
      ["gift_wrapping", "ギフトラッピング料", 330],
    ]);
    expect(stored.price).toBe(5357);

    const [mail] = await env.shop.mailsTo(payload.email);
    expect(mail!.text).toContain("ギフトラッピング料(税抜)");
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain("ギフト設定");
      expect(text).toContain("御歳暮(外のし)");
      expect(text).toContain("名入れ: 山田");
      expect(text).toContain("ラッピング: あり");
      expect(text).toContain("納品書: 金額を記載しない");
    }
    // The card's line break is kept: a new indented line in text, <br> in HTML.
    expect(mail!.text).toContain("メッセージカード: いつもありがとうございます。\n  今年もよろしくお願いいたします。");
    expect(mail!.html).toMatch(/いつもありがとうございます。<br>\s*今年もよろしくお願いいたします。/);

    const history = await env.shop.app.inject({ method: "GET", url: "/en/api/orders", headers: { cookie: member.cookie } });
    const [order] = (history.json() as OrdersPage).data;
    expect(order!.attributes.gift).toEqual({
      wrapping: true,
      noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" },
      message_card: MESSAGE,
      hide_prices: true,
    });

    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers });
    expect(detail.json().data.gift).toEqual(order!.attributes.gift);

    const plain = rowsOf((await download("export.csv")).subarray(3).toString("utf8"));
    const header = plain[0]!;
    const row = plain.find((each) => each[0] === id)!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("ギフトラッピング料")).toBe("330");
    expect([cell("ラッピング"), cell("のし表書き"), cell("名入れ"), cell("内のし・外のし"), cell("メッセージカード"), cell("金額を記載しない")]).toEqual([
      "あり",
      "御歳暮",
      "山田",
      "外のし",
      MESSAGE,
      "あり",
    ]);

    const b2 = rowsOf(iconv.decode(await download("b2-cloud.csv"), "Shift_JIS"));
    const b2Row = b2.find((each) => each[B2_COLUMNS.indexOf("お客様管理番号")] === id)!;
    // 記事 holds 44 bytes: the name fits, the card and the note without prices are on the order page.
    expect(b2Row[B2_COLUMNS.indexOf("記事")]).toBe("のし:御歳暮/名入れ:山田/外のし・ラッピング");
  });

  it("takes an order without gift fields as before, and all options off as no gift", async () => {
    const wine = await env.make.product({ price: 2000 });
    const plain = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }]));
    expect(plain.statusCode).toBe(200);
    expect((await env.client.order(plain.json().order_id))!.gift).toBeNull();
    const off = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { gift: { wrapping: false, noshi: null, message_card: "", hide_prices: false } }),
    );
    expect(off.statusCode).toBe(200);
    expect((await env.client.order(off.json().order_id))!.gift).toBeNull();
  });
});

describe("gift options refused", () => {
  it("answers 422 with ja/en field messages for a 表書き not on the list, a long name or message, and writes nothing", async () => {
    const wine = await env.make.product({ price: 2000, stock: 3 });
    const before = await env.client.orderCount();
    const bad = { noshi: { omotegaki: "御見舞", placement: "sideways", name: "あ".repeat(21) }, message_card: "い".repeat(201) };
    const ja = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { gift: bad }));
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      "gift.noshi.omotegaki": ["表書きは一覧から選んでください。"],
      "gift.noshi.placement": ["内のし・外のしを選んでください。"],
      "gift.noshi.name": ["名入れは20文字以内で入力してください。"],
      "gift.message_card": ["メッセージカードは200文字以内で入力してください。"],
    });
    const en = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { gift: { noshi: { omotegaki: "御見舞" }, wrapping: "yes" } }),
      { locale: "en" },
    );
    expect(en.statusCode).toBe(422);
    expect(en.json().fields).toEqual({
      "gift.noshi.omotegaki": ["Choose the noshi inscription from the list."],
      "gift.wrapping": ["The gift options are not valid."],
    });
    const shape = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { gift: "wrap it" }));
    expect(shape.statusCode).toBe(422);
    expect(shape.json().fields).toEqual({ gift: ["ギフト設定の内容が正しくありません。"] });
    // Exactly 20 and 200 characters are fine (counted as characters, not bytes).
    const edge = await env.client.post(
      env.shop.browserSession(),
      orderPayload([{ id: wine, amount: 1 }], { gift: { noshi: { omotegaki: "寿", name: "あ".repeat(20) }, message_card: "い".repeat(200) } }),
    );
    expect(edge.statusCode).toBe(200);
    expect(await env.client.orderCount()).toBe(before + 1);
    expect(await env.client.stockOf(wine)).toBe(2);
  });

  it("refuses an option the trader switched off, and a 表書き the trader added is taken", async () => {
    const wine = await env.make.product({ price: 2000 });
    const profile = await changeShopProfile(env.shop, ({ gift }) => ({ gift: { ...gift, wrapping: false, omotegaki: [...gift.omotegaki, "祝還暦"] } }));
    try {
      const off = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { gift: { wrapping: true } }));
      expect(off.statusCode).toBe(422);
      expect(off.json().fields).toEqual({ "gift.wrapping": ["ラッピングは現在承っておりません。"] });
      const added = await env.client.post(
        env.shop.browserSession(),
        orderPayload([{ id: wine, amount: 1 }], { gift: { noshi: { omotegaki: "祝還暦", placement: "inner" } } }),
      );
      expect(added.statusCode).toBe(200);
      expect((await env.client.order(added.json().order_id))!.gift).toEqual({
        wrapping: false,
        noshi: { omotegaki: "祝還暦", placement: "inner", name: "" },
        messageCard: "",
        hidePrices: false,
      });
    } finally {
      await env.shop.app.services.shopProfiles.save(profile);
    }
  });
});

describe("tracking", () => {
  it("ships with the carrier chosen and links its tracking page in the mail and on My Page", async () => {
    const wine = await env.make.product({ price: 3000 });
    const member = await env.shop.memberSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" });
    const id = (await env.client.post(member, payload)).json().order_id as string;

    const refused = await ship(id, { slip_number: "1234-5678-9012", carrier: "fedex" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ carrier: ["配送業者は一覧にありません"] });
    expect((await env.client.order(id))!.status).toBe("await_payment");

    const shipped = await ship(id, { slip_number: "1234-5678-9012", carrier: "sagawa" });
    expect(shipped.statusCode).toBe(200);
    const sagawa = "https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012";
    expect(shipped.json().data).toMatchObject({ carrier: "sagawa", carrier_label: "佐川急便", tracking_url: sagawa });

    const mail = (await env.shop.mailsTo(payload.email)).find((each) => each.subject.includes("発送しました"))!;
    expect(mail.text).toContain("配送業者: 佐川急便");
    expect(mail.text).toContain(`配送状況を確認する: ${sagawa}`);
    expect(mail.html).toContain(`href="${sagawa.replaceAll("&", "&amp;")}"`);

    const history = await env.shop.app.inject({ method: "GET", url: "/ja/api/orders", headers: { cookie: member.cookie } });
    expect((history.json() as OrdersPage).data[0]!.attributes).toMatchObject({
      slip_number: "1234-5678-9012",
      carrier: "sagawa",
      carrier_label: "佐川急便",
      tracking_url: sagawa,
    });
  });

  it("ships with ヤマト運輸 when no carrier is named", async () => {
    const wine = await env.make.product({ price: 3000 });
    const id = (await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" }))).json().order_id as string;
    const shipped = await ship(id, { slip_number: "4444-1375-8703" });
    expect(shipped.json().data).toMatchObject({
      carrier: "yamato",
      tracking_url: "https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=444413758703",
    });
  });
});
