import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import type { AfterAnswer } from "../accounts/after-answer.ts";
import { accountMail } from "../accounts/account.mails.ts";
import type { SignInLock } from "../accounts/sign-in-lock.ts";
import type { Database } from "../db/client.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";

/** How long an unlock link works (its mail says 1 hour). */
export const STAFF_UNLOCK_LINK_MS = 3_600_000;

/** The link's path; GET answers a redirect to the sign-in page saying what happened. */
export const STAFF_UNLOCK_PATH = "/admin/api/unlock";

/**
 * The back office's "resend unlock" (decision 051): a staff member locked out asks for a mail, and
 * its link lifts the account's locks from every client address. Asked for an address that is not a
 * locked staff account, nothing is sent and the answer is the same. The link is signed, not stored:
 * the staff member's id, an expiry and an HMAC over both and the account's address.
 */
export class StaffUnlock {
  private readonly key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly deps: { signInLock: SignInLock; mail: MailService; shopProfiles: ShopProfileService; afterAnswer: AfterAnswer },
    private readonly settings: { publicUrl: string; secret: string },
  ) {
    this.key = crypto.createHmac("sha256", settings.secret).update("staff-unlock").digest();
  }

  /** Answers at once for a checked address (staffUnlockSchema); the look-up and the mail come after the answer, so its timing tells nothing. */
  request(email: string, locale: Locale, now = new Date()): void {
    if (!email) return;
    this.deps.afterAnswer.run("staff unlock mail", async () => {
      const [staff] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.email, email));
      if (!staff || !(await this.deps.signInLock.isStaffAccountLocked(staff.email, now))) return;
      const token = this.token(staff.id, staff.email, now.getTime() + STAFF_UNLOCK_LINK_MS);
      const shop = await this.deps.shopProfiles.profile();
      const link = `${STAFF_UNLOCK_PATH}?token=${token}`;
      await this.deps.mail.enqueue(this.db, staff.email, accountMail(shop, this.settings.publicUrl, locale, "staffUnlock", link));
      this.deps.mail.kick();
    });
  }

  /** Follows a link: lifts every lock of its account while the link is valid. */
  async unlock(token: string, now = new Date()): Promise<"unlocked" | "invalid"> {
    const match = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
    if (!match) return "invalid";
    const id = Number(match[1]);
    const expires = Number(match[2]);
    if (expires < now.getTime() || id > 2_147_483_647) return "invalid";
    const [staff] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, id));
    if (!staff) return "invalid";
    if (!crypto.timingSafeEqual(Buffer.from(this.signature(id, staff.email, expires)), Buffer.from(match[3]!))) return "invalid";
    await this.deps.signInLock.clearStaffAccount(staff.email);
    return "unlocked";
  }

  private token(id: number, email: string, expires: number): string {
    return `${id}.${expires}.${this.signature(id, email, expires)}`;
  }

  private signature(id: number, email: string, expires: number): string {
    return crypto.createHmac("sha256", this.key).update(`${id}\n${expires}\n${email}`).digest("base64url");
  }
}
