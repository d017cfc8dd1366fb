import { formatDateTime, formatYen, formatYenTaxed } from "../../domain/format.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { Locale } from "../../domain/locale.ts";
import { fillText } from "../../domain/fill-text.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import type { OrderRow } from "./orders.service.ts";
import { addressLine } from "../../domain/address.ts";
import { carrierLabel, trackingUrl } from "../../domain/carriers.ts";
import { displayZip } from "../../domain/address.ts";

// What the shopper hears when an order moves (OrderMoves): the money arrived, the parcel left (with
// its slip number), or the order was cancelled. In the language of the checkout, like the order mail.

export type OrderStatusMailKind = "deposited" | "sent" | "cancelled";

const texts = {
  ja: {
    subject: {
      deposited: "【{shop}】ご入金を確認しました(注文番号 {id})",
      sent: "【{shop}】ご注文の商品を発送しました(注文番号 {id})",
      cancelled: "【{shop}】ご注文をキャンセルしました(注文番号 {id})",
    },
    correctedSubject: "【{shop}】送り状番号訂正のお知らせ(注文番号 {id})",
    corrected: "先日お知らせした送り状番号に誤りがございました。大変申し訳ございません。訂正後の送り状番号は下記のとおりです。",
    greeting: "{name} 様",
    lead: {
      deposited:
        "この度は{shop}をご利用いただき、誠にありがとうございます。ご注文代金のご入金を確認いたしました。商品の発送準備が整い次第、あらためてご連絡いたします。",
      sent: "この度は{shop}をご利用いただき、誠にありがとうございます。ご注文の商品を本日発送いたしました。配送状況は下記の送り状番号で運送会社のサイトからご確認いただけます。",
      cancelled: "{shop}をご利用いただき、誠にありがとうございます。下記のご注文をキャンセルいたしました。",
    },
    // 後払い paid after the parcel left (decision 080): nothing more is coming.
    paidLater:
      "この度は{shop}をご利用いただき、誠にありがとうございます。後払いのご請求につきまして、お支払いを確認いたしました。またのご利用を心よりお待ちしております。",
    // One parcel of several shipped on its own (decision 091).
    parcelSubject: "【{shop}】ご注文の商品の一部を発送しました(注文番号 {id})",
    parcelLead:
      "この度は{shop}をご利用いただき、誠にありがとうございます。ご注文の商品のうち、下記のお届け先への商品を本日発送いたしました。配送状況は下記の送り状番号で運送会社のサイトからご確認いただけます。",
    parcelRest: "残りの商品は、準備が整い次第あらためて発送し、ご連絡いたします。",
    parcelLastLead:
      "この度は{shop}をご利用いただき、誠にありがとうございます。ご注文の商品のうち、下記のお届け先への商品を本日発送いたしました。これでご注文の商品はすべて発送いたしました。",
    parcel: "発送便",
    parcelOf: "{n}便目(全{count}便)",
    bottles: "商品",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    total: "合計(税込)",
    slipNumber: "送り状番号",
    carrier: "配送業者",
    tracking: "配送状況を確認する",
    destination: "お届け先",
    buyer: "ご依頼主",
    contact: "ご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
  },
  en: {
    subject: {
      deposited: "We have received your payment for order {id} – {shop}",
      sent: "Your order {id} has shipped – {shop}",
      cancelled: "Your order {id} has been cancelled – {shop}",
    },
    correctedSubject: "Corrected slip number for your order {id} – {shop}",
    corrected: "The slip number we sent you earlier was wrong, and we apologise. The corrected slip number is below.",
    greeting: "Dear {name},",
    lead: {
      deposited: "Thank you for shopping at {shop}. We have received your payment for the order below and will let you know as soon as it ships.",
      sent: "Thank you for shopping at {shop}. Your order has shipped today. You can follow the parcel on the carrier's website with the slip number below.",
      cancelled: "Thank you for shopping at {shop}. The order below has been cancelled.",
    },
    paidLater: "Thank you for shopping at {shop}. We have received your payment of the invoice for the order below. We look forward to serving you again.",
    parcelSubject: "Part of your order {id} has shipped – {shop}",
    parcelLead:
      "Thank you for shopping at {shop}. The items of your order for the delivery address below have shipped today. You can follow the parcel on the carrier's website with the slip number below.",
    parcelRest: "We will ship the rest of your order as soon as it is ready and let you know.",
    parcelLastLead:
      "Thank you for shopping at {shop}. The items of your order for the delivery address below have shipped today. With this parcel, your whole order has shipped.",
    parcel: "Parcel",
    parcelOf: "{n} of {count}",
    bottles: "Items",
    orderId: "Order number",
    orderedAt: "Ordered",
    total: "Total (incl. tax)",
    slipNumber: "Slip number",
    carrier: "Carrier",
    tracking: "Track the parcel",
    destination: "Delivery address",
    buyer: "Ordered by",
    contact: "If you have any questions, please contact us at the address below.",
  },
} as const;

/**
 * The mail of one back-office move. `refunded` / `paidByTransfer` say the cancelled order had been paid: its method says
 * what happens to the money (a card refunded, a transfer returned by hand); a shipped order gets the
 * method's words for the parcel (cod: pay the carrier).
 */
export function orderStatusMail(
  shop: ShopProfile,
  publicUrl: string,
  kind: OrderStatusMailKind,
  order: OrderRow,
  options: { refunded?: boolean; paidByTransfer?: boolean; corrected?: boolean; paidLater?: boolean } = {},
): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const total = formatYen(order.price, locale);
  // A slip number corrected after the parcel left (decision 067): the shipping mail again, saying so first.
  const corrected = kind === "sent" && options.corrected === true;
  const paragraphs: string[] = [
    ...(corrected ? [t.corrected] : []),
    fillText(kind === "deposited" && options.paidLater ? t.paidLater : t.lead[kind], { shop: shopName }),
  ];
  const method = storedPaymentMethod(order.paymentMethod);
  const extra =
    kind === "sent"
      ? method.texts.mailShipped
      : kind === "cancelled" && (options.refunded || options.paidByTransfer)
        ? method.texts.mailCancelledPaid
        : undefined;
  if (extra) paragraphs.push(fillText(extra[locale], { total: formatYenTaxed(order.price, locale, "included") }));

  const details: { label: string; value: string }[] = [
    { label: t.orderId, value: orderNumberForShopper(order.publicId) },
    { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) },
    { label: t.total, value: total },
  ];
  if (kind === "sent") {
    details.push({ label: t.carrier, value: carrierLabel(order.carrier, locale) });
    details.push({ label: t.slipNumber, value: order.slipNumber ?? "" });
    // お届け先: the recipient when the parcel went to someone else, else the buyer.
    const to = order.recipient ?? order;
    details.push({
      label: t.destination,
      value: `${displayZip(to.country, to.zip)} ${addressLine(to)}${to.buildingName ? ` ${to.buildingName}` : ""}\n${to.name}`,
    });
    if (order.recipient) details.push({ label: t.buyer, value: order.name });
  }
  // The carrier's tracking page for the slip: a button in HTML, a "label: url" line in text.
  const tracking = kind === "sent" ? trackingUrl(order.carrier, order.slipNumber, locale) : null;
  return composeMail(
    shop,
    locale,
    publicUrl,
    fillText(corrected ? t.correctedSubject : t.subject[kind], { shop: shopName, id: orderNumberForShopper(order.publicId) }),
    {
      greeting: fillText(t.greeting, { name: order.name }),
      paragraphs,
      ...(tracking ? { action: { label: t.tracking, url: tracking } } : {}),
      details,
      note: t.contact,
    },
  );
}

/** One parcel of an order to several parcels, as it left (decision 091). */
export interface ShippedParcel {
  position: number;
  count: number;
  /** Its recipient; null: the buyer. */
  recipient: OrderRow["recipient"];
  carrier: string | null;
  slipNumber: string | null;
  bottles: { name: string; quantity: number }[];
  /** The order's last parcel: the order is sent with it. */
  last: boolean;
  /** Its slip corrected after it left (decision 097): the mail says so, and nothing of what follows. */
  corrected?: boolean;
}

/**
 * 発送のお知らせ for one parcel of several (decision 091): which destination, its bottles, carrier,
 * slip and tracking link, as the order's shipping mail says them. The method's words for the parcel
 * (cash on delivery: pay the carrier) come with the last parcel only, which is the one that collects.
 */
export function parcelShippedMail(shop: ShopProfile, publicUrl: string, order: OrderRow, parcel: ShippedParcel): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const corrected = parcel.corrected === true;
  const paragraphs: string[] = corrected ? [t.corrected] : [fillText(parcel.last ? t.parcelLastLead : t.parcelLead, { shop: shopName })];
  if (!parcel.last && !corrected) paragraphs.push(t.parcelRest);
  const extra = parcel.last && !corrected ? storedPaymentMethod(order.paymentMethod).texts.mailShipped : undefined;
  if (extra) paragraphs.push(fillText(extra[locale], { total: formatYenTaxed(order.price, locale, "included") }));
  const to = parcel.recipient ?? order;
  const details: { label: string; value: string }[] = [
    { label: t.orderId, value: orderNumberForShopper(order.publicId) },
    { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) },
    { label: t.parcel, value: fillText(t.parcelOf, { n: String(parcel.position + 1), count: String(parcel.count) }) },
    { label: t.carrier, value: carrierLabel(parcel.carrier, locale) },
    { label: t.slipNumber, value: parcel.slipNumber ?? "" },
    { label: t.destination, value: `${displayZip(to.country, to.zip)} ${addressLine(to)}${to.buildingName ? ` ${to.buildingName}` : ""}\n${to.name}` },
    ...(parcel.recipient ? [{ label: t.buyer, value: order.name }] : []),
    { label: t.bottles, value: parcel.bottles.map((bottle) => `${bottle.name} × ${bottle.quantity}`).join("\n") },
  ];
  const tracking = trackingUrl(parcel.carrier, parcel.slipNumber, locale);
  return composeMail(
    shop,
    locale,
    publicUrl,
    fillText(corrected ? t.correctedSubject : parcel.last ? t.subject.sent : t.parcelSubject, { shop: shopName, id: orderNumberForShopper(order.publicId) }),
    {
      greeting: fillText(t.greeting, { name: order.name }),
      paragraphs,
      ...(tracking ? { action: { label: t.tracking, url: tracking } } : {}),
      details,
      note: t.contact,
    },
  );
}
