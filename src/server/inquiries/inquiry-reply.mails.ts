import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import { fillText } from "../../domain/fill-text.ts";

// The trader's answer to an inquiry, in the language the sender wrote in, quoting what they asked
// so the answer makes sense on its own in their mailbox.

const texts = {
  ja: {
    greeting: "{name} 様",
    quoteLabel: "お問い合わせ内容",
    receivedAt: "受付日時",
    reference: "受付番号",
    note: "このメールにご返信いただくか、下記の連絡先までお問い合わせください。",
  },
  en: {
    greeting: "Dear {name},",
    quoteLabel: "Your message",
    receivedAt: "Received",
    reference: "Reference",
    note: "You can reply to this mail or contact us at the address below.",
  },
} as const;

export interface RepliedInquiry {
  id: number;
  name: string;
  subject: string;
  message: string;
  locale: Locale;
  createdAt: Date;
}

/** The subject a reply gets unless the trader writes another: "Re: " and the inquiry's subject. */
export function defaultReplySubject(inquiry: Pick<RepliedInquiry, "subject">): string {
  return `Re: ${inquiry.subject}`;
}

export function inquiryReplyMail(shop: ShopProfile, publicUrl: string, inquiry: RepliedInquiry, reply: { subject: string; message: string }): MailContent {
  const t = texts[inquiry.locale];
  return composeMail(shop, inquiry.locale, publicUrl, reply.subject, {
    greeting: fillText(t.greeting, { name: inquiry.name }),
    // Paragraphs as the trader wrote them: blank lines separate, single line breaks stay.
    paragraphs: reply.message
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    details: [
      { label: t.reference, value: `#${inquiry.id}` },
      { label: t.receivedAt, value: formatDateTime(inquiry.createdAt, inquiry.locale) },
      { label: t.quoteLabel, value: inquiry.message },
    ],
    note: t.note,
  });
}
