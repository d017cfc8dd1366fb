import { displayZip } from "../../domain/address.ts";
import { fillText } from "../../domain/fill-text.ts";
import { formatDateTime, formatYen, formatYenTaxed } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { giftText } from "../../domain/order-changes.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { newTotalSentence } from "./order-change.mails.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import { orderFigures } from "./order.mails.ts";

// What the shopper hears when the delivery wish, the recipient or the gift options of an order not
// yet shipped change (decision 074), in the language of the checkout like the order mail. A change
// that moved a fee (shipping, wrapping) also says the new total and how it is paid, as a discount
// line's mail does.

const texts = {
  ja: {
    deliverySubject: "【{shop}】お届け日時変更のお知らせ(注文番号 {id})",
    recipientSubject: "【{shop}】お届け先変更のお知らせ(注文番号 {id})",
    recipientAmountSubject: "【{shop}】お届け先・ご注文金額変更のお知らせ(注文番号 {id})",
    greeting: "{name} 様",
    deliveryLead: "{shop}をご利用いただき、誠にありがとうございます。下記のご注文のお届け日時を変更いたしましたので、お知らせいたします。",
    recipientLead: "{shop}をご利用いただき、誠にありがとうございます。下記のご注文のお届け先を変更いたしましたので、お知らせいたします。",
    before: "変更前: {text}",
    after: "変更後: {text}",
    fee: "お届け先の変更により送料が変わりました。変更後のお支払い金額(税込): {total}",
    giftSubject: "【{shop}】ギフト設定変更のお知らせ(注文番号 {id})",
    giftAmountSubject: "【{shop}】ギフト設定・ご注文金額変更のお知らせ(注文番号 {id})",
    giftLead:
      "{shop}をご利用いただき、誠にありがとうございます。下記のご注文のギフト設定(のし・ラッピング・メッセージカードなど)を変更いたしましたので、お知らせいたします。",
    giftFee: "ラッピングの変更によりご注文金額が変わりました。変更後のお支払い金額(税込): {total}",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    contact: "お心当たりのない場合やご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
  },
  en: {
    deliverySubject: "The delivery date of your order {id} has changed – {shop}",
    recipientSubject: "The delivery address of your order {id} has changed – {shop}",
    recipientAmountSubject: "The delivery address and amount of your order {id} have changed – {shop}",
    greeting: "Dear {name},",
    deliveryLead: "Thank you for shopping at {shop}. We have changed the delivery date and time of the order below.",
    recipientLead: "Thank you for shopping at {shop}. We have changed the delivery address of the order below.",
    before: "Before: {text}",
    after: "Now: {text}",
    fee: "The new address changed the shipping fee. New amount to pay (incl. tax): {total}",
    giftSubject: "The gift options of your order {id} have changed – {shop}",
    giftAmountSubject: "The gift options and amount of your order {id} have changed – {shop}",
    giftLead: "Thank you for shopping at {shop}. We have changed the gift options (noshi, wrapping, message card and so on) of the order below.",
    giftFee: "The change of gift wrapping changed the amount of the order. New amount to pay (incl. tax): {total}",
    orderId: "Order number",
    orderedAt: "Ordered",
    contact: "If you did not ask for this or have any questions, please contact us at the address below.",
  },
} as const;

/** The recipient as the mail writes it: name, postcode, address and phone on one line each. */
export function recipientText(view: OrderView): string {
  const to = view.recipient;
  return [to.name, displayZip(to.country, to.zip), [to.addressLine, to.buildingName].filter(Boolean).join(" "), to.phone].join("\n");
}

function details(order: OrderView, locale: Locale) {
  const t = texts[locale];
  const orderNumber = orderNumberForShopper(order.publicId);
  return [{ label: t.orderId, value: orderNumber }, { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) }, ...orderFigures(order)];
}

type Texts = (typeof texts)[Locale];

/**
 * The one shape of the three change mails: the lead, the wish or options before and after, and,
 * when a fee moved, the new total and how it is paid.
 */
function changeMail(
  shop: ShopProfile,
  publicUrl: string,
  order: OrderView,
  change: { subject: (t: Texts) => string; lead: (t: Texts) => string; beforeAndAfter: (t: Texts) => string[]; feeLine?: ((t: Texts) => string) | false },
): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const how = change.feeLine ? newTotalSentence(order, formatYenTaxed(order.totals.total, locale, "included")) : undefined;
  const total = formatYen(order.totals.total, locale);
  return composeMail(shop, locale, publicUrl, fillText(change.subject(t), { shop: shopName, id: orderNumberForShopper(order.publicId) }), {
    greeting: fillText(t.greeting, { name: order.name }),
    paragraphs: [
      fillText(change.lead(t), { shop: shopName }),
      ...change.beforeAndAfter(t),
      ...(change.feeLine ? [fillText(change.feeLine(t), { total }), ...(how ? [how] : [])] : []),
    ],
    details: details(order, locale),
    note: t.contact,
  });
}

/** 「お届け日時変更のお知らせ」: the wish before and after (worded by the caller in the order's language). */
export function deliveryChangeMail(shop: ShopProfile, publicUrl: string, order: OrderView, change: { before: string; after: string }): MailContent {
  return changeMail(shop, publicUrl, order, {
    subject: (t) => t.deliverySubject,
    lead: (t) => t.deliveryLead,
    beforeAndAfter: (t) => [[fillText(t.before, { text: change.before }), fillText(t.after, { text: change.after })].join("\n")],
  });
}

/** 「お届け先変更のお知らせ」: the old and new recipient; with the new total and how to pay it when the fee changed. */
export function recipientChangeMail(shop: ShopProfile, publicUrl: string, order: OrderView, change: { before: string; feeChanged: boolean }): MailContent {
  return changeMail(shop, publicUrl, order, {
    subject: (t) => (change.feeChanged ? t.recipientAmountSubject : t.recipientSubject),
    lead: (t) => t.recipientLead,
    beforeAndAfter: (t) => [
      fillText(t.before, { text: change.before.replaceAll("\n", " / ") }),
      fillText(t.after, { text: recipientText(order).replaceAll("\n", " / ") }),
    ],
    feeLine: change.feeChanged && ((t) => t.fee),
  });
}

/** 「ギフト設定変更のお知らせ」: the options before and after (the caller words the old ones); with the new total and how to pay it when wrapping's fee changed it. */
export function giftChangeMail(shop: ShopProfile, publicUrl: string, order: OrderView, change: { before: string; feeChanged: boolean }): MailContent {
  return changeMail(shop, publicUrl, order, {
    subject: (t) => (change.feeChanged ? t.giftAmountSubject : t.giftSubject),
    lead: (t) => t.giftLead,
    beforeAndAfter: (t) => [[fillText(t.before, { text: change.before }), fillText(t.after, { text: giftText(order.gift, order.locale) })].join("\n")],
    feeLine: change.feeChanged && ((t) => t.giftFee),
  });
}
