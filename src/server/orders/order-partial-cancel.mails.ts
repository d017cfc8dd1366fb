import { fillText } from "../../domain/fill-text.ts";
import { formatDateTime, formatYenTaxed } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { OrderView } from "../../domain/order-view.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import { newTotalSentence } from "./order-change.mails.ts";
import { orderFigures } from "./order.mails.ts";

// 「ご注文の一部キャンセルのお知らせ」 (decision 078): what was cancelled, the new total, and what
// happens to the money — refunded to the card or PayPay, given back by the shop by transfer (ご返金額),
// or the new amount to transfer or to pay the driver. In the order's language like the order mail.

/** What happened to the money, for the mail and the back office. */
export type PartialCancelMoney =
  { kind: "gateway-refund"; amount: number } | { kind: "refund-by-hand"; amount: number } | { kind: "new-amount-to-pay" } | { kind: "none" };

const texts = {
  ja: {
    subject: "【{shop}】ご注文の一部キャンセルのお知らせ(注文番号 {id})",
    greeting: "{name} 様",
    lead: "{shop}をご利用いただき、誠にありがとうございます。ご依頼により、下記のご注文の一部をキャンセルいたしましたので、お知らせいたします。",
    cancelledHeading: "キャンセルした商品",
    lowered: "{name} {before}本 → {after}本(キャンセル {count}本)",
    removed: "{name} {count}本(すべてキャンセル)",
    total: "変更後のご注文金額: {total}",
    gatewayRefund:
      "ご返金額: {amount}\nお支払いに使われたカード(またはPayPay)へ返金いたしました。カード会社によっては、ご利用明細への反映に時間がかかる場合があります。",
    byHand: "ご返金額: {amount}\nご返金の方法(お振込先の口座など)については、当店より改めてご連絡いたします。",
    receipt:
      "領収書をお受け取り済みの場合は、変更後の内容で再発行した領収書をマイページ(またはご注文時のリンク)からお受け取りください。以前の領収書は無効となります。",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    contact: "お心当たりのない場合やご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
  },
  en: {
    subject: "Part of your order {id} has been cancelled – {shop}",
    greeting: "Dear {name},",
    lead: "Thank you for shopping at {shop}. As requested, we have cancelled part of the order below.",
    cancelledHeading: "Cancelled",
    lowered: "{name}: {before} → {after} bottles ({count} cancelled)",
    removed: "{name}: {count} (all cancelled)",
    total: "New order total: {total}",
    gatewayRefund:
      "Refund: {amount}\nWe have refunded it to the card (or PayPay) you paid with. Depending on your card issuer, it may take some time to appear on your statement.",
    byHand: "Refund: {amount}\nWe will contact you about how we return it (the account to transfer it to).",
    receipt:
      "If you already downloaded a receipt, please download the reissued one with the new contents from My Page (or the link in your order mail); the earlier receipt is no longer valid.",
    orderId: "Order number",
    orderedAt: "Ordered",
    contact: "If you did not expect this or have any questions, please contact us at the address below.",
  },
} as const;

export interface CancelledLine {
  name: Record<Locale, string>;
  before: number;
  after: number;
}

export function partialCancelMail(shop: ShopProfile, publicUrl: string, order: OrderView, cancelled: CancelledLine, money: PartialCancelMoney): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const orderNumber = orderNumberForShopper(order.publicId);
  const total = formatYenTaxed(order.totals.total, locale, "included");
  const name = cancelled.name[locale];
  const count = cancelled.before - cancelled.after;
  const what =
    cancelled.after === 0 ? fillText(t.removed, { name, count }) : fillText(t.lowered, { name, before: cancelled.before, after: cancelled.after, count });
  const moneyText =
    money.kind === "gateway-refund"
      ? fillText(t.gatewayRefund, { amount: formatYenTaxed(money.amount, locale, "included") })
      : money.kind === "refund-by-hand"
        ? fillText(t.byHand, { amount: formatYenTaxed(money.amount, locale, "included") })
        : money.kind === "new-amount-to-pay"
          ? newTotalSentence(order, total)
          : null;
  return composeMail(shop, locale, publicUrl, fillText(t.subject, { shop: shopName, id: orderNumber }), {
    greeting: fillText(t.greeting, { name: order.name }),
    paragraphs: [
      fillText(t.lead, { shop: shopName }),
      `${t.cancelledHeading}\n${what}`,
      fillText(t.total, { total }),
      ...(moneyText ? [moneyText] : []),
      ...(money.kind === "gateway-refund" || money.kind === "refund-by-hand" ? [t.receipt] : []),
    ],
    details: [{ label: t.orderId, value: orderNumber }, { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) }, ...orderFigures(order)],
    note: t.contact,
  });
}
