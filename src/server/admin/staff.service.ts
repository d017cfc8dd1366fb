import crypto from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, normalizeEmail } from "../../domain/account.ts";
import type { Locale } from "../../domain/locale.ts";
import type { StaffResource, StaffRole } from "../../domain/staff.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../accounts/password.ts";
import type { SessionService } from "../accounts/session.service.ts";
import type { SignInLock } from "../accounts/sign-in-lock.ts";
import type { Database } from "../db/client.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { pendingExpired } from "./staff-two-factor.ts";
import type { StaffListEntry } from "../../domain/back-office.ts";
import type { SecondStep, StaffTwoFactor } from "./staff-two-factor.ts";

type StaffRow = typeof staffMembersTable.$inferSelect;

export interface StaffSignedIn {
  staff: StaffResource;
  sessionId: string;
}

/** A right password of an account that needs a second step: no session yet, a signed note for the browser (decision 063). */
export interface StaffPasswordPassed {
  secondStep: SecondStep;
  pendingToken: string;
}

function staffResource(row: Pick<StaffRow, "id" | "email" | "role">): StaffResource {
  return { id: row.id, email: row.email, role: row.role };
}

/**
 * Back-office accounts: sign-in with the shoppers' lock rule (the same settings: 10 wrong
 * passwords lock for an hour) counted per account and client address, so nobody can lock the
 * owner out of the owner's own address (decision 051); and creation or password reset from the
 * command line. A lock ends by itself, by the unlock mail (staff-unlock.ts) or by admin:create.
 */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly deps: { sessions: SessionService; signInLock: SignInLock; twoFactor: StaffTwoFactor },
  ) {}

  /**
   * The password step. An account with a second factor (or one that must enrol) gets a pending
   * note and no session; its lock counter is not cleared until the second step passes, so the
   * password and the codes share the attempts the lock allows.
   */
  async signIn(input: { email: string; password: string }, context: { ip: string }, now = new Date()): Promise<StaffSignedIn | StaffPasswordPassed> {
    const { email, password } = input;
    const lock = this.deps.signInLock;
    // Counted before the password is checked, in one update, whether the address is staff or not
    // (the answers do not tell): parallel attempts check at most the allowed number of passwords.
    const key = lock.staffKey(email, context.ip);
    const attempt = await lock.reserve(key, now);
    if (attempt === null) throw new DomainError("unauthorized", "signInLocked");
    const staff = email ? await this.findByEmail(email) : undefined;
    if (!staff) await verifyAgainstNothing(password);
    if (!staff || !(await verifyPassword(staff.passwordHash, password))) throw new DomainError("unauthorized", lock.failureAnswer(attempt));
    const secondStep = await this.deps.twoFactor.secondStepFor(staff);
    if (secondStep) return { secondStep, pendingToken: this.deps.twoFactor.pendingToken(staff, secondStep, now) };
    await lock.clear(key);
    return this.openSession(staff, now);
  }

  /**
   * The second step: a code (or recovery code) for the pending note's account, counted on the
   * same lock as its passwords. Passed, the counter starts again and the session opens.
   */
  async signInWithCode(pendingToken: string | undefined, code: unknown, context: { ip: string }, now = new Date()): Promise<StaffSignedIn> {
    const pending = await this.deps.twoFactor.readPending(pendingToken, now);
    if (!pending || pending.step !== "code") throw pendingExpired();
    const lock = this.deps.signInLock;
    const key = lock.staffKey(pending.staff.email, context.ip);
    const attempt = await lock.reserve(key, now);
    if (attempt === null) throw new DomainError("unauthorized", "signInLocked");
    const checked = await this.deps.twoFactor.check(pending.staff, code, now);
    if (checked !== "ok") {
      const answer = lock.failureAnswer(attempt);
      throw new DomainError("unauthorized", answer !== "signInInvalid" ? answer : checked === "replayed" ? "twoFactorReplayed" : "twoFactorInvalid");
    }
    await lock.clear(key);
    return this.openSession(pending.staff, now);
  }

  /**
   * Enrolment confirmed from a pending note (an account that had to enrol before its first
   * session): counted on the lock like a code; answers the session and the recovery codes.
   */
  async signInByEnrolling(
    pendingToken: string | undefined,
    code: unknown,
    context: { ip: string },
    now = new Date(),
  ): Promise<StaffSignedIn & { recoveryCodes: string[] }> {
    const pending = await this.deps.twoFactor.readPending(pendingToken, now);
    if (!pending || pending.step !== "enrol") throw pendingExpired();
    const lock = this.deps.signInLock;
    const key = lock.staffKey(pending.staff.email, context.ip);
    const attempt = await lock.reserve(key, now);
    if (attempt === null) throw new DomainError("unauthorized", "signInLocked");
    const recoveryCodes = await this.deps.twoFactor.confirmEnrolment(pending.staff.id, code, now);
    if (!recoveryCodes) {
      const answer = lock.failureAnswer(attempt);
      throw new DomainError("unauthorized", answer !== "signInInvalid" ? answer : "twoFactorInvalid");
    }
    await lock.clear(key);
    return { ...(await this.openSession(pending.staff, now)), recoveryCodes };
  }

  private async openSession(staff: StaffRow, now: Date): Promise<StaffSignedIn> {
    return this.db.transaction(async (tx) => {
      await tx.update(staffMembersTable).set({ lastSignInAt: now }).where(eq(staffMembersTable.id, staff.id));
      const sessionId = await this.deps.sessions.createForStaff(tx, staff.id, now);
      return { staff: staffResource(staff), sessionId };
    });
  }

  async signOut(sessionId: string): Promise<void> {
    await this.deps.sessions.destroy(sessionId);
  }

  async list(): Promise<StaffListEntry[]> {
    const rows = await this.db.select().from(staffMembersTable).orderBy(asc(staffMembersTable.id));
    const now = new Date();
    // Locked from some client address: the owner sees it, whoever's attempts took the lock.
    return Promise.all(
      rows.map(async (row) => ({
        ...staffResource(row),
        last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
        locked: await this.deps.signInLock.isStaffAccountLocked(row.email, now),
        two_factor: row.totpSecret !== null,
      })),
    );
  }

  /**
   * Creates a staff member, or gives an existing one a new password and role (and lifts a lock),
   * for `npm run admin:create`. Answers whether the account is new.
   */
  async createOrReset(
    input: { email: string; password: string; role?: StaffRole | undefined },
    locale: Locale = "en",
  ): Promise<{ staff: StaffResource; created: boolean }> {
    const errors = new FieldErrors(locale);
    const email = normalizeEmail(input.email);
    if (!email) errors.add("email", "blank");
    else if (email.length > EMAIL_MAX_LENGTH) errors.add("email", "too_long", { count: EMAIL_MAX_LENGTH });
    else if (!EMAIL_PATTERN.test(email)) errors.add("email", "invalid");
    if (input.password.length < PASSWORD_MIN_LENGTH) errors.add("password", "too_short", { count: PASSWORD_MIN_LENGTH });
    else if (input.password.length > PASSWORD_MAX_LENGTH) errors.add("password", "too_long", { count: PASSWORD_MAX_LENGTH });
    if (!errors.empty) throw validationFailed(errors);
    const passwordHash = await hashPassword(input.password);
    const existing = await this.findByEmail(email);
    // A new account is the owner unless told otherwise (the first one sets the shop up); a reset
    // keeps the role unless one is given.
    const role = input.role ?? existing?.role ?? "owner";
    const [row] = await this.db
      .insert(staffMembersTable)
      .values({ email, passwordHash, role })
      .onConflictDoUpdate({ target: staffMembersTable.email, set: { passwordHash, role } })
      .returning();
    await this.deps.signInLock.clearStaffAccount(email);
    // An owner signs in with a second factor (decision 063): one made owner here without a key
    // keeps no session opened with the password alone.
    if (row!.role === "owner" && row!.totpSecret === null) await this.deps.sessions.destroyAllOfStaff(row!.id);
    return { staff: staffResource(row!), created: !existing };
  }

  /** Account rows by id (the two-factor routes read the key's state). */
  async rows(ids: number[]): Promise<StaffRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(staffMembersTable).where(inArray(staffMembersTable.id, ids));
  }

  private async findByEmail(email: string): Promise<StaffRow | undefined> {
    const [row] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.email, email));
    return row;
  }
}

/** A password for a new staff member when none is given: 18 random bytes, 24 characters. */
export function randomStaffPassword(): string {
  return crypto.randomBytes(18).toString("base64url");
}
