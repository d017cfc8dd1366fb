import { fillText } from "../../domain/fill-text.ts";
import { formatDate, formatYenTaxed } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { ReturnRemedy } from "../../domain/order-returns.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";

// What the customer hears when staff record a return of a shipped order (decision 079): what came
// back, the money given back and how, or that the same bottles are sent again; and the return
// invoice (適格返還請求書) as a link, as the order mail links a guest's receipt. In the order's language.

const texts = {
  ja: {
    subjectRefund: "【{shop}】ご返品・ご返金のお知らせ(注文番号 {id})",
    subjectReplacement: "【{shop}】ご返品・交換品発送のお知らせ(注文番号 {id})",
    greeting: "{name} 様",
    lead: "{shop}をご利用いただき、誠にありがとうございます。このたびはお届けした商品にご迷惑をおかけし、誠に申し訳ございません。下記のとおりご返品を承りました。",
    line: "・{name} × {quantity}",
    gateway: "ご返金額 {total} は、お支払いに使われた{method}へ返金いたしました。明細への反映には、カード会社等により日数がかかる場合がございます。",
    bank: "ご返金額 {total} は、お客様の口座へお振込みでお返しいたします。お振込先(金融機関名・支店名・口座種別・口座番号・口座名義)を、このメールへのご返信でお知らせください。",
    replacement: "同じ商品をあらためてお送りいたします。発送いたしましたら、あらためてご連絡いたします。",
    invoice: "返還請求書(適格返還請求書)を発行いたしました。下記よりダウンロードいただけます。",
    invoiceAction: "返還請求書を開く",
    invoiceNote: "会員の方はログインのうえ、マイページからもご覧いただけます。",
    orderId: "注文番号",
    returnedOn: "返品を受けた日",
    invoiceNumber: "返還請求書番号",
    contact: "ご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
  },
  en: {
    subjectRefund: "Your return and refund for order {id} – {shop}",
    subjectReplacement: "Your return and replacement for order {id} – {shop}",
    greeting: "Dear {name},",
    lead: "Thank you for shopping at {shop}, and we are sorry for the trouble with the goods we delivered. We have taken back the following:",
    line: "- {name} × {quantity}",
    gateway: "We have refunded {total} to the {method} you paid with. Your card company may take a few days to show it.",
    bank: "We will transfer {total} back to your bank account. Please reply to this mail with the account to transfer to (bank, branch, account type, number and holder's name).",
    replacement: "We will send the same goods again, and let you know when they leave.",
    invoice: "We have issued a return invoice (qualified return invoice). You can download it below.",
    invoiceAction: "Open the return invoice",
    invoiceNote: "Members can also find it on My Page after signing in.",
    orderId: "Order number",
    returnedOn: "Returned on",
    invoiceNumber: "Return invoice number",
    contact: "If you have any questions, please contact us at the address below.",
  },
} as const;

export interface ReturnMail {
  publicId: string;
  locale: Locale;
  name: string;
  remedy: ReturnRemedy;
  refundRoute: "gateway" | "transfer" | "none";
  /** The payment method's name in the order's language ("クレジットカード"), for a gateway refund. */
  methodLabel: string;
  total: number;
  returnedOn: CalendarDate;
  lines: { name: string; quantity: number }[];
  /** The return invoice's number and link; null for a replacement (no money goes back). */
  invoice: { number: string; url: string } | null;
}

export function orderReturnMail(shop: ShopProfile, publicUrl: string, mail: ReturnMail): MailContent {
  const { locale } = mail;
  const t = texts[locale];
  const shopName = inLocale(shop.shopName, locale);
  const orderNumber = orderNumberForShopper(mail.publicId);
  const total = formatYenTaxed(mail.total, locale, "included");
  const money = mail.remedy === "replacement" ? t.replacement : mail.refundRoute === "gateway" ? t.gateway : t.bank;
  const subject = mail.remedy === "replacement" ? t.subjectReplacement : t.subjectRefund;
  return composeMail(shop, locale, publicUrl, fillText(subject, { shop: shopName, id: orderNumber }), {
    greeting: fillText(t.greeting, { name: mail.name }),
    paragraphs: [
      fillText(t.lead, { shop: shopName }),
      mail.lines.map((line) => fillText(t.line, { name: line.name, quantity: String(line.quantity) })).join("\n"),
      fillText(money, { total, method: mail.methodLabel }),
      ...(mail.invoice ? [t.invoice] : []),
    ],
    ...(mail.invoice ? { action: { label: t.invoiceAction, url: mail.invoice.url } } : {}),
    details: [
      { label: t.orderId, value: orderNumber },
      { label: t.returnedOn, value: formatDate(mail.returnedOn, locale) },
      ...(mail.invoice ? [{ label: t.invoiceNumber, value: mail.invoice.number }] : []),
    ],
    note: mail.invoice ? `${t.invoiceNote}\n${t.contact}` : t.contact,
  });
}
