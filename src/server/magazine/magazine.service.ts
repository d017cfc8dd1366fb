import { hashToken, idOfSignedToken, newToken, signedIdToken } from "../link-tokens.ts";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { UserResource } from "../../domain/account.ts";
import { normalizeEmail } from "../../domain/account.ts";
import type { MagazineSignUp } from "../../domain/magazine-input.ts";
import type { Locale } from "../../domain/locale.ts";
import type { MagazineStatus, MagazineSubscriptionResource } from "../../domain/magazine.ts";
import { MAGAZINE_CONFIRM_WITHIN_MS } from "../../domain/magazine.ts";
import type { Database } from "../db/client.ts";
import { magazineSubscribersTable } from "../db/schema/magazine.ts";
import type { MailBody, MailContent } from "../mail/mail-layout.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { MagazineFooter } from "./magazine.mails.ts";
import { magazineConfirmationMail, magazineFooterFor, magazineIssueMail } from "./magazine.mails.ts";

type SubscriberRow = typeof magazineSubscribersTable.$inferSelect;

/** The subscriber fields a magazine mail needs. */
export type MagazineRecipient = Pick<SubscriberRow, "id" | "locale">;

/** One row of the back office list and CSV export. */
export interface MagazineSubscriber {
  id: number;
  email: string;
  locale: Locale;
  userId: number | null;
  status: Exclude<MagazineStatus, "none">;
  consentedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
}

export type ConfirmOutcome = "confirmed" | "expired" | "invalid";

function statusOf(row: Pick<SubscriberRow, "consentedAt" | "unsubscribedAt">): Exclude<MagazineStatus, "none"> {
  if (row.unsubscribedAt) return "unsubscribed";
  return row.consentedAt ? "subscribed" : "pending";
}

/**
 * The mail magazine with double opt-in: a sign-up only becomes a subscription when the link in the
 * confirmation mail is followed, and that moment is kept as the consent time. Sign-up answers the
 * same whether or not the address is known, so the form tells nobody who subscribes. Unsubscribe
 * links carry a signature of the subscriber id instead of a stored token, so every mail ever sent
 * keeps a working link.
 */
export class MagazineService {
  constructor(
    private readonly db: Database,
    private readonly deps: { mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string; secret: string },
  ) {}

  /** POST /api/magazine/subscriptions, its form passed (domain/magazine-input.ts): mails a confirmation link when one is due. */
  async register(input: MagazineSignUp, context: { locale: Locale; user: UserResource | null }): Promise<void> {
    const { email } = input;
    const userId = context.user && context.user.email === email ? context.user.id : null;
    const shop = await this.deps.shopProfiles.profile();
    const queued = await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(magazineSubscribersTable).where(eq(magazineSubscribersTable.email, email)).for("update");
      // Already subscribed: nothing to confirm, and nothing in the answer says so.
      if (existing && statusOf(existing) === "subscribed") return false;
      const { token: confirmation, hash: confirmTokenHash } = newToken();
      const changes = { locale: context.locale, confirmTokenHash, confirmSentAt: new Date(), ...(userId ? { userId } : {}) };
      const [row] = existing
        ? await tx.update(magazineSubscribersTable).set(changes).where(eq(magazineSubscribersTable.id, existing.id)).returning()
        : await tx
            .insert(magazineSubscribersTable)
            .values({ email, ...changes })
            // Two sign-ups for one new address at once: the second finds the first's row next time.
            .onConflictDoNothing({ target: magazineSubscribersTable.email })
            .returning();
      if (!row) return false;
      const confirmUrl = `${this.settings.publicUrl}/${row.locale}/api/magazine/confirm?token=${confirmation}`;
      await this.deps.mail.enqueue(
        tx,
        row.email,
        magazineConfirmationMail(shop, this.settings.publicUrl, row.locale, confirmUrl, this.magazineFooter(row, row.locale)),
      );
      return true;
    });
    if (queued) this.deps.mail.kick();
  }

  /** The confirmation link: consent is given now; a link works once and for three days. */
  async confirm(token: string, now = new Date()): Promise<ConfirmOutcome> {
    if (!token) return "invalid";
    const [row] = await this.db
      .select()
      .from(magazineSubscribersTable)
      .where(eq(magazineSubscribersTable.confirmTokenHash, hashToken(token)));
    if (!row) return "invalid";
    if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > MAGAZINE_CONFIRM_WITHIN_MS) return "expired";
    await this.db
      .update(magazineSubscribersTable)
      .set({ consentedAt: now, unsubscribedAt: null, confirmTokenHash: null })
      .where(eq(magazineSubscribersTable.id, row.id));
    return "confirmed";
  }

  /** The signed token of a subscriber's unsubscribe link: `{id}.{HMAC of the id}`. */
  unsubscribeToken(subscriber: Pick<SubscriberRow, "id">): string {
    return signedIdToken(this.settings.secret, "magazine-unsubscribe", subscriber.id);
  }

  /**
   * The unsubscribe link of every magazine mail. It opens a page with a button rather than
   * unsubscribing on GET, because mail scanners follow links; the API hop sets the page language.
   */
  unsubscribeUrl(subscriber: MagazineRecipient): string {
    return `${this.settings.publicUrl}/${subscriber.locale}/api/magazine/unsubscribe?token=${this.unsubscribeToken(subscriber)}`;
  }

  /** The footer every magazine mail ends with (text and HTML), with the subscriber's own link. */
  magazineFooter(subscriber: MagazineRecipient, locale: Locale = subscriber.locale): MagazineFooter {
    return magazineFooterFor(this.unsubscribeUrl(subscriber), locale);
  }

  /** A magazine issue for one subscriber, in the shop's layout and with their unsubscribe footer. */
  async issueMail(subscriber: MagazineRecipient, subject: string, body: MailBody): Promise<MailContent> {
    const shop = await this.deps.shopProfiles.profile();
    return magazineIssueMail(shop, this.settings.publicUrl, subscriber.locale, subject, body, this.magazineFooter(subscriber));
  }

  /** The unsubscribe page's button. False for a token that was not signed by this shop. */
  async unsubscribe(token: string): Promise<boolean> {
    const id = idOfSignedToken(this.settings.secret, "magazine-unsubscribe", token);
    if (id === undefined) return false;
    const [row] = await this.db.select({ id: magazineSubscribersTable.id }).from(magazineSubscribersTable).where(eq(magazineSubscribersTable.id, id));
    if (!row) return false;
    await this.stop(row.id);
    return true;
  }

  /** The member's own subscription (My Page): the one for their confirmed e-mail address. */
  async subscriptionOf(user: UserResource): Promise<MagazineSubscriptionResource> {
    const [row] = await this.db
      .select()
      .from(magazineSubscribersTable)
      .where(eq(magazineSubscribersTable.email, normalizeEmail(user.email)));
    return { email: user.email, status: row ? statusOf(row) : "none" };
  }

  /**
   * Subscribing from My Page needs no second opt-in: the member's address was confirmed when the
   * account was, and pressing the button while signed in is the consent.
   */
  async setSubscription(user: UserResource, subscribed: boolean, locale: Locale): Promise<MagazineSubscriptionResource> {
    const email = normalizeEmail(user.email);
    const [existing] = await this.db.select().from(magazineSubscribersTable).where(eq(magazineSubscribersTable.email, email));
    if (subscribed) {
      if (!existing || statusOf(existing) !== "subscribed") {
        const now = new Date();
        const consent = { locale, userId: user.id, consentedAt: now, unsubscribedAt: null, confirmTokenHash: null };
        await this.db
          .insert(magazineSubscribersTable)
          .values({ email, ...consent })
          .onConflictDoUpdate({ target: magazineSubscribersTable.email, set: consent });
      }
    } else if (existing && !existing.unsubscribedAt) {
      await this.stop(existing.id);
    }
    return this.subscriptionOf(user);
  }

  /** A cancelled account's subscription goes with its personal data (linked or for its address). */
  async forgetMember(user: { id: number; email: string }): Promise<void> {
    const table = magazineSubscribersTable;
    await this.db.delete(table).where(or(eq(table.userId, user.id), eq(table.email, normalizeEmail(user.email))));
  }

  /**
   * Sends an issue to every confirmed subscriber, each in their language's layout with their own
   * unsubscribe link. All mails are queued in one transaction, so an issue goes to everyone or,
   * if anything fails, to nobody; the outbox then sends them at its own pace.
   */
  async sendIssue(subject: string, text: string): Promise<number> {
    const paragraphs = text
      .replace(/\r\n?/g, "\n")
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    const recipients = await this.subscribers({ status: "subscribed" });
    // Composed before the transaction: composing reads the shop profile, and on the embedded
    // database (one connection) a read outside an open transaction would wait for it forever.
    const mails = await Promise.all(
      recipients.map(async (recipient) => ({ to: recipient.email, content: await this.issueMail(recipient, subject, { paragraphs }) })),
    );
    await this.db.transaction(async (tx) => {
      for (const mail of mails) await this.deps.mail.enqueue(tx, mail.to, mail.content);
    });
    if (recipients.length > 0) this.deps.mail.kick();
    return recipients.length;
  }

  /** The back office list and CSV export (issue #7), oldest first. */
  async subscribers(options: { status?: Exclude<MagazineStatus, "none"> | "all" } = {}): Promise<MagazineSubscriber[]> {
    const table = magazineSubscribersTable;
    const where = {
      all: undefined,
      subscribed: and(isNotNull(table.consentedAt), isNull(table.unsubscribedAt)),
      pending: and(isNull(table.consentedAt), isNull(table.unsubscribedAt)),
      unsubscribed: isNotNull(table.unsubscribedAt),
    }[options.status ?? "all"];
    const rows = await this.db.select().from(table).where(where).orderBy(asc(table.createdAt), asc(table.id));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      locale: row.locale,
      userId: row.userId,
      status: statusOf(row),
      consentedAt: row.consentedAt,
      unsubscribedAt: row.unsubscribedAt,
      createdAt: row.createdAt,
    }));
  }

  /** Stops sending, and voids a pending confirmation link so it cannot undo the decision. */
  private async stop(id: number): Promise<void> {
    await this.db
      .update(magazineSubscribersTable)
      .set({ unsubscribedAt: sql`coalesce(${magazineSubscribersTable.unsubscribedAt}, now())`, confirmTokenHash: null })
      .where(eq(magazineSubscribersTable.id, id));
  }
}
