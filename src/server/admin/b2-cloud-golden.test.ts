import fs from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { chargeOf } from "../../domain/order-charges.ts";
import type { OrderRecord } from "../../domain/order-view.ts";
import { orderView } from "../../domain/order-view.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { b2Csv, b2Row } from "./b2-cloud.csv.ts";
import { isB2Character } from "./b2-text.ts";
import type { B2Column } from "../testing/b2-cloud-files.ts";
import { b2Cell, b2Cells } from "../testing/b2-cloud-files.ts";

// The B2 Cloud upload of two orders byte for byte, as written by hand from Yamato's 送り状発行データ
// レイアウト (入出力用): Shift_JIS, CRLF, a header line, the 42 columns in order, dates YYYY/MM/DD,
// phones in half-width digits and hyphens, postcodes 3-4, お届け先住所 with 町・番地 in 32 bytes and
// the rest in アパートマンション名, JIS X 0208 characters only (髙 → 高), お届け先名(ｶﾅ) in half-width
// katakana, 請求先 codes in every row.
// A gift (cash on delivery) goes from its buyer to Okinawa; a paid order to its buyer comes from the shop.

const shop = {
  shopName: { ja: "酒舗 蔵", en: "Kura" },
  phone: "03-5829-4410",
  zip: "111-0051",
  address: { ja: "東京都台東区蔵前3-14-7 蔵前ビル1階", en: "" },
  yamatoB2: { customerCode: "0312345678", classificationCode: "", freightNumber: "01" },
} as unknown as ShopProfile;

function record(fields: Partial<OrderRecord>): OrderRecord {
  return {
    publicId: "",
    createdAt: new Date("2026-12-17T10:00:00+09:00"),
    status: "deposited",
    paymentMethod: "bank",
    locale: "ja",
    name: "",
    email: "buyer@example.com",
    phone: "",
    country: "jp",
    zip: "",
    prefecture: 13,
    address: "",
    buildingName: "",
    recipient: null,
    desiredDeliveryDate: null,
    desiredDeliveryTimezone: null,
    memo: "",
    slipNumber: null,
    gift: null,
    carrier: null,
    birthDate: null,
    paymentInstructions: null,
    taxRatePercent: 10,
    items: [{ id: 1, productId: 1, name: { ja: "蔵の赤", en: "Kura red" }, unitPrice: 3000, taxRatePercent: 10, amount: 2 }],
    charges: [chargeOf("shipping", 1100)],
    ...fields,
  };
}

describe("the B2 Cloud upload, against the golden file", () => {
  it("writes the published layout byte for byte", () => {
    const gift = orderView(
      record({
        publicId: "K7Q2M9X4P8RT",
        status: "await_payment",
        paymentMethod: "cod",
        name: "山田 太郎",
        phone: "03（5555）1234",
        zip: "1110051",
        address: "台東区蔵前3-14-7",
        buildingName: "蔵前ハイツ101",
        recipient: {
          name: "髙良 花子",
          kana: "タカラ ハナコ",
          phone: "０９８－８６７－１２３４",
          country: "jp",
          zip: "9040111",
          prefecture: 47,
          address: "中頭郡北谷町字砂辺100番地 シーサイドコート北谷",
          buildingName: "205号室",
        },
        desiredDeliveryDate: "2026-12-20",
        desiredDeliveryTimezone: "14-16",
        charges: [chargeOf("shipping", 1100), chargeOf("payment_fee", 440, storedPaymentMethod("cod").feeLabel)],
      }),
    );
    const own = orderView(
      record({
        publicId: "B3N6W1Z5H2CD",
        name: "佐藤 一郎",
        phone: "０３－１２３４－５６７８",
        zip: "1500001",
        address: "渋谷区神宮前1-2-3",
        items: [
          { id: 2, productId: 2, name: { ja: "生酒 〜しぼりたて〜", en: "Fresh sake" }, unitPrice: 2000, taxRatePercent: 10, amount: 1 },
          { id: 3, productId: 1, name: { ja: "蔵の赤", en: "Kura red" }, unitPrice: 3000, taxRatePercent: 10, amount: 1 },
        ],
      }),
    );
    const { body, notes } = b2Csv(
      [
        { order: gift, cool: false },
        { order: own, cool: true },
      ],
      shop,
      "2026-12-18",
    );
    const golden = fs.readFileSync(new URL("./fixtures/b2-cloud-golden.csv", import.meta.url));
    expect(body.toString("hex")).toBe(golden.toString("hex"));
    expect(notes).toEqual([{ orderId: "K7Q2M9X4P8RT", replaced: [{ field: "お届け先名", original: "髙", substitute: "高" }], leftOver: "" }]);
  });

  it("never writes a ?: every text column is folded the same way, and the notes name each row and column", () => {
    // A gift from a buyer whose name, address and 名入れ hold characters Shift_JIS has no code for
    // (𠮷, an emoji) or B2 refuses (﨑, IBM's row): iconv-lite alone would write "?" for the first two.
    const order = orderView(
      record({
        publicId: "Q9W8E7R6T5Y4",
        name: "𠮷川 﨑子😀",
        phone: "03-1234-5678",
        zip: "1110051",
        address: "台東区蔵前3-14-7 𠮷ビル",
        buildingName: "﨑101😀",
        recipient: {
          name: "𠮷野 﨑子😀",
          phone: "090-1234-5678",
          country: "jp",
          zip: "9040111",
          prefecture: 47,
          address: "中頭郡北谷町字砂辺100番地",
          buildingName: "",
        },
        gift: { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer", name: "𠮷田😀" }, messageCard: "", hidePrices: false },
        items: [{ id: 1, productId: 1, name: { ja: "𠮷の酒😀", en: "Kichi" }, unitPrice: 3000, taxRatePercent: 10, amount: 1 }],
      }),
    );
    const { cells, note } = b2Row({ order, cool: false }, shop, "2026-12-18");
    const expected = {
      お届け先名: "吉野 崎子〓",
      ご依頼主名: "吉川 崎子〓",
      記事: "のし:御歳暮/名入れ:吉田〓/外のし・ラッピング",
      品名１: "吉の酒〓",
      ご依頼主住所: "東京都台東区蔵前3-14-7 吉ビル",
      ご依頼主アパートマンション: "崎101〓",
    };
    expect(b2Cells(cells, expected)).toEqual(expected);
    for (const cell of cells) {
      const text = String(cell ?? "");
      expect(
        [...text].filter((character) => !isB2Character(character)),
        text,
      ).toEqual([]);
      expect(iconv.decode(iconv.encode(text, "Shift_JIS"), "Shift_JIS")).toBe(text);
    }
    const { body } = b2Csv([{ order, cool: false }], shop, "2026-12-18");
    expect(iconv.decode(body, "Shift_JIS")).not.toContain("?");
    // Each column with a replacement, once per character, in the row of its order.
    expect(note.orderId).toBe("Q9W8E7R6T5Y4");
    const all: [string, string][] = [
      ["𠮷", "吉"],
      ["﨑", "崎"],
      ["😀", "〓"],
    ];
    const noSaki = all.filter(([original]) => original !== "﨑");
    const replaced = (field: string, pairs: [string, string][]) => pairs.map(([original, substitute]) => ({ field, original, substitute }));
    expect(note.replaced).toEqual([
      ...replaced("お届け先名", all),
      ...replaced("ご依頼主住所", all),
      ...replaced("ご依頼主名", all),
      ...replaced("品名１", noSaki),
      ...replaced("記事", noSaki),
    ]);
  });

  it("adds no 敬称 to a name that carries one, and never cuts 品名１ inside a vintage", () => {
    // A name longer than 品名１ holds, that ends in its vintage.
    const louviere = {
      id: 1,
      productId: 1,
      name: { ja: "シャトー・ルーヴィエール ソーヴィニヨン・ブラン 2023", en: "Louvière" },
      unitPrice: 3000,
      taxRatePercent: 10,
      amount: 1,
    };
    const order = orderView(
      record({
        publicId: "H3N7C2V9B5M1",
        recipient: {
          name: "㈱蔵前酒販 御中",
          phone: "03-1234-5678",
          country: "jp",
          zip: "1110051",
          prefecture: 13,
          address: "台東区蔵前3-14-7",
          buildingName: "",
        },
        items: [louviere],
      }),
    );
    const column = (row: { cells: unknown[] }, name: B2Column) => b2Cell(row.cells, name);
    const company = b2Row({ order, cool: false }, shop, "2026-12-18");
    expect(column(company, "お届け先名")).toBe("(株)蔵前酒販 御中");
    expect(column(company, "敬称")).toBe("");
    expect(column(company, "品名１")).toBe("シャトー・ルーヴィエール ソーヴィニヨン・ブラン");
    const person = b2Row({ order: { ...order, recipient: { ...order.recipient, name: "佐藤 正行" } }, cool: false }, shop, "2026-12-18");
    expect(column(person, "敬称")).toBe("様");
    const two = orderView(
      record({
        publicId: "H3N7C2V9B5M2",
        items: [louviere, { id: 2, productId: 2, name: { ja: "蔵の赤", en: "Kura red" }, unitPrice: 3000, taxRatePercent: 10, amount: 1 }],
      }),
    );
    expect(column(b2Row({ order: two, cool: false }, shop, "2026-12-18"), "品名１")).toBe("シャトー・ルーヴィエール ソーヴィニヨン・ブ 他1点");
  });
});
