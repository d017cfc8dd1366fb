import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../../domain/account.ts";
import type { InquiryInput } from "../../domain/inquiry.ts";
import { INQUIRY_LIMITS, characterCount } from "../../domain/inquiry.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { StoredInquiry } from "./inquiry.mails.ts";
import { inquiryAcknowledgementMail, inquiryNotificationMail } from "./inquiry.mails.ts";

/** Anything that is not text counts as left blank, so a malformed body gets field messages, not a 400. */
function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Name, e-mail and subject are one line each; a line break there would only come from a crafted
 * request and would end up in a mail subject, so it becomes a space.
 */
function oneLine(value: unknown): string {
  return text(value).replace(/[\r\n]+/g, " ").trim();
}

/**
 * The contact form (spec §2 Inquiry): checks the fields, keeps the inquiry for the back office and,
 * in the same transaction, queues the shop's notification and the sender's acknowledgement, so an
 * inquiry is never stored without its mails nor mailed without being stored.
 */
export class InquiryService {
  constructor(
    private readonly db: Database,
    private readonly deps: { mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async submit(raw: Partial<Record<keyof InquiryInput, unknown>>, context: { locale: Locale; userId: number | null }): Promise<StoredInquiry> {
    const input = this.validate(raw, context.locale);
    const shop = await this.deps.shopProfiles.profile();
    const stored = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inquiriesTable)
        .values({ ...input, locale: context.locale, userId: context.userId })
        .returning();
      const inquiry: StoredInquiry = { ...input, id: row!.id, locale: row!.locale, userId: row!.userId, createdAt: row!.createdAt };
      await this.deps.mail.enqueue(tx, shop.email, inquiryNotificationMail(shop, this.settings.publicUrl, inquiry));
      await this.deps.mail.enqueue(tx, inquiry.email, inquiryAcknowledgementMail(shop, this.settings.publicUrl, inquiry));
      return inquiry;
    });
    this.deps.mail.kick();
    return stored;
  }

  /** Every field is checked, so the form can show all its messages at once (spec §8). */
  private validate(raw: Partial<Record<keyof InquiryInput, unknown>>, locale: Locale): InquiryInput {
    const errors = new FieldErrors(locale);
    const input: InquiryInput = {
      name: oneLine(raw.name),
      email: oneLine(raw.email),
      subject: oneLine(raw.subject),
      // The message keeps its line breaks; only surrounding blank space goes.
      message: text(raw.message).replace(/\r\n?/g, "\n").trim(),
    };
    const checkText = (field: "name" | "subject" | "message") => {
      if (!input[field]) errors.add(field, "blank");
      else if (characterCount(input[field]) > INQUIRY_LIMITS[field]) errors.add(field, "too_long", { count: INQUIRY_LIMITS[field] });
    };
    // In the form's order, so the errors list reads top to bottom.
    checkText("name");
    if (!input.email) errors.add("email", "blank");
    else if (input.email.length > EMAIL_MAX_LENGTH) errors.add("email", "too_long", { count: EMAIL_MAX_LENGTH });
    else if (!EMAIL_PATTERN.test(input.email)) errors.add("email", "invalid");
    checkText("subject");
    checkText("message");
    if (!errors.empty) throw validationFailed(errors);
    return input;
  }
}
