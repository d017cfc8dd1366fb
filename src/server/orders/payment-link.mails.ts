import { fillText } from "../../domain/fill-text.ts";
import { formatDateTime, formatYen } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { OrderView } from "../../domain/order-view.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import { orderFigures } from "./order.mails.ts";

// The card payment link staff send for a card order awaiting its payment (decision 082): an order
// taken by phone or FAX, paid by the customer on the shop's page. In the order's language.

const texts = {
  ja: {
    subject: "【{shop}】クレジットカードでのお支払いのお願い(注文番号 {id})",
    greeting: "{name} 様",
    lead: "{shop}をご利用いただき、誠にありがとうございます。下記のご注文のお支払いを、クレジットカードでお願いいたします。下のボタンからお支払いのページを開き、カード情報をご入力ください。",
    total: "お支払い金額(税込): {total}",
    deadline: "このリンクの有効期限: {deadline} まで",
    action: "カードで支払う",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    note: "期限を過ぎた場合は、お手数ですがこのメールの末尾の連絡先までご連絡ください。新しいリンクをお送りします。当店からカード番号をメールやお電話でお伺いすることはありません。",
  },
  en: {
    subject: "Please pay your order {id} by credit card – {shop}",
    greeting: "Dear {name},",
    lead: "Thank you for shopping at {shop}. Please pay the order below by credit card: open the payment page with the button below and enter your card details.",
    total: "Amount to pay (incl. tax): {total}",
    deadline: "This link works until {deadline} (Japan time).",
    action: "Pay by card",
    orderId: "Order number",
    orderedAt: "Ordered",
    note: "If the link has expired, please contact us at the address below and we will send you a new one. We never ask for your card number by mail or phone.",
  },
} as const;

/** The mail with the payment link: the amount, the link as a button and how long it works, then the order's figures. */
export function paymentLinkMail(shop: ShopProfile, publicUrl: string, order: OrderView, link: { url: string; expiresAt: Date }): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const orderNumber = orderNumberForShopper(order.publicId);
  return composeMail(shop, locale, publicUrl, fillText(t.subject, { shop: shopName, id: orderNumber }), {
    greeting: fillText(t.greeting, { name: order.name }),
    paragraphs: [
      fillText(t.lead, { shop: shopName }),
      [fillText(t.total, { total: formatYen(order.totals.total, locale) }), fillText(t.deadline, { deadline: formatDateTime(link.expiresAt, locale) })].join(
        "\n",
      ),
    ],
    action: { label: t.action, url: link.url },
    details: [{ label: t.orderId, value: orderNumber }, { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) }, ...orderFigures(order)],
    note: t.note,
  });
}
