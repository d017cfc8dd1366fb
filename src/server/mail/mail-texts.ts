import type { Locale } from "../../domain/locale.ts";
import { fillText } from "../../domain/fill-text.ts";

// Texts of the mail layout and of the built-in mailbox page. Japanese is the source; English must
// match its keys. "{shop}" marks the shop's name.
const ja = {
  "layout.sentAutomatically": "このメールは{shop}から自動送信されています。お心当たりのない場合は、お手数ですが下記までご連絡ください。",
  "layout.buttonFallback": "ボタンが機能しない場合は、次のURLをブラウザのアドレス欄に貼り付けてください。",
  "layout.tel": "TEL",
  // One wording for the same thing (issue 20): メールアドレス, as every form and page says it.
  "layout.email": "メールアドレス",
  "layout.web": "URL",

  "mailbox.title": "メールボックス(開発用)",
  "mailbox.lead": "SMTP_URL が設定されていないため、ショップが送るメールは送信されずにここに保存されます。",
  "mailbox.empty": "メールはまだありません。",
  "mailbox.time": "日時(日本時間)",
  "mailbox.to": "宛先",
  "mailbox.from": "差出人",
  "mailbox.subject": "件名",
  "mailbox.back": "一覧に戻る",
  "mailbox.html": "HTML本文",
  "mailbox.text": "テキスト本文",
  "mailbox.notFound": "このメールは見つかりませんでした。",
} as const;

export type MailTextKey = keyof typeof ja;

const en: Record<MailTextKey, string> = {
  "layout.sentAutomatically": "This email was sent automatically by {shop}. If you were not expecting it, please contact us at the address below.",
  "layout.buttonFallback": "If the button does not work, copy the following address into your browser.",
  "layout.tel": "Tel",
  "layout.email": "Email",
  "layout.web": "Web",

  "mailbox.title": "Mailbox (development)",
  "mailbox.lead": "SMTP_URL is not set, so the mails the shop sends are kept here instead of going out.",
  "mailbox.empty": "No mails yet.",
  "mailbox.time": "Time (Japan)",
  "mailbox.to": "To",
  "mailbox.from": "From",
  "mailbox.subject": "Subject",
  "mailbox.back": "Back to the list",
  "mailbox.html": "HTML body",
  "mailbox.text": "Text body",
  "mailbox.notFound": "This mail could not be found.",
};

const dictionaries: Record<Locale, Record<MailTextKey, string>> = { ja, en };

export function mailText(key: MailTextKey, locale: Locale, parameters: Record<string, string> = {}): string {
  return fillText(dictionaries[locale][key], parameters);
}
