import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { escapeHtml } from "./mail-layout.ts";
import type { MailTextKey } from "./mail-texts.ts";
import { mailText } from "./mail-texts.ts";
import type { MailboxMessage } from "./mailbox.service.ts";

// The built-in mailbox pages: plain server-rendered HTML (no React, no script), for developers and
// for the trader trying the demo.

const STYLE = `
body{margin:0;font-family:"Hiragino Kaku Gothic ProN","Hiragino Sans","Yu Gothic",Meiryo,"Noto Sans JP",sans-serif;color:#2a2421;background:#fbf8f3;line-height:1.6}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
p.lead{color:#5e5550;margin:0 0 1.5rem}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e4ddd3}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e4ddd3;vertical-align:top}
th{font-weight:600;color:#5e5550;white-space:nowrap}
td.time{white-space:nowrap}
a{color:#6d1f2f}
iframe{width:100%;height:70vh;border:1px solid #e4ddd3;background:#fff;resize:vertical}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e4ddd3;padding:1rem;font-family:inherit}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
`;

function page(locale: Locale, styleNonce: string | undefined, title: string, content: string): string {
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : "";
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style${nonce}>${STYLE}</style></head>`,
    `<body><main>${content}</main></body></html>`,
  ].join("\n");
}

const t = (key: MailTextKey, locale: Locale) => escapeHtml(mailText(key, locale));

export function mailboxListPage(messages: MailboxMessage[], locale: Locale, styleNonce: string | undefined): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td class="time">${escapeHtml(formatDateTime(message.createdAt, locale))}</td>` +
        `<td>${escapeHtml(message.to)}</td>` +
        `<td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join("\n");
  const table = messages.length
    ? `<table><thead><tr><th>${t("mailbox.time", locale)}</th><th>${t("mailbox.to", locale)}</th><th>${t("mailbox.subject", locale)}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${t("mailbox.empty", locale)}</p>`;
  return page(
    locale,
    styleNonce,
    mailText("mailbox.title", locale),
    `<h1>${t("mailbox.title", locale)}</h1><p class="lead">${t("mailbox.lead", locale)}</p>${table}`,
  );
}

/** Text with its web addresses as links, everything else escaped. */
function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

/**
 * The mail's HTML goes into a sandboxed iframe (no scripts, no same origin); links in it open in
 * the top window, as they would from a mail client.
 */
function framedHtml(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

export function mailboxMessagePage(message: MailboxMessage, locale: Locale, styleNonce: string | undefined): string {
  const header = [
    ["mailbox.time", formatDateTime(message.createdAt, locale)],
    ["mailbox.from", message.from],
    ["mailbox.to", message.to],
    ["mailbox.subject", message.subject],
  ] as const;
  const content = [
    `<p><a href="/dev/mailbox">← ${t("mailbox.back", locale)}</a></p>`,
    `<h1>${escapeHtml(message.subject)}</h1>`,
    `<table>${header.map(([key, value]) => `<tr><th>${t(key, locale)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
    `<h2>${t("mailbox.html", locale)}</h2>`,
    `<iframe title="${t("mailbox.html", locale)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(framedHtml(message.html))}"></iframe>`,
    `<h2>${t("mailbox.text", locale)}</h2>`,
    `<pre>${linkedText(message.text)}</pre>`,
  ].join("\n");
  return page(locale, styleNonce, message.subject, content);
}

export function mailboxNotFoundPage(locale: Locale, styleNonce: string | undefined): string {
  return page(
    locale,
    styleNonce,
    mailText("mailbox.notFound", locale),
    `<p><a href="/dev/mailbox">← ${t("mailbox.back", locale)}</a></p><h1>${t("mailbox.notFound", locale)}</h1>`,
  );
}
