import type { InquiryInput } from "../../domain/inquiry.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { StoredInquiry } from "./inquiry.mails.ts";
import { inquiryAcknowledgementMail, inquiryNotificationMail } from "./inquiry.mails.ts";

/**
 * The contact form: keeps the inquiry for the back office and,
 * in the same transaction, queues the shop's notification and the sender's acknowledgement, so an
 * inquiry is never stored without its mails nor mailed without being stored.
 */
export class InquiryService {
  constructor(
    private readonly db: Database,
    private readonly deps: { mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  /** `input` has passed the contact form's schema (domain/inquiry-input.ts), which the route declares as its body. */
  async submit(input: InquiryInput, context: { locale: Locale; userId: number | null }): Promise<StoredInquiry> {
    const shop = await this.deps.shopProfiles.profile();
    const stored = await this.db.transaction(async (tx) => {
      const { order_number: orderNumber, ...fields } = input;
      const [row] = await tx
        .insert(inquiriesTable)
        .values({ ...fields, orderNumber: orderNumber || null, locale: context.locale, userId: context.userId })
        .returning();
      const inquiry: StoredInquiry = { ...input, id: row!.id, locale: row!.locale, userId: row!.userId, createdAt: row!.createdAt };
      await this.deps.mail.enqueue(tx, shop.email, inquiryNotificationMail(shop, this.settings.publicUrl, inquiry));
      await this.deps.mail.enqueue(tx, inquiry.email, inquiryAcknowledgementMail(shop, this.settings.publicUrl, inquiry));
      return inquiry;
    });
    this.deps.mail.kick();
    return stored;
  }
}
