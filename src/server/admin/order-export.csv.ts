import { prefectureName } from "../../domain/address.ts";
import type { OrderStatus } from "../../domain/checkout.ts";
import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.service.ts";
import { csvText, UTF8_BOM, type CsvValue } from "./csv-format.ts";

// The plain export: one row per order line, the order's columns repeated on each, so a spreadsheet
// can both sum sales per bottle and filter per order. Headers and labels in the page's language.

const headers: Record<Locale, string[]> = {
  ja: [
    "注文番号", "注文日時", "状況", "お支払い方法", "お名前", "メールアドレス", "電話番号", "国", "郵便番号", "都道府県", "住所", "建物名・部屋番号",
    "お届け希望日", "お届け希望時間帯", "備考", "商品合計(税抜)", "送料", "代引き手数料", "消費税", "お支払い金額(税込)", "配送伝票番号",
    "行", "商品ID", "商品名", "単価(税抜)", "数量", "小計(税抜)",
  ],
  en: [
    "Order", "Ordered at", "Status", "Payment method", "Name", "E-mail", "Phone", "Country", "Zip", "Prefecture", "Address", "Building",
    "Delivery date", "Delivery time", "Memo", "Items (excl. tax)", "Shipping", "COD fee", "Tax", "Total (incl. tax)", "Slip number",
    "Line", "Product ID", "Product", "Unit price (excl. tax)", "Quantity", "Line total (excl. tax)",
  ],
};

const statusLabels: Record<Locale, Record<OrderStatus, string>> = {
  ja: { pending: "決済手続き中", await_payment: "入金待ち", deposited: "入金済み", sent: "発送済み", cancelled: "キャンセル" },
  en: { pending: "Payment in progress", await_payment: "Awaiting payment", deposited: "Paid", sent: "Shipped", cancelled: "Cancelled" },
};

export const ORDER_CSV_HEADERS = headers;

function text(value: string | null): string {
  return value ?? "";
}

function orderColumns(order: OrderRow, locale: Locale): CsvValue[] {
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
    order.itemsTotal,
    order.shippingFee,
    order.paymentMethodFee,
    order.taxTotal,
    order.price,
    order.slipNumber ?? "",
  ];
}

/** The plain CSV (UTF-8 with a byte order mark for Excel). An order without lines still gets its row. */
export function ordersCsv(orders: { order: OrderRow; items: OrderItemRow[] }[], locale: Locale): string {
  const rows: CsvValue[][] = [headers[locale]];
  for (const { order, items } of orders) {
    const columns = orderColumns(order, locale);
    if (items.length === 0) rows.push([...columns, "", "", "", "", "", ""]);
    items.forEach((item, index) => {
      rows.push([
        ...columns,
        index + 1,
        item.productId ?? "",
        text(locale === "ja" ? item.nameJa : item.nameEn),
        item.unitPrice,
        item.amount,
        item.unitPrice * item.amount,
      ]);
    });
  }
  return UTF8_BOM + csvText(rows);
}
