import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailBody, MailContent } from "../mail/mail-layout.ts";
import { composeMail, escapeHtml, shopSubject } from "../mail/mail-layout.ts";

// Mails of the mail magazine. Every one of them ends with the unsubscribe link (the Japanese act on
// specified e-mail requires a way to opt out in each message), the confirmation mail included.

/** The unsubscribe block of a magazine mail, for its text and its HTML body. */
export interface MagazineFooter {
  text: string;
  html: string;
}

const footerTexts: Record<Locale, { lead: string; link: string }> = {
  ja: {
    lead: "メールマガジンの配信停止をご希望の場合は、次のリンクからお手続きください。",
    link: "配信停止の手続き",
  },
  en: {
    lead: "To stop receiving the mail magazine, follow this link.",
    link: "Unsubscribe",
  },
};

export function magazineFooterFor(unsubscribeUrl: string, locale: Locale): MagazineFooter {
  const texts = footerTexts[locale];
  const href = escapeHtml(unsubscribeUrl);
  return {
    text: `${texts.lead}\n${texts.link}: ${unsubscribeUrl}`,
    html:
      `<p style="margin:16px auto 0;max-width:600px;font-size:12px;line-height:1.6;color:#5e5550;text-align:center">` +
      `${escapeHtml(texts.lead)}<br><a href="${href}" style="color:#6d1f2f">${escapeHtml(texts.link)}</a></p>`,
  };
}

/** Adds the footer under the shop's layout: after the signature in text, under the card in HTML. */
export function withMagazineFooter(content: MailContent, footer: MagazineFooter): MailContent {
  const bodyEnd = content.html.lastIndexOf("</td></tr></table></body>");
  const html =
    bodyEnd === -1 ? content.html.replace("</body>", `${footer.html}</body>`) : `${content.html.slice(0, bodyEnd)}${footer.html}${content.html.slice(bodyEnd)}`;
  return { subject: content.subject, text: `${content.text}\n${footer.text}\n`, html };
}

const confirmationTexts: Record<Locale, { subject: string; paragraphs: (shop: string) => string[]; action: string; note: string }> = {
  ja: {
    subject: "メールマガジン登録の確認",
    paragraphs: (shop) => [
      `${shop}のメールマガジンにお申し込みいただき、ありがとうございます。`,
      "以下のボタンを押すと登録が完了します。ボタンを押すまで、メールマガジンは配信されません。",
    ],
    action: "登録を完了する",
    note: "このリンクの有効期限は3日間です。お心当たりのない場合は、このメールを破棄してください。登録は完了しません。",
  },
  en: {
    subject: "Please confirm your mail magazine subscription",
    paragraphs: (shop) => [
      `Thank you for signing up for the ${shop} mail magazine.`,
      "Please confirm your subscription with the button below. We send nothing until you do.",
    ],
    action: "Confirm my subscription",
    note: "This link is valid for 3 days. If you did not sign up, please ignore this email and you will not be subscribed.",
  },
};

export function magazineConfirmationMail(shop: ShopProfile, publicUrl: string, locale: Locale, confirmUrl: string, footer: MagazineFooter): MailContent {
  const texts = confirmationTexts[locale];
  const content = composeMail(shop, locale, publicUrl, shopSubject(shop, locale, texts.subject), {
    paragraphs: texts.paragraphs(inLocale(shop.shopName, locale)),
    action: { label: texts.action, url: confirmUrl },
    note: texts.note,
  });
  return withMagazineFooter(content, footer);
}

/** An issue of the magazine: the shop's layout plus the subscriber's own unsubscribe link. */
export function magazineIssueMail(shop: ShopProfile, publicUrl: string, locale: Locale, subject: string, body: MailBody, footer: MagazineFooter): MailContent {
  return withMagazineFooter(composeMail(shop, locale, publicUrl, subject, body), footer);
}
