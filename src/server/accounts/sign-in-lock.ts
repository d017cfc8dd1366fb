import crypto from "node:crypto";
import { and, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { signInAttemptsTable } from "../db/schema/accounts.ts";

export interface LockRule {
  /** Wrong passwords before the lock (LOCK_MAX_ATTEMPTS, at least 2). */
  lockMaxAttempts: number;
  unlockAfterMinutes: number;
}

/** The answer to a wrong password, by the number of the attempt it used (spec §8 texts). */
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

  /**
   * Reserves an attempt for an address with no account; the attempt's number, or null while it is
   * locked. `scope` keeps the shop's and the back office's counters apart.
   */
  async reserveUnknown(scope: "member" | "staff", email: string, now: Date): Promise<number | null> {
    const table = signInAttemptsTable;
    const key = crypto.createHmac("sha256", this.keySecret).update(`${scope}\n${email}`).digest("base64url");
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
