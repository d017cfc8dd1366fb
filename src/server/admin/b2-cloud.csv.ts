import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import iconv from "iconv-lite";
import { prefectureName } from "../../domain/address.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { csvText, FORMULA_START, type CsvValue } from "./csv-format.ts";
import { b2GiftNote } from "./b2-gift-note.ts";

// Yamato B2 Cloud "外部データから発行" upload in its standard layout (送り状発行データレイアウト
// 入出力用, the 基本レイアウト the import offers without a custom pattern). Columns are matched by
// position, so the order below is the contract; the first line is a header, imported with
// 取込開始行 2. Columns 43 and later (Web collect, e-mail notices, …) are optional and left out.
export const B2_COLUMNS = [
  "お客様管理番号", // 1
  "送り状種類", // 2: 0 発払い, 2 コレクト (cash on delivery)
  "クール区分", // 3: 0 normal, 1 frozen, 2 refrigerated
  "伝票番号", // 4: B2 numbers the slip
  "出荷予定日", // 5
  "お届け予定日", // 6
  "配達時間帯", // 7
  "お届け先コード", // 8
  "お届け先電話番号", // 9
  "お届け先電話番号枝番", // 10
  "お届け先郵便番号", // 11
  "お届け先住所", // 12
  "お届け先アパートマンション名", // 13
  "お届け先会社・部門１", // 14
  "お届け先会社・部門２", // 15
  "お届け先名", // 16
  "お届け先名(ｶﾅ)", // 17
  "敬称", // 18
  "ご依頼主コード", // 19
  "ご依頼主電話番号", // 20
  "ご依頼主電話番号枝番", // 21
  "ご依頼主郵便番号", // 22
  "ご依頼主住所", // 23
  "ご依頼主アパートマンション", // 24
  "ご依頼主名", // 25
  "ご依頼主名(ｶﾅ)", // 26
  "品名コード１", // 27
  "品名１", // 28
  "品名コード２", // 29
  "品名２", // 30
  "荷扱い１", // 31
  "荷扱い２", // 32
  "記事", // 33
  "ｺﾚｸﾄ代金引換額（税込)", // 34
  "内消費税額等", // 35
  "止置き", // 36
  "営業所コード", // 37
  "発行枚数", // 38
  "個数口表示フラグ", // 39
  "請求先顧客コード", // 40
  "請求先分類コード", // 41
  "運賃管理番号", // 42
] as const;

/** The delivery time bands B2 Cloud takes for 宅急便 (12–14 and 20–21 were withdrawn in 2017). */
export const B2_TIME_BANDS = ["0812", "1416", "1618", "1820", "1921"] as const;

/**
 * The shop's band code (e.g. "08-12", "14-16") as B2's four digits, or blank (no wish) when the
 * carrier has no such band: start and end hours, two digits each.
 */
export function b2TimeBand(code: string | null): string {
  const match = code ? /^(\d{1,2})\D*-\D*(\d{1,2})$/.exec(code.trim()) : null;
  if (!match) return "";
  const band = `${match[1]!.padStart(2, "0")}${match[2]!.padStart(2, "0")}`;
  return (B2_TIME_BANDS as readonly string[]).includes(band) ? band : "";
}

/** B2 dates are YYYY/MM/DD. */
function b2Date(isoDate: string | null): string {
  return isoDate ? isoDate.replaceAll("-", "/") : "";
}

/**
 * Cuts a text to what a B2 column holds, counted in Shift_JIS bytes (a full-width character is
 * two), so an address is shortened rather than the whole row refused. A text the CSV writer will
 * escape (a leading =, +, -, @) keeps a byte for the quote mark it gets.
 */
export function fitBytes(text: string, maxBytes: number): string {
  let result = "";
  let bytes = FORMULA_START.test(text) ? 1 : 0;
  for (const character of text) {
    const size = iconv.encode(character, "Shift_JIS").length;
    if (bytes + size > maxBytes) break;
    result += character;
    bytes += size;
  }
  return result;
}

/**
 * Characters Unicode has twice where Shift_JIS (Windows-31J) has one: the look-alike a browser may
 * send is replaced by the one that encodes, so no address turns into "?".
 */
const SHIFT_JIS_LOOKALIKES: Record<string, string> = {
  "\u301C": "\uFF5E", // 〜 wave dash → ～
  "\u2212": "\uFF0D", // − minus → －
  "\u2014": "\u2015", // — em dash → ―
  "\u2013": "\uFF0D", // – en dash → －
  "\u2016": "\u2225", // ‖ → ∥
  "\u00A2": "\uFFE0",
  "\u00A3": "\uFFE1",
  "\u00AC": "\uFFE2",
  "\u00A0": " ",
};

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, " ").trim();
}

export function toShiftJis(text: string): Buffer {
  const mapped = text.replace(/[\u301C\u2212\u2014\u2013\u2016\u00A2\u00A3\u00AC\u00A0]/g, (character) => SHIFT_JIS_LOOKALIKES[character] ?? character);
  return iconv.encode(mapped, "Shift_JIS");
}

export interface B2Order {
  order: OrderView;
  /** Any bottle in it travels refrigerated. */
  cool: boolean;
}

/** One shipment's row; the shipping date is the day of the export (Japan date, YYYY-MM-DD). */
export function b2Row({ order, cool }: B2Order, shop: ShopProfile, shippingDate: string): CsvValue[] {
  const { b2InvoiceType, b2CollectsTotal } = storedPaymentMethod(order.paymentMethod).exports;
  const { items } = order;
  const first = items[0];
  const description = first ? `${first.name.ja}${items.length > 1 ? ` 他${items.length - 1}点` : ""}` : "お酒";
  const b2 = shop.yamatoB2;
  const row: Record<(typeof B2_COLUMNS)[number], CsvValue> = {
    お客様管理番号: order.publicId,
    送り状種類: b2InvoiceType,
    クール区分: cool ? "2" : "0",
    伝票番号: "",
    出荷予定日: b2Date(shippingDate),
    お届け予定日: b2Date(order.desiredDeliveryDate),
    配達時間帯: b2TimeBand(order.desiredDeliveryTimezone),
    お届け先コード: "",
    お届け先電話番号: fitBytes(oneLine(order.phone), 15),
    お届け先電話番号枝番: "",
    お届け先郵便番号: order.zip,
    お届け先住所: fitBytes(oneLine(order.addressLine), 64),
    お届け先アパートマンション名: fitBytes(oneLine(order.buildingName), 32),
    "お届け先会社・部門１": "",
    "お届け先会社・部門２": "",
    お届け先名: fitBytes(oneLine(order.name), 32),
    "お届け先名(ｶﾅ)": "",
    敬称: "様",
    ご依頼主コード: "",
    ご依頼主電話番号: fitBytes(shop.phone, 15),
    ご依頼主電話番号枝番: "",
    ご依頼主郵便番号: shop.zip,
    ご依頼主住所: fitBytes(oneLine(shop.address.ja), 64),
    ご依頼主アパートマンション: "",
    ご依頼主名: fitBytes(shop.shopName.ja, 32),
    "ご依頼主名(ｶﾅ)": "",
    品名コード１: "",
    品名１: fitBytes(oneLine(description), 50),
    品名コード２: "",
    品名２: "",
    // Bottles: the carrier handles the parcel as fragile.
    荷扱い１: "ワレ物注意",
    荷扱い２: "",
    // Gift packing instructions (のし, 名入れ, 内/外のし, wrapping), within the column's 44 bytes.
    記事: b2GiftNote(order.gift),
    "ｺﾚｸﾄ代金引換額（税込)": b2CollectsTotal ? order.totals.total : "",
    内消費税額等: b2CollectsTotal ? order.totals.tax : "",
    止置き: "",
    営業所コード: "",
    発行枚数: "",
    個数口表示フラグ: "",
    請求先顧客コード: b2?.customerCode ?? "",
    請求先分類コード: b2?.classificationCode ?? "",
    運賃管理番号: b2?.freightNumber ?? "",
  };
  return B2_COLUMNS.map((column) => row[column]);
}

/** The whole upload file, Shift_JIS as B2 Cloud reads it. */
export function b2Csv(orders: B2Order[], shop: ShopProfile, shippingDate: string): Buffer {
  return toShiftJis(csvText([[...B2_COLUMNS], ...orders.map((each) => b2Row(each, shop, shippingDate))]));
}

/** Only parcels inside Japan go through B2 (prefecture and a 7-digit postcode). */
export function shipsWithB2(order: Pick<OrderView, "country" | "prefecture">): boolean {
  return order.country === "jp" && order.prefecture !== null && prefectureName(order.prefecture, "ja") !== undefined;
}
