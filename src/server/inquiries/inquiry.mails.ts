import { formatDateTime } from "../../domain/format.ts";
import type { InquiryInput } from "../../domain/inquiry.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";

// The two mails of an inquiry: a notification to the shop (in Japanese, the trader's language) with
// every field, and an acknowledgement to the sender in the language they wrote in, with a copy.

export interface StoredInquiry extends InquiryInput {
  id: number;
  locale: Locale;
  userId: number | null;
  createdAt: Date;
}

const labels = {
  ja: {
    number: "受付番号",
    receivedAt: "受付日時",
    name: "お名前",
    email: "メールアドレス",
    orderNumber: "ご注文番号",
    subject: "件名",
    message: "お問い合わせ内容",
    language: "ご利用言語",
    member: "会員",
  },
  en: {
    number: "Reference",
    receivedAt: "Received",
    name: "Name",
    email: "Email",
    orderNumber: "Order number",
    subject: "Subject",
    message: "Message",
    language: "Language",
    member: "Member",
  },
} as const;

const languageNames: Record<Locale, string> = { ja: "日本語", en: "English" };

function reference(inquiry: StoredInquiry): string {
  return `#${inquiry.id}`;
}

/** The order number's line, as the order mail prints it, when the sender gave one. */
function orderNumberLine(inquiry: StoredInquiry, label: string): { label: string; value: string }[] {
  return inquiry.order_number ? [{ label, value: orderNumberForShopper(inquiry.order_number) }] : [];
}

/** The shop's copy: everything it needs to answer, including who to answer and in which language. */
export function inquiryNotificationMail(shop: ShopProfile, publicUrl: string, inquiry: StoredInquiry): MailContent {
  const l = labels.ja;
  return composeMail(shop, "ja", publicUrl, `【お問い合わせ】${inquiry.subject}(${reference(inquiry)})`, {
    paragraphs: [
      "お問い合わせフォームから新しいお問い合わせが届きました。",
      "ご返信はお客様のメールアドレス宛てにお送りください(このメールへの返信はお客様に届きません)。",
    ],
    details: [
      { label: l.number, value: reference(inquiry) },
      { label: l.receivedAt, value: formatDateTime(inquiry.createdAt, "ja") },
      { label: l.name, value: inquiry.name },
      { label: l.email, value: inquiry.email },
      ...orderNumberLine(inquiry, l.orderNumber),
      { label: l.subject, value: inquiry.subject },
      { label: l.message, value: inquiry.message },
      { label: l.language, value: languageNames[inquiry.locale] },
      { label: l.member, value: inquiry.userId === null ? "ゲスト" : `会員ID ${inquiry.userId}` },
    ],
  });
}

/** The sender's receipt: that we have it, when we answer, and how to reach us meanwhile. */
export function inquiryAcknowledgementMail(shop: ShopProfile, publicUrl: string, inquiry: StoredInquiry): MailContent {
  const locale = inquiry.locale;
  const l = labels[locale];
  const shopName = inLocale(shop.shopName, locale);
  const contactHours = inLocale(shop.contactHours, locale);
  const businessHours = inLocale(shop.businessHours, locale);
  const details = [
    { label: l.number, value: reference(inquiry) },
    { label: l.receivedAt, value: formatDateTime(inquiry.createdAt, locale) },
    { label: l.name, value: inquiry.name },
    { label: l.email, value: inquiry.email },
    ...orderNumberLine(inquiry, l.orderNumber),
    { label: l.subject, value: inquiry.subject },
    { label: l.message, value: inquiry.message },
  ];
  if (locale === "ja") {
    return composeMail(shop, "ja", publicUrl, `お問い合わせを受け付けました(${reference(inquiry)})`, {
      greeting: `${inquiry.name} 様`,
      paragraphs: [
        `このたびは${shopName}にお問い合わせいただき、誠にありがとうございます。以下の内容でお問い合わせを受け付けました。`,
        `担当者より${contactHours}に順次ご返信いたします。内容によってはお時間をいただく場合がございますので、あらかじめご了承ください。`,
      ],
      details,
      note: `お急ぎの場合はお電話でもお問い合わせいただけます。その際は受付番号 ${reference(inquiry)} をお伝えください。\n電話番号: ${shop.phone}\n受付時間: ${businessHours}`,
    });
  }
  return composeMail(shop, "en", publicUrl, `We have received your inquiry (${reference(inquiry)})`, {
    greeting: `Dear ${inquiry.name},`,
    paragraphs: [
      `Thank you for contacting ${shopName}. We have received your inquiry as follows.`,
      `Our staff will reply in order during our contact hours: ${contactHours}. Some questions may take a little longer to answer.`,
    ],
    details,
    note: `If it is urgent, you can also call us; please quote the reference ${reference(inquiry)}.\nPhone: ${shop.phone}\nHours: ${businessHours}`,
  });
}
