import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import iconv from "iconv-lite";
import { prefectureName, slipAddressLine } from "../../domain/address.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { csvText, type CsvValue } from "./csv-format.ts";
import { b2GiftNote } from "./b2-gift-note.ts";
import { halfWidthKatakana } from "../../domain/kana.ts";
import { honorificFor } from "../../domain/honorific.ts";
import type { B2RowNote } from "../../domain/back-office.ts";
import { B2_ADDRESS_BYTES, b2Bytes, b2Phone, b2Text, b2Zip, cutBetweenNumbers, fitBytes, splitB2Address, type B2Text } from "./b2-text.ts";

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

/** お届け先名(ｶﾅ) and ご依頼主名(ｶﾅ): 50 half-width characters. */
const B2_KANA_BYTES = 50;

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

export { fitBytes } from "./b2-text.ts";

/** The whole file's text as Shift_JIS bytes (its cells went through b2Text already). */
export function toShiftJis(text: string): Buffer {
  return iconv.encode(text, "Shift_JIS");
}

export interface B2Order {
  order: OrderView;
  /** Any bottle in it travels refrigerated. */
  cool: boolean;
  /** One destination of several (decision 087): its position, and the order's total is not collected on it. */
  position?: number;
}

/** One shipment's row; the shipping date is the day of the export (Japan date, YYYY-MM-DD). */
export function b2Row({ order, cool, position: parcelPosition }: B2Order, shop: ShopProfile, shippingDate: string): { cells: CsvValue[]; note: B2RowNote } {
  const { b2InvoiceType, b2CollectsTotal } = storedPaymentMethod(order.paymentMethod).exports;
  const { items } = order;
  const first = items[0];
  const b2 = shop.yamatoB2;
  const note: B2RowNote = { orderId: order.publicId, replaced: [], leftOver: "" };
  /** Notes what a column's folding replaced, so the check page names the row and column. */
  const noted = (column: string, { text, replaced }: B2Text) => {
    note.replaced.push(...replaced.map((each) => ({ field: column, ...each })));
    return text;
  };
  /** A text cell: characters B2 cannot take replaced (and noted), then cut to the column's bytes. */
  const cell = (column: string, value: string, maxBytes: number) => fitBytes(noted(column, b2Text(value)), maxBytes);
  /** An address over the layout's fields: 住所 (町・番地 ≤ 32 bytes), then アパートマンション名, then 会社・部門. */
  const addressCells = (column: string, party: { prefecture: number | null; address: string; buildingName: string }) => {
    // Prefecture first in Japanese even for a romanized address: B2 Cloud reads the prefecture there.
    const line = noted(column, b2Text(slipAddressLine(party)));
    const building = noted(column, b2Text(party.buildingName));
    const split = splitB2Address(line, building, party.prefecture === null ? "" : (prefectureName(party.prefecture, "ja") ?? ""));
    if (split.leftOver) note.leftOver = [note.leftOver, split.leftOver].filter(Boolean).join(" ");
    return split;
  };
  const more = items.length > 1 ? ` 他${items.length - 1}点` : "";
  const to = order.recipient;
  const toAddress = addressCells("お届け先住所", to);
  const toName = cell("お届け先名", to.name, 32);
  // ご依頼主: the buyer of a gift (the recipient sees who sent it); the shop for a parcel to the buyer.
  const from = order.sendsToOther
    ? { name: order.buyer.name, phone: order.buyer.phone, zip: order.buyer.zip, address: addressCells("ご依頼主住所", order.buyer) }
    : {
        name: shop.shopName.ja,
        phone: shop.phone,
        zip: shop.zip,
        address: addressCells("ご依頼主住所", { prefecture: null, address: shop.address.ja, buildingName: "" }),
      };
  const row: Record<(typeof B2_COLUMNS)[number], CsvValue> = {
    // A destination of several is told apart by its number after the order's: XXXXXXXXXXXX-2.
    お客様管理番号: parcelPosition === undefined ? order.publicId : `${order.publicId}-${parcelPosition + 1}`,
    送り状種類: b2InvoiceType,
    クール区分: cool ? "2" : "0",
    伝票番号: "",
    出荷予定日: b2Date(shippingDate),
    お届け予定日: b2Date(order.desiredDeliveryDate),
    配達時間帯: b2TimeBand(order.desiredDeliveryTimezone),
    お届け先コード: "",
    お届け先電話番号: b2Phone(to.phone),
    お届け先電話番号枝番: "",
    お届け先郵便番号: b2Zip(to.zip),
    お届け先住所: toAddress.address,
    お届け先アパートマンション名: toAddress.building,
    "お届け先会社・部門１": toAddress.company1,
    "お届け先会社・部門２": toAddress.company2,
    お届け先名: toName,
    // Half-width katakana, from the フリガナ the recipient form asks (optional; blank without one).
    "お届け先名(ｶﾅ)": cell("お届け先名(ｶﾅ)", halfWidthKatakana(to.kana ?? ""), B2_KANA_BYTES),
    // 敬称 left empty when the name as printed already ends in one (「㈱蔵前酒販 御中」): never 「御中 様」;
    // a name cut at 32 bytes that lost its 御中 gets 様, never no honorific at all.
    敬称: honorificFor(toName),
    ご依頼主コード: "",
    ご依頼主電話番号: b2Phone(from.phone),
    ご依頼主電話番号枝番: "",
    ご依頼主郵便番号: b2Zip(from.zip),
    // B2 has no company field for ご依頼主: its address and building take what fits.
    ご依頼主住所: from.address.address,
    ご依頼主アパートマンション: fitBytes(
      [from.address.building, from.address.company1, from.address.company2].filter(Boolean).join(" "),
      B2_ADDRESS_BYTES.building,
    ),
    ご依頼主名: cell("ご依頼主名", from.name, 32),
    // Checkout asks no フリガナ of the buyer, and the shop has none: blank.
    "ご依頼主名(ｶﾅ)": order.sendsToOther ? cell("ご依頼主名(ｶﾅ)", halfWidthKatakana(order.buyer.kana ?? ""), B2_KANA_BYTES) : "",
    品名コード１: "",
    // The first line's name cut never inside a number (「… 202」 would read as another vintage),
    // then 「 他n点」 when there are more lines, within the column's 50 bytes.
    品名１: first ? `${cutBetweenNumbers(noted("品名１", b2Text(first.name.ja)), 50 - b2Bytes(more))}${more}` : "お酒",
    品名コード２: "",
    品名２: "",
    // Bottles: the carrier handles the parcel as fragile.
    荷扱い１: "ワレ物注意",
    荷扱い２: "",
    // Gift packing instructions (のし, 名入れ, 内/外のし, wrapping), within the column's 44 bytes.
    記事: noted("記事", b2GiftNote(order.gift)),
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
  // The trader reads the replacements in the file's column order (the addresses were folded first).
  const position = (field: string) => (B2_COLUMNS as readonly string[]).indexOf(field);
  note.replaced.sort((a, b) => position(a.field) - position(b.field));
  return { cells: B2_COLUMNS.map((column) => row[column]), note };
}

/** The whole upload file, Shift_JIS and CRLF as B2 Cloud reads it, and the notes of rows the trader should look at. */
export function b2Csv(orders: B2Order[], shop: ShopProfile, shippingDate: string): { body: Buffer; notes: B2RowNote[] } {
  const rows = orders.map((each) => b2Row(each, shop, shippingDate));
  return {
    body: toShiftJis(csvText([[...B2_COLUMNS], ...rows.map((row) => row.cells)])),
    notes: rows.map((row) => row.note).filter((note) => note.replaced.length > 0 || note.leftOver !== ""),
  };
}

/** B2 Cloud refuses 宅急便 rows without the shop's 請求先顧客コード and 運賃管理番号. */
export function hasB2BillingCodes(shop: ShopProfile): boolean {
  return Boolean(shop.yamatoB2?.customerCode && shop.yamatoB2.freightNumber);
}

/** Only parcels delivered inside Japan go through B2 (the recipient's prefecture). */
export function shipsWithB2(order: Pick<OrderView, "recipient">): boolean {
  const to = order.recipient;
  return to.country === "jp" && to.prefecture !== null && prefectureName(to.prefecture, "ja") !== undefined;
}
