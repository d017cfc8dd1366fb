import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { signInAttemptsTable } from "../db/schema/accounts.ts";

export interface LockRule {
  /** Wrong passwords before the lock (LOCK_MAX_ATTEMPTS, at least 2). */
  lockMaxAttempts: number;
  unlockAfterMinutes: number;
}

/** The answer to a wrong password, by the number of the attempt it used. */
export type FailedSignIn = "signInInvalid" | "signInLastAttempt" | "signInLocked";

/** The lockable columns, which users, staff_members and sign_in_attempts share by name. */
export interface LockColumns {
  failedAttempts: PgColumn;
  lockedAt: PgColumn;
}

/** Counters of addresses without an account are forgotten after a month without attempts. */
export const FORGET_UNKNOWN_AFTER_DAYS = 30;

/**
 * Devise's lockable rule, made safe under parallel requests: an attempt is reserved (the counter
 * incremented and read back) in one row update before its password is checked, and the attempt
 * that reaches the limit locks in that same update. So however many sign-ins arrive at once, at
 * most `lockMaxAttempts` passwords are checked before the lock, and the right password among
 * later ones is refused. A right password resets the counter. An expired lock is lifted by the
 * next attempt's reservation, which counts as the first of a new series.
 *
 * Addresses with no account count in `sign_in_attempts` by the same rule, so the warning before
 * the last attempt and the lock message do not tell which addresses have accounts.
 *
 * Back-office sign-ins count there too, per account and client address (decision 051): a
 * stranger's wrong passwords lock the owner out of the stranger's address only, never out of the
 * owner's own.
 */
export class SignInLock {
  private readonly keySecret: Buffer;

  constructor(
    private readonly db: Database,
    private readonly rule: LockRule,
    secret: string,
  ) {
    this.keySecret = crypto.createHmac("sha256", secret).update("sign-in-attempts").digest();
  }

  /** SET clause of a reservation: the next attempt's number, and the lock if it is the last allowed one. */
  reserveSet(columns: LockColumns, now: Date): { failedAttempts: SQL; lockedAt: SQL } {
    const next = sql`(case when ${columns.lockedAt} is not null then 1 else ${columns.failedAttempts} + 1 end)`;
    return {
      failedAttempts: next,
      lockedAt: sql`case when ${next} >= ${this.rule.lockMaxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    };
  }

  /** Rows that may take an attempt: not locked with room left, or locked long enough ago. */
  mayAttempt(columns: LockColumns, now: Date): SQL {
    return or(
      and(isNull(columns.lockedAt), lt(columns.failedAttempts, this.rule.lockMaxAttempts)),
      lte(columns.lockedAt, sql`${this.lockStartedBefore(now).toISOString()}::timestamptz`),
    )!;
  }

  /** What a wrong password on attempt number `attempt` answers (Devise: warn on the one before the last). */
  failureAnswer(attempt: number): FailedSignIn {
    if (attempt >= this.rule.lockMaxAttempts) return "signInLocked";
    return attempt === this.rule.lockMaxAttempts - 1 ? "signInLastAttempt" : "signInInvalid";
  }

  /** Whether a lock taken at `lockedAt` still holds at `now`. */
  isLocked(lockedAt: Date | null, now: Date): boolean {
    return lockedAt !== null && lockedAt.getTime() > this.lockStartedBefore(now).getTime();
  }

  /** Reserves an attempt for a shop sign-in address with no account; the attempt's number, or null while it is locked. */
  async reserveUnknown(scope: "member", email: string, now: Date): Promise<number | null> {
    return this.reserve(this.keyOf(`${scope}\n${email}`), now);
  }

  /**
   * The counter of back-office sign-ins to one address (an account or not) from one client
   * address: the account's part first, so that all of an account's counters can be found.
   */
  staffKey(email: string, clientAddress: string): string {
    return `${this.staffAccountKey(email)}.${this.keyOf(`client\n${clientAddress}`)}`;
  }

  /** A right password: this counter starts again (the lock its last allowed attempt took included). */
  async clear(key: string): Promise<void> {
    await this.db.delete(signInAttemptsTable).where(eq(signInAttemptsTable.key, key));
  }

  /** Lifts every lock of a back-office account, from every client address (unlock mail, admin:create). */
  async clearStaffAccount(email: string): Promise<void> {
    await this.db.delete(signInAttemptsTable).where(this.ofStaffAccount(email));
  }

  /** Whether a back-office account is locked from some client address now (the staff list says so). */
  async isStaffAccountLocked(email: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ key: signInAttemptsTable.key })
      .from(signInAttemptsTable)
      .where(and(this.ofStaffAccount(email), gt(signInAttemptsTable.lockedAt, this.lockStartedBefore(now))))
      .limit(1);
    return row !== undefined;
  }

  private ofStaffAccount(email: string): SQL {
    const prefix = `${this.staffAccountKey(email)}.`;
    return sql`left(${signInAttemptsTable.key}, ${prefix.length}) = ${prefix}`;
  }

  private staffAccountKey(email: string): string {
    return this.keyOf(`staff\n${email}`);
  }

  private keyOf(text: string): string {
    return crypto.createHmac("sha256", this.keySecret).update(text).digest("base64url");
  }

  /** Reserves an attempt on one counter of sign_in_attempts (a staffKey, or an unknown address's); its number, or null while locked. */
  async reserve(key: string, now: Date): Promise<number | null> {
    const table = signInAttemptsTable;
    const at = sql`${now.toISOString()}::timestamptz`;
    const set = this.reserveSet(table, now);
    // One statement that, like an account's reservation, writes nothing while the address is locked
    // (an upsert would lock the row, and its commit would wait for the disk: a slower answer for
    // unknown addresses only). A first attempt racing another first attempt finds neither row nor
    // room and looks again.
    for (let round = 0; round < 3; round++) {
      const result = await this.db.execute(sql`
        with updated as (
          update ${table} set failed_attempts = ${set.failedAttempts}, locked_at = ${set.lockedAt}, last_attempt_at = ${at}
          where ${table.key} = ${key} and ${this.mayAttempt(table, now)}
          returning failed_attempts),
        inserted as (
          insert into ${table} (key, failed_attempts, last_attempt_at)
          select ${key}, 1, ${at} where not exists (select 1 from ${table} where ${table.key} = ${key})
          on conflict (key) do nothing
          returning failed_attempts)
        select (select failed_attempts from updated) as counted, (select failed_attempts from inserted) as first,
          exists (select 1 from ${table} where ${table.key} = ${key}) as existed`);
      // Both drivers answer { rows }; the shared database type leaves the result untyped.
      const [row] = (result as unknown as { rows: { counted: number | null; first: number | null; existed: boolean }[] }).rows;
      // Old counters are dead weight; sweep now and then instead of on a timer, as rate limits do.
      if (round === 0 && Math.random() < 0.01) void this.forgetOldUnknown(now).catch(() => undefined);
      if (row?.counted != null) return Number(row.counted);
      // The first attempt never locks: LOCK_MAX_ATTEMPTS is at least 2.
      if (row?.first != null) return Number(row.first);
      if (row?.existed) return null;
    }
    return null;
  }

  /** Forgets counters of unknown addresses untried for a month (and not under a running lock). */
  async forgetOldUnknown(now: Date): Promise<void> {
    const table = signInAttemptsTable;
    const before = new Date(now.getTime() - FORGET_UNKNOWN_AFTER_DAYS * 86_400_000);
    await this.db.delete(table).where(and(lt(table.lastAttemptAt, before), or(isNull(table.lockedAt), lte(table.lockedAt, this.lockStartedBefore(now)))));
  }

  private lockStartedBefore(now: Date): Date {
    return new Date(now.getTime() - this.rule.unlockAfterMinutes * 60_000);
  }
}
