import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { UserResource } from "../../domain/account.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, normalizeEmail } from "../../domain/account.ts";
import { ORDER_BIRTH_DATE_MESSAGES, judgeOrderBirthDate } from "../../domain/age-gate.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { CartService } from "../cart/cart.service.ts";
import type { Database } from "../db/client.ts";
import { usersTable } from "../db/schema/accounts.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { AccountMailKind } from "./account.mails.ts";
import type { AfterAnswer } from "./after-answer.ts";
import { CHANGE_NOTICE_LINK, accountMail } from "./account.mails.ts";
import { maskedEmail } from "./change-notices.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./password.ts";
import type { SessionService } from "./session.service.ts";
import type { SignInLock } from "./sign-in-lock.ts";
import { userResource } from "./session.service.ts";
import { hashToken, newToken } from "../link-tokens.ts";

/** The lock rule's settings live in SignInLock. */
export interface AccountSettings {
  publicUrl: string;
}

/** Devise's defaults for link lifetimes. */
export const CONFIRM_WITHIN_MS = 3 * 86_400_000;
export const RESET_PASSWORD_WITHIN_MS = 6 * 3_600_000;

export interface SignedIn {
  user: UserResource;
  sessionId: string;
  rememberUntil: Date | null;
}

type UserRow = typeof usersTable.$inferSelect;

/**
 * Members with the behaviour of Devise's registerable, confirmable, database authenticatable,
 * lockable, recoverable, rememberable, timeoutable, trackable and validatable modules. Answers that
 * could tell whether an address has an account (sign-up, sign-in, reset, resend) are the same either
 * way, in their text and, as far as the work they wait for goes, in their time (decision 014).
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      sessions: SessionService;
      mail: MailService;
      shopProfiles: ShopProfileService;
      carts: CartService;
      signInLock: SignInLock;
      afterAnswer: AfterAnswer;
    },
    private readonly settings: AccountSettings,
  ) {}

  async signUp(input: { email?: unknown; password?: unknown; password_confirmation?: unknown }, locale: Locale): Promise<{ email: string }> {
    const errors = new FieldErrors(locale);
    const email = this.checkEmail(errors, input.email);
    const password = this.checkNewPassword(errors, input.password, input.password_confirmation);
    if (!errors.empty) throw validationFailed(errors);
    const passwordHash = await hashPassword(password);
    const confirmation = newToken();
    const shop = await this.deps.shopProfiles.profile();
    await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(usersTable)
        .values({ email, passwordHash, locale, confirmationTokenHash: confirmation.hash, confirmationSentAt: new Date() })
        .onConflictDoNothing({ target: usersTable.email })
        .returning({ id: usersTable.id });
      if (created) {
        await this.queueMail(tx, shop, email, locale, "confirmation", `/${locale}/api/users/confirmation?confirmation_token=${confirmation.token}`);
      } else {
        // The address has an account: its owner hears about it, the visitor sees the usual answer.
        await this.queueMail(tx, shop, email, locale, "alreadyRegistered", "/password");
      }
    });
    this.deps.mail.kick();
    return { email };
  }

  /** Follows a confirmation link: a new account, or a changed address (reconfirmable). */
  async confirm(token: string, now = new Date()): Promise<"confirmed" | "expired" | "invalid" | "already" | "taken"> {
    if (!token) return "invalid";
    const [user] = await this.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.confirmationTokenHash, hashToken(token)));
    if (!user) return "invalid";
    if (user.confirmedAt && !user.unconfirmedEmail) return "already";
    if (!user.confirmationSentAt || now.getTime() - user.confirmationSentAt.getTime() > CONFIRM_WITHIN_MS) return "expired";
    if (user.unconfirmedEmail) {
      const [holder] = await this.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.email, user.unconfirmedEmail));
      if (holder) return "taken";
      const newEmail = user.unconfirmedEmail;
      const shop = await this.deps.shopProfiles.profile();
      await this.db.transaction(async (tx) => {
        await tx
          .update(usersTable)
          .set({ email: newEmail, unconfirmedEmail: null, confirmedAt: user.confirmedAt ?? now, updatedAt: now })
          .where(eq(usersTable.id, user.id));
        // Both addresses are told the change is done (decision 064).
        for (const to of [user.email, newEmail]) await this.queueMail(tx, shop, to, user.locale, "emailChanged", CHANGE_NOTICE_LINK, maskedEmail(newEmail));
      });
      this.deps.mail.kick();
      return "confirmed";
    }
    await this.db.update(usersTable).set({ confirmedAt: now, updatedAt: now }).where(eq(usersTable.id, user.id));
    return "confirmed";
  }

  /** Answers at once for every well-formed address; the look-up and the mail come after (AfterAnswer). */
  async resendConfirmation(rawEmail: unknown, locale: Locale): Promise<void> {
    const email = this.requireEmail(rawEmail, locale);
    this.deps.afterAnswer.run("resend confirmation", async () => {
      const user = await this.findByEmail(email);
      if (!user || (user.confirmedAt && !user.unconfirmedEmail)) return;
      await this.sendConfirmation(user, locale);
    });
  }

  async signIn(
    input: { email?: unknown; password?: unknown; remember_me?: unknown },
    context: { ip: string; guestSessionId: string; locale: Locale },
    now = new Date(),
  ): Promise<SignedIn> {
    const email = typeof input.email === "string" ? normalizeEmail(input.email) : "";
    const password = typeof input.password === "string" ? input.password : "";
    const user = email ? await this.findByEmail(email) : undefined;
    if (!user) {
      // An unknown address counts its attempts as an account does and spends a password check's
      // time, so neither the answers nor their timing tell it apart (decision 014).
      const attempt = await this.deps.signInLock.reserveUnknown("member", email, now);
      if (attempt === null) throw new DomainError("unauthorized", "signInLocked");
      await verifyAgainstNothing(password);
      throw new DomainError("unauthorized", this.deps.signInLock.failureAnswer(attempt));
    }
    // The attempt is counted before the password is checked (sign-in-lock.ts): parallel attempts
    // cannot check more passwords than the lock allows.
    const attempt = await this.reserveAttempt(user.id, now);
    if (attempt === null) throw new DomainError("unauthorized", "signInLocked");
    if (!(await verifyPassword(user.passwordHash, password))) {
      const answer = this.deps.signInLock.failureAnswer(attempt);
      // The owner's unlock mail is made after the answer, which an unknown address's lock also gives at once.
      if (answer === "signInLocked") this.deps.afterAnswer.run("unlock mail", () => this.mailUnlockLink(user, context.locale, now));
      throw new DomainError("unauthorized", answer);
    }
    if (!user.confirmedAt) {
      await this.db.update(usersTable).set({ failedAttempts: 0, lockedAt: null }).where(eq(usersTable.id, user.id));
      throw new DomainError("unauthorized", "signInUnconfirmed");
    }

    const remember = input.remember_me === true || input.remember_me === "1" || input.remember_me === "true";
    const signedIn = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(usersTable)
        .set({
          failedAttempts: 0,
          // The lock this attempt took as the last allowed one is lifted: it was the right password.
          lockedAt: null,
          signInCount: sql`${usersTable.signInCount} + 1`,
          lastSignInAt: user.currentSignInAt ?? now,
          lastSignInIp: user.currentSignInIp ?? context.ip,
          currentSignInAt: now,
          currentSignInIp: context.ip,
          locale: context.locale,
        })
        .where(eq(usersTable.id, user.id))
        .returning();
      const session = await this.deps.sessions.create(tx, user.id, remember, now);
      return { user: userResource(updated!), ...session };
    });
    // The guest's cart joins the member's, so what they picked before signing in is not lost.
    await this.deps.carts.mergeGuestCart(context.guestSessionId, user.id, context.locale);
    return signedIn;
  }

  async signOut(sessionId: string): Promise<void> {
    await this.deps.sessions.destroy(sessionId);
  }

  /**
   * My Page edits: name and phone freely; e-mail and password only with the current password. A new
   * address waits in unconfirmed_email until its confirmation link is followed.
   */
  async update(
    member: UserResource,
    input: Record<string, unknown>,
    context: { locale: Locale; sessionId: string },
  ): Promise<{ user: UserResource; messageKey: "saved" | "accountUpdated" | "accountUpdatedNeedsConfirmation" }> {
    const user = await this.mustFind(member.id);
    const errors = new FieldErrors(context.locale);
    const changes: Partial<UserRow> = {};
    if (input.user_name !== undefined) changes.userName = this.checkText(errors, "user_name", input.user_name, 100);
    if (input.tel !== undefined) changes.tel = this.checkTel(errors, input.tel);
    if (input.birth_date !== undefined) changes.birthDate = this.checkBirthDate(errors, input.birth_date, context.locale);
    // The birthday coupon's checkbox (decision 086): a form sends "on" or nothing, the API true or false.
    if (input.birthday_coupon !== undefined)
      changes.birthdayCoupon =
        input.birthday_coupon === true || input.birthday_coupon === "on" || input.birthday_coupon === "1" || input.birthday_coupon === "true";
    const wantsEmail = typeof input.email === "string" && normalizeEmail(input.email) !== user.email;
    const wantsPassword = typeof input.password === "string" && input.password !== "";
    let newEmail: string | undefined;
    let newPassword: string | undefined;
    if (wantsEmail) newEmail = this.checkEmail(errors, input.email);
    if (wantsPassword) newPassword = this.checkNewPassword(errors, input.password, input.password_confirmation);
    if (wantsEmail || wantsPassword) await this.checkCurrentPassword(errors, user, input.current_password);
    if (!errors.empty) throw validationFailed(errors);

    const now = new Date();
    if (newPassword) changes.passwordHash = await hashPassword(newPassword);
    const confirmation = newEmail ? newToken() : undefined;
    if (newEmail && confirmation) {
      changes.unconfirmedEmail = newEmail;
      changes.confirmationTokenHash = confirmation.hash;
      changes.confirmationSentAt = now;
    }
    const shop = await this.deps.shopProfiles.profile();
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(usersTable)
        .set({ ...changes, updatedAt: now })
        .where(eq(usersTable.id, user.id))
        .returning();
      if (newEmail && confirmation) {
        await this.queueMail(
          tx,
          shop,
          newEmail,
          context.locale,
          "reconfirmation",
          `/${context.locale}/api/users/confirmation?confirmation_token=${confirmation.token}`,
        );
        // The address in use hears of it too, in the member's language (decision 064): if the
        // change was not theirs, they can act before the new address is confirmed.
        await this.queueMail(tx, shop, user.email, user.locale, "emailChangeRequested", CHANGE_NOTICE_LINK, maskedEmail(newEmail));
      }
      if (newPassword) {
        await this.queueMail(tx, shop, user.email, user.locale, "passwordChanged");
        // Other devices signed in with the old password are signed out.
        await this.deps.sessions.destroyOthers(tx, user.id, context.sessionId);
      }
      return row!;
    });
    this.deps.mail.kick();
    const messageKey = newEmail ? "accountUpdatedNeedsConfirmation" : newPassword ? "accountUpdated" : "saved";
    return { user: userResource(updated), messageKey };
  }

  /** Cancels the account: personal data (profile, address, sessions, cart) goes; orders stay with the trader. */
  async cancel(member: UserResource, currentPassword: unknown, locale: Locale): Promise<void> {
    const user = await this.mustFind(member.id);
    const errors = new FieldErrors(locale);
    await this.checkCurrentPassword(errors, user, currentPassword);
    if (!errors.empty) throw validationFailed(errors);
    // Other modules let go of what they keep for the member first: the saved card (detached at the
    // payment gateway, whose failures that module logs) and the mail magazine subscription.
    for (const listener of this.cancelListeners) await listener({ id: user.id, email: user.email });
    // Rows that belong to the member cascade (sessions, address, cart); orders and inquiries stay
    // for the trader's records with their user link cleared.
    await this.db.delete(usersTable).where(eq(usersTable.id, user.id));
  }

  private readonly cancelListeners: ((member: { id: number; email: string }) => Promise<void>)[] = [];

  /** Lets another module (saved cards, mail magazine) clean up before an account is cancelled. */
  onCancel(listener: (member: { id: number; email: string }) => Promise<void>): void {
    this.cancelListeners.push(listener);
  }

  /** Answers at once for every well-formed address; the look-up, the token and the mail come after (AfterAnswer). */
  async requestPasswordReset(rawEmail: unknown, locale: Locale): Promise<void> {
    const email = this.requireEmail(rawEmail, locale);
    this.deps.afterAnswer.run("password reset", async () => {
      const user = await this.findByEmail(email);
      if (!user) return;
      const reset = newToken();
      const shop = await this.deps.shopProfiles.profile();
      await this.db.transaction(async (tx) => {
        await tx.update(usersTable).set({ resetPasswordTokenHash: reset.hash, resetPasswordSentAt: new Date() }).where(eq(usersTable.id, user.id));
        await this.queueMail(tx, shop, user.email, locale, "resetPassword", `/password/edit?reset_password_token=${reset.token}`);
      });
      this.deps.mail.kick();
    });
  }

  /** Sets a new password from a reset link (single use, 6 hours), unlocks, confirms and signs in. */
  async resetPassword(
    input: { reset_password_token?: unknown; password?: unknown; password_confirmation?: unknown },
    context: { ip: string; guestSessionId: string; locale: Locale },
    now = new Date(),
  ): Promise<SignedIn> {
    const errors = new FieldErrors(context.locale);
    const token = typeof input.reset_password_token === "string" ? input.reset_password_token : "";
    const [user] = token
      ? await this.db
          .select()
          .from(usersTable)
          .where(eq(usersTable.resetPasswordTokenHash, hashToken(token)))
      : [];
    if (!token) errors.add("reset_password_token", "blank");
    else if (!user) errors.add("reset_password_token", "invalid");
    else if (!user.resetPasswordSentAt || now.getTime() - user.resetPasswordSentAt.getTime() > RESET_PASSWORD_WITHIN_MS) {
      errors.add("reset_password_token", "expired");
    }
    const password = this.checkNewPassword(errors, input.password, input.password_confirmation);
    if (!errors.empty || !user) throw validationFailed(errors);
    const passwordHash = await hashPassword(password);
    const shop = await this.deps.shopProfiles.profile();
    await this.db.transaction(async (tx) => {
      await tx
        .update(usersTable)
        .set({
          passwordHash,
          resetPasswordTokenHash: null,
          resetPasswordSentAt: null,
          failedAttempts: 0,
          lockedAt: null,
          unlockTokenHash: null,
          // Following a link sent to the address proves it, as Devise does.
          confirmedAt: user.confirmedAt ?? now,
          updatedAt: now,
        })
        .where(eq(usersTable.id, user.id));
      await this.deps.sessions.destroyOthers(tx, user.id);
      await this.queueMail(tx, shop, user.email, user.locale, "passwordChanged");
    });
    this.deps.mail.kick();
    return this.signIn({ email: user.email, password }, context, now);
  }

  async unlock(token: string): Promise<"unlocked" | "invalid"> {
    if (!token) return "invalid";
    const [user] = await this.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.unlockTokenHash, hashToken(token)));
    if (!user) return "invalid";
    await this.unlockRow(user);
    return "unlocked";
  }

  /** Answers at once for every well-formed address; the look-up and the mail come after (AfterAnswer). */
  async resendUnlock(rawEmail: unknown, locale: Locale): Promise<void> {
    const email = this.requireEmail(rawEmail, locale);
    this.deps.afterAnswer.run("resend unlock", async () => {
      const user = await this.findByEmail(email);
      if (!user?.lockedAt || this.lockExpired(user, new Date())) return;
      const unlock = newToken();
      const shop = await this.deps.shopProfiles.profile();
      await this.db.transaction(async (tx) => {
        await tx.update(usersTable).set({ unlockTokenHash: unlock.hash }).where(eq(usersTable.id, user.id));
        await this.queueMail(tx, shop, user.email, locale, "unlock", `/${locale}/api/users/unlock?unlock_token=${unlock.token}`);
      });
      this.deps.mail.kick();
    });
  }

  // --- Lockable ---

  /** Counts the attempt and reads its number in one update (sign-in-lock.ts); null while locked. */
  private async reserveAttempt(userId: number, now: Date): Promise<number | null> {
    const lock = this.deps.signInLock;
    const [row] = await this.db
      .update(usersTable)
      .set({
        ...lock.reserveSet(usersTable, now),
        // A lock that ran out takes its unlock link with it.
        unlockTokenHash: sql`case when ${usersTable.lockedAt} is null then ${usersTable.unlockTokenHash} else null end`,
      })
      .where(and(eq(usersTable.id, userId), lock.mayAttempt(usersTable, now)))
      .returning({ failedAttempts: usersTable.failedAttempts });
    return row?.failedAttempts ?? null;
  }

  /** The wrong password that used the last attempt locked the account: its owner gets an unlock link. */
  private async mailUnlockLink(user: UserRow, locale: Locale, lockedAt: Date): Promise<void> {
    const unlock = newToken();
    const shop = await this.deps.shopProfiles.profile();
    await this.db.transaction(async (tx) => {
      // Only while the lock this attempt took still holds (a right password at the same time lifts it).
      const [locked] = await tx
        .update(usersTable)
        .set({ unlockTokenHash: unlock.hash })
        .where(and(eq(usersTable.id, user.id), eq(usersTable.lockedAt, lockedAt)))
        .returning({ id: usersTable.id });
      if (locked) await this.queueMail(tx, shop, user.email, locale, "unlock", `/${locale}/api/users/unlock?unlock_token=${unlock.token}`);
    });
    this.deps.mail.kick();
  }

  private lockExpired(user: UserRow, now: Date): boolean {
    return !this.deps.signInLock.isLocked(user.lockedAt, now);
  }

  private async unlockRow(user: UserRow): Promise<UserRow> {
    const [row] = await this.db
      .update(usersTable)
      .set({ lockedAt: null, failedAttempts: 0, unlockTokenHash: null })
      .where(eq(usersTable.id, user.id))
      .returning();
    return row!;
  }

  // --- Validation ---

  private checkEmail(errors: FieldErrors, raw: unknown): string {
    const email = typeof raw === "string" ? normalizeEmail(raw) : "";
    if (!email) errors.add("email", "blank");
    else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.add("email", "invalid");
    return email;
  }

  /** Resend and reset answer the same for every well-formed address; only a malformed one gets a 422. */
  private requireEmail(raw: unknown, locale: Locale): string {
    const errors = new FieldErrors(locale);
    const email = this.checkEmail(errors, raw);
    if (!errors.empty) throw validationFailed(errors);
    return email;
  }

  private checkNewPassword(errors: FieldErrors, raw: unknown, confirmation: unknown): string {
    const password = typeof raw === "string" ? raw : "";
    if (!password) errors.add("password", "blank");
    else if (password.length < PASSWORD_MIN_LENGTH) errors.add("password", "too_short", { count: PASSWORD_MIN_LENGTH });
    else if (password.length > PASSWORD_MAX_LENGTH) errors.add("password", "too_long", { count: PASSWORD_MAX_LENGTH });
    if (confirmation !== password) errors.add("password_confirmation", "confirmation", { attribute: "password" });
    return password;
  }

  private async checkCurrentPassword(errors: FieldErrors, user: UserRow, raw: unknown): Promise<void> {
    const current = typeof raw === "string" ? raw : "";
    if (!current) errors.add("current_password", "blank");
    else if (!(await verifyPassword(user.passwordHash, current))) errors.add("current_password", "invalid");
  }

  private checkText(errors: FieldErrors, field: "user_name", raw: unknown, max: number): string {
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value.length > max) errors.add(field, "too_long", { count: max });
    return value;
  }

  private checkTel(errors: FieldErrors, raw: unknown): string {
    // Full-width digits and hyphens are normalised; a phone number is digits with optional hyphens.
    const value = (typeof raw === "string" ? raw : "")
      .trim()
      .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
      .replace(/[ー－‐−–]/g, "-");
    if (value && !/^\+?[0-9][0-9-]{8,18}[0-9]$/.test(value)) errors.add("tel", "invalid");
    return value;
  }

  /** "" or null clears it; otherwise a date of birth the order form would take (20 or over today in Japan). */
  private checkBirthDate(errors: FieldErrors, raw: unknown, locale: Locale): string | null {
    if (raw === null || raw === "") return null;
    const value = typeof raw === "string" ? raw.trim() : "";
    const verdict = judgeOrderBirthDate(value, japanDateOf(new Date()));
    if (verdict !== "adult") errors.addText("birth_date", ORDER_BIRTH_DATE_MESSAGES[verdict === "missing" ? "invalid" : verdict][locale]);
    return value;
  }

  /**
   * The date of birth given at checkout, kept for the member's next order when the profile has none
   * (run inside the order's transaction).
   */
  async rememberBirthDate(executor: Database, userId: number, birthDate: string): Promise<void> {
    await executor
      .update(usersTable)
      .set({ birthDate })
      .where(and(eq(usersTable.id, userId), isNull(usersTable.birthDate)));
  }

  /**
   * The member an order entered by staff is for (decision 081), by their sign-in address (trimmed,
   * lower-cased as accounts keep it): id, name, phone and the date of birth on file. Null when none.
   */
  async memberForOrder(email: string): Promise<{ id: number; email: string; name: string; phone: string; birthDate: string | null } | null> {
    const normalized = normalizeEmail(email);
    if (!normalized) return null;
    const row = await this.findByEmail(normalized);
    return row ? { id: row.id, email: row.email, name: row.userName, phone: row.tel, birthDate: row.birthDate ?? null } : null;
  }

  /** Where a member's mails go (a lottery's results, decision 084): address and name by id; members gone are left out. */
  async mailContacts(ids: readonly number[], executor: Database = this.db): Promise<Map<number, { email: string; name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({ id: usersTable.id, email: usersTable.email, name: usersTable.userName })
      .from(usersTable)
      .where(inArray(usersTable.id, [...ids]));
    return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]));
  }

  // --- Helpers ---

  private async findByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(usersTable).where(eq(usersTable.email, email));
    return user;
  }

  private async mustFind(id: number): Promise<UserRow> {
    const [user] = await this.db.select().from(usersTable).where(eq(usersTable.id, id));
    if (!user) throw new DomainError("unauthorized");
    return user;
  }

  private async sendConfirmation(user: UserRow, locale: Locale): Promise<void> {
    const confirmation = newToken();
    const shop = await this.deps.shopProfiles.profile();
    await this.db.transaction(async (tx) => {
      await tx.update(usersTable).set({ confirmationTokenHash: confirmation.hash, confirmationSentAt: new Date() }).where(eq(usersTable.id, user.id));
      const kind = user.unconfirmedEmail ? "reconfirmation" : "confirmation";
      const link = `/${locale}/api/users/confirmation?confirmation_token=${confirmation.token}`;
      await this.queueMail(tx, shop, user.unconfirmedEmail ?? user.email, locale, kind, link);
    });
    this.deps.mail.kick();
  }

  /**
   * Queues a mail in the caller's transaction. The shop profile is read before the transaction:
   * PGlite has one connection, so a query outside an open transaction would wait for it forever.
   */
  private async queueMail(tx: Database, shop: ShopProfile, to: string, locale: Locale, kind: AccountMailKind, link?: string, detail?: string): Promise<void> {
    await this.deps.mail.enqueue(tx, to, accountMail(shop, this.settings.publicUrl, locale, kind, link, detail));
  }
}
