import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail, escapeHtml, shopSubject } from "../mail/mail-layout.ts";

// Mails of 再入荷のお知らせ (decision 083). Each ends with the link that stops them for the address:
// it cancels every request of the address still waiting. The back-in-stock mail closes its own
// request, so there the link is worded for the others still waiting.

type Footer = "waiting" | "others";

const footerTexts: Record<Footer, Record<Locale, { lead: string; link: string }>> = {
  waiting: {
    ja: { lead: "再入荷のお知らせの停止をご希望の場合は、次のリンクからお手続きください。", link: "お知らせの停止" },
    en: { lead: "To stop back-in-stock notices to this address, follow this link.", link: "Stop these notices" },
  },
  others: {
    ja: {
      lead: "ほかの商品でお申し込み中の再入荷のお知らせも停止をご希望の場合は、次のリンクからお手続きください。",
      link: "お申し込み中のお知らせをすべて停止",
    },
    en: {
      lead: "To stop the back-in-stock notices you are still waiting for on other products, follow this link.",
      link: "Stop all waiting notices",
    },
  },
};

function withFooter(content: MailContent, locale: Locale, cancelUrl: string, footer: Footer = "waiting"): MailContent {
  const texts = footerTexts[footer][locale];
  const html =
    `<p style="margin:16px auto 0;max-width:600px;font-size:12px;line-height:1.6;color:#5e5550;text-align:center">` +
    `${escapeHtml(texts.lead)}<br><a href="${escapeHtml(cancelUrl)}" style="color:#6d1f2f">${escapeHtml(texts.link)}</a></p>`;
  const bodyEnd = content.html.lastIndexOf("</td></tr></table></body>");
  return {
    subject: content.subject,
    text: `${content.text}\n${texts.lead}\n${texts.link}: ${cancelUrl}\n`,
    html: bodyEnd === -1 ? content.html.replace("</body>", `${html}</body>`) : `${content.html.slice(0, bodyEnd)}${html}${content.html.slice(bodyEnd)}`,
  };
}

const confirmationTexts: Record<Locale, { subject: string; paragraphs: (product: string) => string[]; action: string; note: string }> = {
  ja: {
    subject: "再入荷のお知らせ登録の確認",
    paragraphs: (product) => [
      `「${product}」の再入荷のお知らせにお申し込みいただき、ありがとうございます。`,
      "以下のボタンを押すと登録が完了します。ボタンを押すまで、お知らせはお送りしません。",
    ],
    action: "登録を完了する",
    note: "このリンクの有効期限は3日間です。お心当たりのない場合は、このメールを破棄してください。登録は完了しません。",
  },
  en: {
    subject: "Please confirm your back-in-stock notice",
    paragraphs: (product) => [
      `Thank you for asking to be told when "${product}" is back in stock.`,
      "Please confirm with the button below. We send no notice until you do.",
    ],
    action: "Confirm",
    note: "This link is valid for 3 days. If you did not ask for this, please ignore this email and nothing will be sent.",
  },
};

export function restockConfirmationMail(
  shop: ShopProfile,
  publicUrl: string,
  locale: Locale,
  product: string,
  confirmUrl: string,
  cancelUrl: string,
): MailContent {
  const texts = confirmationTexts[locale];
  const content = composeMail(shop, locale, publicUrl, shopSubject(shop, locale, texts.subject), {
    paragraphs: texts.paragraphs(product),
    action: { label: texts.action, url: confirmUrl },
    note: texts.note,
  });
  return withFooter(content, locale, cancelUrl);
}

const backInStockTexts: Record<
  Locale,
  { subject: (product: string) => string; paragraphs: (product: string, shop: string) => string[]; action: string; note: string }
> = {
  ja: {
    subject: (product) => `再入荷のお知らせ「${product}」`,
    paragraphs: (product, shop) => [
      `${shop}をご利用いただき、ありがとうございます。`,
      `お申し込みいただいた「${product}」が再入荷いたしました。`,
      "数に限りがございます。売り切れの際はご容赦ください。",
    ],
    action: "商品ページを見る",
    note: "このお知らせは一度だけお送りしています。この商品のお申し込みはこれで完了となりました。",
  },
  en: {
    subject: (product) => `Back in stock: ${product}`,
    paragraphs: (product, shop) => [
      `Thank you for shopping at ${shop}.`,
      `"${product}", which you asked about, is back in stock.`,
      "Bottles are limited and may sell out again.",
    ],
    action: "See the product",
    note: "We send this notice once; your request for this product is now complete.",
  },
};

export function backInStockMail(shop: ShopProfile, publicUrl: string, locale: Locale, product: string, productUrl: string, cancelUrl: string): MailContent {
  const texts = backInStockTexts[locale];
  const content = composeMail(shop, locale, publicUrl, shopSubject(shop, locale, texts.subject(product)), {
    paragraphs: texts.paragraphs(product, inLocale(shop.shopName, locale)),
    action: { label: texts.action, url: productUrl },
    note: texts.note,
  });
  return withFooter(content, locale, cancelUrl, "others");
}
