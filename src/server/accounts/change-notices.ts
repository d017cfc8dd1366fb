import { eq } from "drizzle-orm";
import type { SavedCard } from "../../domain/card.ts";
import type { Database } from "../db/client.ts";
import { usersTable } from "../db/schema/accounts.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { ChangeNoticeKind } from "./account.mails.ts";
import { CHANGE_NOTICE_LINK, accountMail } from "./account.mails.ts";

/** An address as a notice shows it to someone who may not be its owner: `ta***@example.com`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** A saved card as a notice names it: brand, last four digits and expiry, nothing more. */
export function cardLabel(card: SavedCard): string {
  return `${card.brand.toUpperCase()} ****${card.last4} (${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)})`;
}

/**
 * Mails a member that their account changed — address, saved card (decision 064) — through the
 * outbox, to their address and in their language (users.locale), with what to do if it was not
 * them. Changes of e-mail and password are told by AccountService in the change's own transaction.
 */
export class ChangeNotices {
  constructor(
    private readonly db: Database,
    private readonly deps: { mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async tell(userId: number, kind: ChangeNoticeKind, detail = ""): Promise<void> {
    const [user] = await this.db.select({ email: usersTable.email, locale: usersTable.locale }).from(usersTable).where(eq(usersTable.id, userId));
    if (!user) return;
    const shop = await this.deps.shopProfiles.profile();
    await this.deps.mail.enqueue(this.db, user.email, accountMail(shop, this.settings.publicUrl, user.locale, kind, CHANGE_NOTICE_LINK, detail));
    this.deps.mail.kick();
  }
}
