import { fillText } from "../../domain/fill-text.ts";
import { formatDateTime, formatYen, formatYenTaxed } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import { taxRateLabel } from "../../domain/tax-rates.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import { orderFigures } from "./order.mails.ts";

// What the shopper hears when staff add a discount or correction line to an order not yet paid or
// shipped (decision 070): the line, the new figures per rate and the new total to pay. In the
// language of the checkout, like the order mail.

const texts = {
  ja: {
    subject: "【{shop}】ご注文金額変更のお知らせ(注文番号 {id})",
    greeting: "{name} 様",
    lead: "{shop}をご利用いただき、誠にありがとうございます。下記のご注文の金額を変更いたしましたので、お知らせいたします。",
    line: "変更内容: {label} {amount}(税抜)",
    total: "変更後のお支払い金額(税込): {total}",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    contact: "ご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
  },
  en: {
    subject: "The amount of your order {id} has changed – {shop}",
    greeting: "Dear {name},",
    lead: "Thank you for shopping at {shop}. We have changed the amount of the order below.",
    line: "Change: {label} {amount} (excl. tax)",
    total: "New amount to pay (incl. tax): {total}",
    orderId: "Order number",
    orderedAt: "Ordered",
    contact: "If you have any questions, please contact us at the address below.",
  },
} as const;

/** How the order's new total is paid, in the words of its payment method (transfer it, pay the driver, the invoice says it); null for a method paid at order time. */
export function newTotalSentence(order: Pick<OrderView, "paymentMethod" | "locale">, total: string): string | null {
  const text = storedPaymentMethod(order.paymentMethod).texts.mailNewTotal;
  return text ? fillText(text[order.locale], { total }) : null;
}

/** 「値引き(8%対象)」, "Discount (Taxed at 8%)". */
function lineLabel(line: OrderCharge, locale: Locale): string {
  if (!line.taxRatePercent) return line.label[locale];
  return locale === "ja" ? `${line.label.ja}(${taxRateLabel(line.taxRatePercent, "ja")})` : `${line.label.en} (${taxRateLabel(line.taxRatePercent, "en")})`;
}

/** The mail of a discount or correction: the lines added (one per rate when apportioned), the new total and how it is paid, then the order's figures. */
export function orderChangeMail(shop: ShopProfile, publicUrl: string, order: OrderView, added: readonly OrderCharge[]): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const orderNumber = orderNumberForShopper(order.publicId);
  const total = formatYenTaxed(order.totals.total, locale, "included");
  const how = newTotalSentence(order, total);
  return composeMail(shop, locale, publicUrl, fillText(t.subject, { shop: shopName, id: orderNumber }), {
    greeting: fillText(t.greeting, { name: order.name }),
    paragraphs: [
      fillText(t.lead, { shop: shopName }),
      [...added.map((line) => fillText(t.line, { label: lineLabel(line, locale), amount: formatYen(line.amount, locale) })), fillText(t.total, { total })].join(
        "\n",
      ),
      ...(how ? [how] : []),
    ],
    details: [{ label: t.orderId, value: orderNumber }, { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) }, ...orderFigures(order)],
    note: t.contact,
  });
}
