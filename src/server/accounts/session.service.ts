import { and, eq, lt, sql } from "drizzle-orm";
import type { UserResource } from "../../domain/account.ts";
import type { StaffResource } from "../../domain/staff.ts";
import type { Database } from "../db/client.ts";
import { sessionsTable, usersTable } from "../db/schema/accounts.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import { newSignedInSessionId } from "./session-id.ts";
import { hashToken } from "../link-tokens.ts";

export const REMEMBER_DAYS = 14;
/** last_seen_at is written at most this often, so a busy member does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** NOTIFY channel of every change to `users` and `sessions` (a trigger, migration 0022). */
export const ACCOUNTS_CHANGED_CHANNEL = "kura_accounts_changed";

/** A session row belongs to a member or to a staff member (the back office), never both. */
export type SessionLookup =
  | { user: UserResource; staff: null; rememberUntil: Date | null }
  | { user: null; staff: StaffResource; rememberUntil: null }
  | { user: null; staff: null; expired: boolean };

export function userResource(row: typeof usersTable.$inferSelect): UserResource {
  return {
    id: row.id,
    email: row.email,
    user_name: row.userName,
    tel: row.tel,
    birth_date: row.birthDate ?? null,
    birthday_coupon: row.birthdayCoupon,
    unconfirmed_email: row.unconfirmedEmail,
  };
}

/**
 * Signed-in sessions (Devise's rememberable and timeoutable): a session idle longer than the timeout
 * ends, unless it was started with remember_me, which keeps it for two weeks.
 */
export class SessionService {
  /** Members' sessions looked up within `cacheMs`, by id hash (see `lookup`). */
  private readonly members = new Map<string, { found: SessionLookup; until: number }>();
  /** Bumped by every change, so a lookup that began before a change is never kept after it. */
  private generation = 0;
  private readonly forgotten: { payload: string | undefined; resolve: () => void }[] = [];

  constructor(
    private readonly db: Database,
    private readonly timeoutMinutes: number,
    /**
     * How long a member's session, once looked up, is answered from memory (0: never). Only for a
     * process that calls `forgetLookups` on every ACCOUNTS_CHANGED_CHANNEL notification (app.ts).
     */
    private readonly cacheMs = 0,
  ) {}

  /**
   * Forgets every member session looked up: called for every change to a member or a session, in
   * any process (the trigger's NOTIFY), and at once for this process's own sign-outs.
   */
  forgetLookups(payload = ""): void {
    this.generation += 1;
    this.members.clear();
    for (const waiter of this.forgotten.filter((each) => each.payload === undefined || each.payload === payload)) {
      this.forgotten.splice(this.forgotten.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  /**
   * Settles at the next forgetLookups, or at the one for the notification carrying `payload`: a test
   * waits on it for another process's change to arrive (NOTIFY is asynchronous on PostgreSQL). A test
   * waiting for "everything sent so far" sends a notification of its own and waits for that one: the
   * next forget may be an earlier change's notification still on its way.
   */
  whenForgotten(payload?: string): Promise<void> {
    return new Promise((resolve) => this.forgotten.push({ payload, resolve }));
  }

  /**
   * The signed-in member or staff member of a session. A member's lookup is the one query every
   * request of a signed-in member waits for (a three-table join: on the embedded database it
   * bounded members' pages, decision 044), so with `cacheMs` it is kept that long; any change to
   * `users` or `sessions` forgets it (forgetLookups). last_seen_at is written at most once a
   * minute anyway, so a few seconds from memory do not move the idle timeout.
   *
   * Only a caller passing `fromMemory` is answered from memory: the catalogue pages (http/session.ts),
   * which show nothing of the member but the header. Another process's change reaches this one by
   * NOTIFY, which PostgreSQL delivers a moment after the commit, so everything else — every API
   * call, My Page, checkout, the back office — reads the database and sees a change at once.
   */
  async lookup(sessionId: string, now = new Date(), { fromMemory = false }: { fromMemory?: boolean } = {}): Promise<SessionLookup> {
    const idHash = hashToken(sessionId);
    if (this.cacheMs > 0 && fromMemory) {
      const kept = this.members.get(idHash);
      if (kept && kept.until > now.getTime()) return kept.found;
      if (kept) this.members.delete(idHash);
    }
    const generation = this.generation;
    const found = await this.lookupInDatabase(idHash, now);
    if (this.cacheMs > 0 && found.user && generation === this.generation) {
      this.members.set(idHash, { found, until: now.getTime() + this.cacheMs });
    }
    return found;
  }

  private async lookupInDatabase(idHash: string, now: Date): Promise<SessionLookup> {
    const [row] = await this.db
      .select({
        session: sessionsTable,
        user: usersTable,
        staff: { id: staffMembersTable.id, email: staffMembersTable.email, role: staffMembersTable.role },
      })
      .from(sessionsTable)
      .leftJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
      .leftJoin(staffMembersTable, eq(staffMembersTable.id, sessionsTable.staffId))
      .where(eq(sessionsTable.idHash, idHash));
    if (!row || (!row.user && !row.staff)) return { user: null, staff: null, expired: false };
    const { session } = row;
    const remembered = session.rememberUntil !== null && session.rememberUntil > now;
    const idleSince = now.getTime() - session.lastSeenAt.getTime();
    if (!remembered && idleSince > this.timeoutMinutes * 60_000) {
      await this.db.delete(sessionsTable).where(eq(sessionsTable.idHash, idHash));
      return { user: null, staff: null, expired: true };
    }
    if (idleSince > TOUCH_EVERY_MS) {
      await this.db.update(sessionsTable).set({ lastSeenAt: now }).where(eq(sessionsTable.idHash, idHash));
    }
    if (row.staff) return { user: null, staff: row.staff, rememberUntil: null };
    return { user: userResource(row.user!), staff: null, rememberUntil: remembered ? session.rememberUntil : null };
  }

  /** Starts a signed-in session under a new id (the caller sets the cookie). */
  async create(executor: Database, userId: number, remember: boolean, now = new Date()): Promise<{ sessionId: string; rememberUntil: Date | null }> {
    const sessionId = newSignedInSessionId();
    const rememberUntil = remember ? new Date(now.getTime() + REMEMBER_DAYS * 86_400_000) : null;
    await executor.insert(sessionsTable).values({ idHash: hashToken(sessionId), userId, rememberUntil, createdAt: now, lastSeenAt: now });
    return { sessionId, rememberUntil };
  }

  /** Starts a back-office session under a new id (the caller sets the cookie); it never remembers. */
  async createForStaff(executor: Database, staffId: number, now = new Date()): Promise<string> {
    const sessionId = newSignedInSessionId();
    await executor.insert(sessionsTable).values({ idHash: hashToken(sessionId), staffId, createdAt: now, lastSeenAt: now });
    return sessionId;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.delete(sessionsTable).where(eq(sessionsTable.idHash, hashToken(sessionId)));
    // The trigger's NOTIFY does the same for every process; this one need not wait for it.
    this.forgetLookups();
  }

  /** Ends every session of a staff member (made an owner without a second factor). */
  async destroyAllOfStaff(staffId: number): Promise<void> {
    await this.db.delete(sessionsTable).where(eq(sessionsTable.staffId, staffId));
    this.forgetLookups();
  }

  /** Ends every other session of a member (after a password change or reset). */
  async destroyOthers(executor: Database, userId: number, keepSessionId?: string): Promise<void> {
    const keep = keepSessionId ? hashToken(keepSessionId) : "";
    await executor.delete(sessionsTable).where(and(eq(sessionsTable.userId, userId), sql`${sessionsTable.idHash} <> ${keep}`));
    // Inside a transaction the trigger's NOTIFY comes at commit; forgetting now as well is harmless.
    this.forgetLookups();
  }

  /** Old rows of sessions nobody came back to. */
  async sweep(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - REMEMBER_DAYS * 86_400_000);
    await this.db.delete(sessionsTable).where(lt(sessionsTable.lastSeenAt, cutoff));
  }
}
