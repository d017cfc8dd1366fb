import { and, desc, eq, type SQL } from "drizzle-orm";
import type { AccountService } from "./account.service.ts";
import type { SessionService } from "./session.service.ts";
import type { Database } from "../db/client.ts";
import { usersTable } from "../db/schema/accounts.ts";
import { DomainError } from "../../domain/errors.ts";
import type { AdminMember } from "../../domain/back-office.ts";
import { pagination, withPage } from "../db/paging.ts";
import { anyContains } from "../db/search.ts";

export const ADMIN_MEMBERS_PER_PAGE = 20;

type UserRow = typeof usersTable.$inferSelect;

/**
 * Members as the trader sees them: search, confirmation and lock state, sign-ins; lock, unlock and
 * a new confirmation mail. The lock is the members' own rule (AccountService): a locked member
 * cannot sign in until the lock ends after UNLOCK_AFTER_MINUTES or staff lift it; locking also ends
 * the member's sessions. The confirmation mail goes through AccountService, in the member's language.
 */
export class AdminMembersService {
  constructor(
    private readonly db: Database,
    private readonly deps: { accounts: AccountService; sessions: SessionService },
    private readonly settings: { unlockAfterMinutes: number },
  ) {}

  async list(filters: { q?: string | undefined; page: number }, now = new Date()) {
    const conditions: SQL[] = [];
    const q = filters.q?.trim();
    if (q) conditions.push(anyContains(q, [usersTable.email, usersTable.userName, usersTable.tel]));
    const where = and(...conditions);
    const totalCount = await this.db.$count(usersTable, where);
    const rows = await withPage(
      this.db.select().from(usersTable).where(where).orderBy(desc(usersTable.createdAt), desc(usersTable.id)).$dynamic(),
      filters.page,
      ADMIN_MEMBERS_PER_PAGE,
    );
    return {
      data: rows.map((row) => this.memberOf(row, now)),
      meta: { pagination: pagination(filters.page, totalCount, ADMIN_MEMBERS_PER_PAGE) },
    };
  }

  async detail(id: number, now = new Date()): Promise<AdminMember> {
    return this.memberOf(await this.mustFind(id), now);
  }

  /** Locks the account now and signs the member out everywhere. */
  async lock(id: number, now = new Date()): Promise<AdminMember> {
    await this.mustFind(id);
    await this.db.transaction(async (tx) => {
      await tx.update(usersTable).set({ lockedAt: now, updatedAt: now }).where(eq(usersTable.id, id));
      await this.deps.sessions.destroyOthers(tx, id);
    });
    return this.detail(id, now);
  }

  /** Lifts a lock (staff's or the wrong-password one) and forgets the failed attempts and the mailed unlock link. */
  async unlock(id: number, now = new Date()): Promise<AdminMember> {
    await this.mustFind(id);
    await this.db.update(usersTable).set({ lockedAt: null, failedAttempts: 0, unlockTokenHash: null, updatedAt: now }).where(eq(usersTable.id, id));
    return this.detail(id, now);
  }

  /** Sends a new confirmation link (to the pending address after an e-mail change), in the member's language. */
  async resendConfirmation(id: number): Promise<AdminMember> {
    const member = await this.mustFind(id);
    if (member.confirmedAt && !member.unconfirmedEmail) throw new DomainError("conflict", "memberAlreadyConfirmed");
    await this.deps.accounts.resendConfirmation(member.email, member.locale);
    return this.detail(id);
  }

  private memberOf(row: UserRow, now: Date): AdminMember {
    const lockEnds = row.lockedAt ? new Date(row.lockedAt.getTime() + this.settings.unlockAfterMinutes * 60_000) : null;
    const locked = lockEnds !== null && lockEnds > now;
    return {
      id: row.id,
      email: row.email,
      user_name: row.userName,
      tel: row.tel,
      locale: row.locale,
      created_at: row.createdAt.toISOString(),
      confirmed: row.confirmedAt !== null,
      unconfirmed_email: row.unconfirmedEmail,
      locked,
      locked_until: locked ? lockEnds.toISOString() : null,
      failed_attempts: row.failedAttempts,
      sign_in_count: row.signInCount,
      last_sign_in_at: row.currentSignInAt?.toISOString() ?? null,
    };
  }

  private async mustFind(id: number): Promise<UserRow> {
    const [row] = await this.db.select().from(usersTable).where(eq(usersTable.id, id));
    if (!row) throw new DomainError("not-found");
    return row;
  }
}
