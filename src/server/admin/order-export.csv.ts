import { prefectureName } from "../../domain/address.ts";
import type { OrderStatus } from "../../domain/checkout.ts";
import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { carrierLabel } from "../../domain/carriers.ts";
import { NOSHI_PLACEMENT_LABELS } from "../../domain/gift.ts";
import { ADJUSTMENT_LABELS } from "../../domain/order-charges.ts";
import { isAdjustmentKind } from "../../domain/order-totals.ts";
import { taxRateLabel } from "../../domain/tax-rates.ts";
import { csvText, UTF8_BOM, type CsvValue } from "./csv-format.ts";

// The plain export: one row per order line, the order's columns repeated on each, so a spreadsheet
// can both sum sales per bottle and filter per order. Headers and labels in the page's language.
// Shipping and the payment fee have their fixed columns; any other kind of charge line the exported
// orders have gets a column of its own after them, headed by its label, so a new kind needs no change here.

/** The order's columns up to the fee; then the other charges, then ORDER_TAIL and the lines' LINE_HEADERS. */
const headers: Record<Locale, string[]> = {
  ja: [
    "注文番号",
    "注文日時",
    "状況",
    "お支払い方法",
    "お名前",
    "メールアドレス",
    "電話番号",
    "国",
    "郵便番号",
    "都道府県",
    "住所",
    "建物名・部屋番号",
    "お届け希望日",
    "お届け希望時間帯",
    "備考",
    "商品合計(税抜)",
    "送料",
    "代引き手数料",
  ],
  en: [
    "Order",
    "Ordered at",
    "Status",
    "Payment method",
    "Name",
    "Email",
    "Phone",
    "Country",
    "Zip",
    "Prefecture",
    "Address",
    "Building",
    "Delivery date",
    "Delivery time",
    "Memo",
    "Items (excl. tax)",
    "Shipping",
    "COD fee",
  ],
};

const orderTail: Record<Locale, string[]> = {
  ja: [
    "消費税",
    "お支払い金額(税込)",
    "配送伝票番号",
    "配送業者",
    "ラッピング",
    "のし表書き",
    "名入れ",
    "内のし・外のし",
    "メッセージカード",
    "金額を記載しない",
    "お届け先お名前",
    "お届け先電話番号",
    "お届け先郵便番号",
    "お届け先都道府県",
    "お届け先住所",
    "お届け先建物名・部屋番号",
  ],
  en: [
    "Tax",
    "Total (incl. tax)",
    "Slip number",
    "Carrier",
    "Gift wrapping",
    "Noshi inscription",
    "Giver's name",
    "Noshi placement",
    "Message card",
    "No prices on delivery note",
    "Recipient",
    "Recipient phone",
    "Recipient zip",
    "Recipient prefecture",
    "Recipient address",
    "Recipient building",
  ],
};

const yesNo: Record<Locale, [string, string]> = { ja: ["あり", ""], en: ["yes", ""] };

const lineHeaders: Record<Locale, string[]> = {
  ja: ["行", "商品ID", "商品名", "単価(税抜)", "数量", "小計(税抜)"],
  en: ["Line", "Product ID", "Product", "Unit price (excl. tax)", "Quantity", "Line total (excl. tax)"],
};

const statusLabels: Record<Locale, Record<OrderStatus, string>> = {
  ja: { pending: "決済手続き中", await_payment: "入金待ち", deposited: "入金済み", sent: "発送済み", cancelled: "キャンセル" },
  en: { pending: "Payment in progress", await_payment: "Awaiting payment", deposited: "Paid", sent: "Shipped", cancelled: "Cancelled" },
};

/** The kinds with their own fixed column. */
const FIXED_CHARGE_KINDS = ["shipping", "payment_fee"];

/** A column of other charges: one kind, and for a discount or correction one rate (decision 070). */
interface ChargeColumn {
  kind: string;
  rate?: number | undefined;
  label: string;
}

/** The column a charge goes in: a discount or correction is headed by its kind and rate (値引き(8%対象)), not by the label staff typed. */
function columnOf(charge: OrderView["charges"][number], locale: Locale): ChargeColumn {
  if (!isAdjustmentKind(charge.kind) || charge.taxRatePercent === undefined) return { kind: charge.kind, label: charge.label[locale] };
  const rate = taxRateLabel(charge.taxRatePercent, locale);
  return {
    kind: charge.kind,
    rate: charge.taxRatePercent,
    label: locale === "ja" ? `${ADJUSTMENT_LABELS[charge.kind].ja}(${rate})` : `${ADJUSTMENT_LABELS[charge.kind].en} (${rate})`,
  };
}

/** The other charge kinds the orders have, in the order first met, with the label of their first line. */
function otherChargeColumns(orders: OrderView[], locale: Locale): ChargeColumn[] {
  const columns = new Map<string, ChargeColumn>();
  for (const order of orders) {
    for (const charge of order.charges) {
      const column = columnOf(charge, locale);
      const key = `${column.kind}:${column.rate ?? ""}`;
      if (!FIXED_CHARGE_KINDS.includes(charge.kind) && !columns.has(key)) columns.set(key, column);
    }
  }
  return [...columns.values()];
}

function amountOfKind(order: OrderView, column: { kind: string; rate?: number | undefined }): number {
  return order.charges
    .filter((charge) => charge.kind === column.kind && (column.rate === undefined || charge.taxRatePercent === column.rate))
    .reduce((sum, charge) => sum + charge.amount, 0);
}

function text(value: string | null): string {
  return value ?? "";
}

function orderColumns(order: OrderView, locale: Locale, others: ChargeColumn[]): CsvValue[] {
  return [
    order.publicId,
    formatDateTime(order.createdAt, "ja"),
    statusLabels[locale][order.status],
    storedPaymentMethod(order.paymentMethod).exports.csvLabel[locale],
    text(order.name),
    text(order.email),
    text(order.phone),
    order.country.toUpperCase(),
    text(order.zip),
    order.prefecture === null ? "" : (prefectureName(order.prefecture, locale) ?? ""),
    text(order.address),
    text(order.buildingName),
    order.desiredDeliveryDate ?? "",
    order.desiredDeliveryTimezone ?? "",
    text(order.memo),
    order.totals.items,
    order.totals.shipping,
    order.totals.paymentFee,
    ...others.map((other) => amountOfKind(order, other)),
    order.totals.tax,
    order.totals.total,
    order.slipNumber ?? "",
    order.slipNumber ? carrierLabel(order.carrier, locale) : "",
    // Gift options: blank when not chosen; the message card keeps its line breaks inside its cell.
    yesNo[locale][order.gift?.wrapping ? 0 : 1],
    order.gift?.noshi?.omotegaki ?? "",
    order.gift?.noshi?.name ?? "",
    order.gift?.noshi ? NOSHI_PLACEMENT_LABELS[order.gift.noshi.placement][locale] : "",
    order.gift?.messageCard ?? "",
    yesNo[locale][order.gift?.hidePrices ? 0 : 1],
    // お届け先: the recipient of a gift, else the buyer again, so the parcel's address is always here.
    text(order.recipient.name),
    text(order.recipient.phone),
    text(order.recipient.zip),
    order.recipient.prefecture === null ? "" : (prefectureName(order.recipient.prefecture, locale) ?? ""),
    text(order.recipient.address),
    text(order.recipient.buildingName),
  ];
}

/** The plain CSV (UTF-8 with a byte order mark for Excel). An order without lines still gets its row. */
export function ordersCsv(orders: OrderView[], locale: Locale): string {
  const others = otherChargeColumns(orders, locale);
  const rows: CsvValue[][] = [[...headers[locale], ...others.map((other) => other.label), ...orderTail[locale], ...lineHeaders[locale]]];
  for (const order of orders) {
    const columns = orderColumns(order, locale, others);
    if (order.items.length === 0) rows.push([...columns, "", "", "", "", "", ""]);
    order.items.forEach((item, index) => {
      rows.push([...columns, index + 1, item.productId ?? "", text(item.name[locale]), item.unitPrice, item.amount, item.lineTotal]);
    });
  }
  return UTF8_BOM + csvText(rows);
}
