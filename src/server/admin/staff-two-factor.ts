import crypto from "node:crypto";
import { and, eq, isNull, or, lt, inArray } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import qrcode from "qrcode-generator";
import type { StaffRole } from "../../domain/staff.ts";
import { DomainError } from "../../domain/errors.ts";
import type { SessionService } from "../accounts/session.service.ts";
import type { Database } from "../db/client.ts";
import { sessionsTable } from "../db/schema/accounts.ts";
import { backOfficeSecurityTable, staffMembersTable, staffRecoveryCodesTable } from "../db/schema/staff.ts";

type StaffRow = typeof staffMembersTable.$inferSelect;

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Codes of the step before and after the current one are taken too (a phone's clock a little off). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the state between the password and the second step lasts (enrolment included). */
export const PENDING_SIGN_IN_MS = 10 * 60_000;
/** The cookie of that state: a signed note, not a session (nothing of the back office opens with it). */
export const PENDING_COOKIE = "kura_staff_pending";
/** Crockford's base32 without the letters read as digits: 10 characters are 50 random bits. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** What a signed-in password still needs: a code, or enrolment first (an owner, or everyone when the owner asks it). */
export type SecondStep = "code" | "enrol";

export interface PendingSignIn {
  staff: StaffRow;
  step: SecondStep;
}

export interface Enrolment {
  /** The key as text (base32), for typing into an app that cannot scan. */
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a QR code: an SVG drawn on the server, no script, no image request. */
  qr_svg: string;
}

export type CodeCheck = "ok" | "invalid" | "replayed";

function totpOf(secret: string, label = "", issuer = ""): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The current code of a key (tests and the command line compute it as an app would). */
export function totpCode(secret: string, now = new Date()): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(`kura-recovery\n${code}`).digest("hex");
}

/** A typed recovery code as stored: lower case, without spaces or hyphens, o read as 0 and i, l as 1. */
function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
}

function newRecoveryCode(): string {
  let code = "";
  for (let index = 0; index < 10; index++) code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Two-factor sign-in for the back office (decision 063): TOTP keys (RFC 6238) with ten one-time
 * recovery codes, required for owners and, when the owner asks, for all staff. Between the
 * password and the code the browser holds a signed note (`PENDING_COOKIE`: the staff member's id,
 * the step, an expiry, and an HMAC over them with the account's password hash and key, so a new
 * password or a reset voids it); no session exists until the second step is passed.
 */
export class StaffTwoFactor {
  private readonly key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly deps: { sessions: SessionService },
    secret: string,
  ) {
    this.key = crypto.createHmac("sha256", secret).update("staff-two-factor").digest();
  }

  /** Whether every staff member (not only owners) must sign in with a second factor. */
  async requiredForAll(): Promise<boolean> {
    const [row] = await this.db
      .select({ required: backOfficeSecurityTable.requireTwoFactor })
      .from(backOfficeSecurityTable)
      .where(eq(backOfficeSecurityTable.id, 1));
    return row?.required ?? false;
  }

  async isRequired(role: StaffRole): Promise<boolean> {
    return role === "owner" || (await this.requiredForAll());
  }

  /** What a right password leads to: a session (null), a code, or enrolment. */
  async secondStepFor(staff: StaffRow): Promise<SecondStep | null> {
    if (staff.totpSecret) return "code";
    return (await this.isRequired(staff.role)) ? "enrol" : null;
  }

  pendingToken(staff: StaffRow, step: SecondStep, now = new Date()): string {
    const expires = now.getTime() + PENDING_SIGN_IN_MS;
    return `${staff.id}.${step}.${expires}.${this.signature(staff, step, expires)}`;
  }

  /** The staff member and step of a pending note, or null when it is missing, expired, forged or void. */
  async readPending(token: string | undefined, now = new Date()): Promise<PendingSignIn | null> {
    const match = token ? /^(\d{1,10})\.(code|enrol)\.(\d{1,15})\.([\w-]{43})$/.exec(token) : null;
    if (!match) return null;
    const id = Number(match[1]);
    const step = match[2] as SecondStep;
    const expires = Number(match[3]);
    if (expires < now.getTime() || id > 2_147_483_647) return null;
    const [staff] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, id));
    if (!staff) return null;
    const expected = Buffer.from(this.signature(staff, step, expires));
    if (!crypto.timingSafeEqual(expected, Buffer.from(match[4]!))) return null;
    return { staff, step };
  }

  private signature(staff: StaffRow, step: SecondStep, expires: number): string {
    return crypto
      .createHmac("sha256", this.key)
      .update(`${staff.id}\n${step}\n${expires}\n${staff.passwordHash}\n${staff.totpSecret ?? ""}`)
      .digest("base64url");
  }

  /**
   * Checks a code typed at the second step: six digits against the key (each 30-second step taken
   * once: a code of a step already used, or of an earlier one, is "replayed"), otherwise a recovery
   * code, which is used up.
   */
  async check(staff: StaffRow, typed: unknown, now = new Date()): Promise<CodeCheck> {
    if (typeof typed !== "string" || !staff.totpSecret) return "invalid";
    const digits = typed.replace(/[\s-]/g, "");
    if (/^\d{6}$/.test(digits)) return this.checkTotp(staff.id, staff.totpSecret, digits, now);
    const recovery = normalizeRecoveryCode(typed);
    if (!/^[0-9a-z]{10}$/.test(recovery)) return "invalid";
    const used = await this.db
      .update(staffRecoveryCodesTable)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodesTable.staffId, staff.id),
          eq(staffRecoveryCodesTable.codeHash, hashRecoveryCode(recovery)),
          isNull(staffRecoveryCodesTable.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodesTable.id });
    return used.length > 0 ? "ok" : "invalid";
  }

  private async checkTotp(staffId: number, secret: string, code: string, now: Date): Promise<CodeCheck> {
    const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
    if (delta === null) return "invalid";
    const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
    // One update decides, so two requests with the same code cannot both pass.
    const taken = await this.db
      .update(staffMembersTable)
      .set({ totpLastStep: step })
      .where(and(eq(staffMembersTable.id, staffId), or(isNull(staffMembersTable.totpLastStep), lt(staffMembersTable.totpLastStep, step))))
      .returning({ id: staffMembersTable.id });
    return taken.length > 0 ? "ok" : "replayed";
  }

  /** A new key to enrol with (replacing one shown before and not confirmed), its otpauth URI and QR code. */
  async startEnrolment(staff: StaffRow, issuer: string): Promise<Enrolment> {
    const secret = newTotpSecret();
    await this.db.update(staffMembersTable).set({ totpPendingSecret: secret }).where(eq(staffMembersTable.id, staff.id));
    return this.enrolmentOf(secret, staff.email, issuer);
  }

  /** The key shown and not yet confirmed, if any. */
  async pendingEnrolment(staffId: number, issuer: string): Promise<Enrolment | null> {
    const [row] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, staffId));
    return row?.totpPendingSecret ? this.enrolmentOf(row.totpPendingSecret, row.email, issuer) : null;
  }

  private enrolmentOf(secret: string, email: string, issuer: string): Enrolment {
    const uri = totpOf(secret, email, issuer).toString();
    const qr = qrcode(0, "M");
    qr.addData(uri);
    qr.make();
    return { secret, otpauth_uri: uri, qr_svg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }) };
  }

  /**
   * Confirms enrolment with a code of the key shown: the key becomes the account's, the step of
   * the code is spent, and ten new recovery codes replace any old ones. Answers them, in clear,
   * this once; or null when the code does not match (or there is no key shown).
   */
  async confirmEnrolment(staffId: number, typed: unknown, now = new Date()): Promise<string[] | null> {
    const [row] = await this.db.select().from(staffMembersTable).where(eq(staffMembersTable.id, staffId));
    const secret = row?.totpPendingSecret;
    const code = typeof typed === "string" ? typed.replace(/[\s-]/g, "") : "";
    if (!row || !secret || !/^\d{6}$/.test(code)) return null;
    const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
    if (delta === null) return null;
    const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return this.db.transaction(async (tx) => {
      const enabled = await tx
        .update(staffMembersTable)
        .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
        .where(and(eq(staffMembersTable.id, staffId), eq(staffMembersTable.totpPendingSecret, secret)))
        .returning({ id: staffMembersTable.id });
      if (enabled.length === 0) return null;
      await tx.delete(staffRecoveryCodesTable).where(eq(staffRecoveryCodesTable.staffId, staffId));
      await tx
        .insert(staffRecoveryCodesTable)
        .values(codes.map((each) => ({ staffId, codeHash: hashRecoveryCode(normalizeRecoveryCode(each)), createdAt: now })));
      return codes;
    });
  }

  /** Recovery codes not used yet. */
  async recoveryCodesLeft(staffId: number): Promise<number> {
    const rows = await this.db
      .select({ id: staffRecoveryCodesTable.id })
      .from(staffRecoveryCodesTable)
      .where(and(eq(staffRecoveryCodesTable.staffId, staffId), isNull(staffRecoveryCodesTable.usedAt)));
    return rows.length;
  }

  /**
   * Removes an account's second factor (another owner's reset, or the command line): key, shown
   * key, recovery codes, and every session of the account, so it signs in (and, if it must,
   * enrols) again.
   */
  async reset(staffId: number): Promise<boolean> {
    const done = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(staffMembersTable)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(staffMembersTable.id, staffId))
        .returning({ id: staffMembersTable.id });
      if (rows.length === 0) return false;
      await tx.delete(staffRecoveryCodesTable).where(eq(staffRecoveryCodesTable.staffId, staffId));
      await tx.delete(sessionsTable).where(eq(sessionsTable.staffId, staffId));
      return true;
    });
    this.deps.sessions.forgetLookups();
    return done;
  }

  /** Ends the sessions of staff members without a second factor (when the owner starts requiring it for all). */
  async endSessionsWithoutSecondFactor(): Promise<void> {
    const without = this.db.select({ id: staffMembersTable.id }).from(staffMembersTable).where(isNull(staffMembersTable.totpSecret));
    await this.db.delete(sessionsTable).where(inArray(sessionsTable.staffId, without));
    this.deps.sessions.forgetLookups();
  }
}

/** Raised for a second step without a valid pending note: the password must be typed again. */
export function pendingExpired(): DomainError {
  return new DomainError("unauthorized", "twoFactorExpired");
}
