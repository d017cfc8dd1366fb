import { UNDER_20_NOTICE } from "../../domain/liquor-law.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import { mailText } from "./mail-texts.ts";

/** A finished mail, as the outbox stores it. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a particular mail says; the layout around it (shop header, signature) is composeMail's. */
export interface MailBody {
  /** e.g. "山田 太郎 様" / "Dear Taro Yamada," */
  greeting?: string;
  /** Plain text, escaped for HTML; "\n" inside = line break. */
  paragraphs: string[];
  /** A button in HTML; a "label: url" line in text. */
  action?: { label: string; url: string };
  /** A small two-column table (text: "label: value" lines). */
  details?: { label: string; value: string }[];
  /** Small print under the action. */
  note?: string;
}

// Colours of the shop's design tokens (src/web/styles/global.css); mail clients ignore <style>
// blocks and CSS variables, so every style is written inline.
const INK = "#2a2421";
const INK_SOFT = "#5e5550";
const PAPER = "#fbf8f3";
const LINE = "#e4ddd3";
const WINE = "#6d1f2f";
const SANS = "'Hiragino Kaku Gothic ProN','Hiragino Sans','Yu Gothic',Meiryo,'Noto Sans JP',sans-serif";
const SERIF = "'Hiragino Mincho ProN','Yu Mincho','Noto Serif JP',serif";
const RULE = "――――――――――――――――――――";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Escaped text with its line breaks kept. */
function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

// A mail link is followed outside the shop's pages, so only web addresses may become links.
function assertWebAddress(url: string): void {
  if (!/^https?:\/\//i.test(url)) throw new Error("A mail action must link to an http(s) address");
}

interface Signature {
  shopName: string;
  companyName: string;
  postalAddress: string;
  phone: string;
  email: string;
  shopUrl: string;
  sentAutomatically: string;
}

function signatureOf(shop: ShopProfile, locale: Locale, publicUrl: string): Signature {
  const shopName = inLocale(shop.shopName, locale);
  const address = inLocale(shop.address, locale);
  return {
    shopName,
    companyName: inLocale(shop.companyName, locale),
    postalAddress: locale === "ja" ? `〒${shop.zip} ${address}` : `${address} ${shop.zip}, Japan`,
    phone: shop.phone,
    email: shop.email,
    shopUrl: `${publicUrl.replace(/\/$/, "")}/`,
    sentAutomatically: mailText("layout.sentAutomatically", locale, { shop: shopName }),
  };
}

/**
 * Every mail of a liquor shop carries the under-20 notice (decision 036): order, payment, shipping and
 * cancellation mails as the display standard asks, and the others alike. In Japanese always, and in
 * English too in an English mail.
 */
function underAgeNotice(locale: Locale): string {
  return locale === "ja" ? `【${UNDER_20_NOTICE.ja}】` : `${UNDER_20_NOTICE.en}\n(${UNDER_20_NOTICE.ja})`;
}

/**
 * A text mail has no button: what the paragraphs say of "the button below/above" names the URL line
 * the action becomes there (「以下のボタンから」 → 「以下のURLから」). Only with an action.
 */
const BUTTON_TO_URL: [RegExp, string][] = [
  [/(以下|上)のボタンを押す/g, "$1のURLを開く"],
  [/ボタンを押すまで/g, "URLを開くまで"],
  [/(以下|上)のボタン/g, "$1のURL"],
  [/the button (below|above)/g, "the link $1"],
];

function withoutButton(text: string): string {
  return BUTTON_TO_URL.reduce((each, [pattern, replacement]) => each.replace(pattern, replacement), text);
}

function composeText(locale: Locale, body: MailBody, signature: Signature): string {
  const blocks: string[] = [];
  const words = body.action ? withoutButton : (text: string) => text;
  if (body.greeting) blocks.push(body.greeting);
  blocks.push(...body.paragraphs.map(words));
  if (body.details?.length) blocks.push(body.details.map((row) => `${row.label}: ${row.value}`).join("\n"));
  if (body.action) blocks.push(`${body.action.label}: ${body.action.url}`);
  if (body.note) blocks.push(words(body.note));
  blocks.push(underAgeNotice(locale));
  const footer = [
    RULE,
    signature.sentAutomatically,
    "",
    signature.shopName,
    signature.companyName,
    signature.postalAddress,
    `${mailText("layout.tel", locale)}: ${signature.phone}`,
    `${mailText("layout.email", locale)}: ${signature.email}`,
    `${mailText("layout.web", locale)}: ${signature.shopUrl}`,
  ].join("\n");
  return `${[...blocks, footer].join("\n\n")}\n`;
}

function detailsTable(details: NonNullable<MailBody["details"]>): string {
  const rows = details
    .map(
      (row) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;border-bottom:1px solid ${LINE};color:${INK_SOFT};font-weight:normal;white-space:nowrap;width:32%">${htmlLines(row.label)}</th>` +
        `<td valign="top" style="padding:6px 0;border-bottom:1px solid ${LINE}">${htmlLines(row.value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;font-size:14px">${rows}</table>`;
}

function actionButton(locale: Locale, action: NonNullable<MailBody["action"]>): string {
  const href = escapeHtml(action.url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr>` +
    `<td style="background:${WINE};border-radius:4px"><a href="${href}" style="display:inline-block;padding:12px 28px;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(action.label)}</a></td>` +
    `</tr></table>` +
    `<p style="margin:0 0 16px;font-size:12px;color:${INK_SOFT}">${escapeHtml(mailText("layout.buttonFallback", locale))}<br>` +
    `<a href="${href}" style="color:${WINE};word-break:break-all">${href}</a></p>`
  );
}

function composeHtml(locale: Locale, subject: string, body: MailBody, signature: Signature): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${htmlLines(text)}</p>`;
  const content = [
    body.greeting ? paragraph(body.greeting) : "",
    ...body.paragraphs.map(paragraph),
    body.details?.length ? detailsTable(body.details) : "",
    body.action ? actionButton(locale, body.action) : "",
    body.note ? `<p style="margin:0 0 16px;font-size:12px;color:${INK_SOFT}">${htmlLines(body.note)}</p>` : "",
    `<p style="margin:0 0 16px;padding:8px 12px;border:1px solid ${LINE};font-size:13px;font-weight:bold;color:${INK}">${htmlLines(underAgeNotice(locale))}</p>`,
  ].join("");
  const shopUrl = escapeHtml(signature.shopUrl);
  const link = `color:${INK_SOFT}`;
  const footer =
    `<p style="margin:0 0 12px">${escapeHtml(signature.sentAutomatically)}</p>` +
    `<p style="margin:0"><strong style="color:${INK}">${escapeHtml(signature.shopName)}</strong><br>` +
    `${escapeHtml(signature.companyName)}<br>${escapeHtml(signature.postalAddress)}<br>` +
    `${escapeHtml(mailText("layout.tel", locale))}: ${escapeHtml(signature.phone)}<br>` +
    `${escapeHtml(mailText("layout.email", locale))}: <a href="mailto:${escapeHtml(signature.email)}" style="${link}">${escapeHtml(signature.email)}</a><br>` +
    `${escapeHtml(mailText("layout.web", locale))}: <a href="${shopUrl}" style="${link}">${shopUrl}</a></p>`;
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${PAPER};color:${INK};font-family:${SANS}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAPER}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${LINE};text-align:left">`,
    `<tr><td style="background:${WINE};padding:18px 24px;font-family:${SERIF};font-size:20px"><a href="${shopUrl}" style="color:#ffffff;text-decoration:none">${escapeHtml(signature.shopName)}</a></td></tr>`,
    `<tr><td style="padding:28px 24px 12px;font-size:15px;line-height:1.7">${content}</td></tr>`,
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid ${LINE};font-size:12px;line-height:1.6;color:${INK_SOFT}">${footer}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");
}

/**
 * A subject as the shop's order mails write theirs: 「【酒舗 蔵】…」 in Japanese, "… – Kura Wine &
 * Spirits" in English, so the shopper sees whose mail it is in the list.
 */
export function shopSubject(shop: ShopProfile, locale: Locale, subject: string): string {
  const name = inLocale(shop.shopName, locale);
  return locale === "ja" ? `【${name}】${subject}` : `${subject} – ${name}`;
}

/**
 * Wraps a body in the shop's layout (ja or en): a header with the shop name, and a signature with
 * the shop name, company, address, tel, e-mail and shop URL from the shop profile, so another
 * trader's mails carry their own details without code changes. Every text is HTML-escaped.
 */
export function composeMail(shop: ShopProfile, locale: Locale, publicUrl: string, subject: string, body: MailBody): MailContent {
  if (body.action) assertWebAddress(body.action.url);
  const signature = signatureOf(shop, locale, publicUrl);
  return { subject, text: composeText(locale, body, signature), html: composeHtml(locale, subject, body, signature) };
}
