import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql, sum, count } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import type { EarningLine, PointAdjustment, PointEntryKind, PointSettings } from "../../domain/points.ts";
import {
  DEFAULT_POINT_SETTINGS,
  memberPointRate,
  POINT_REFUSALS,
  pointsCap,
  pointsExpiryDate,
  pointsShare,
  pointsUseRefusal,
  pointsUseRefusalText,
} from "../../domain/points.ts";
import { japanDateString } from "../../domain/coupons.ts";
import type { CouponDiscountLine } from "../../domain/coupons.ts";
import type { Database } from "../db/client.ts";
import { orderPointsTable, pointBalancesTable, pointLedgerTable, pointSettingsTable } from "../db/schema/points.ts";

/**
 * The seam for member ranks (issue 34 item 3): the member's earning rate in percent from their rank,
 * or null when their rank gives none (then the shop's base rate applies). Read in the order's
 * transaction. The ranks module provides it at merge; without it every member earns the base rate.
 */
export type PointRateFor = (memberId: number, tx: Database) => Promise<number | null>;

export interface PointBalance {
  balance: number;
  /** Japan date the whole balance expires on (null: nothing to expire). */
  expiresOn: string | null;
}

export interface PointEntry {
  id: number;
  kind: PointEntryKind;
  points: number;
  orderId: number | null;
  reason: string;
  staffId: number | null;
  expiresOn: string | null;
  createdAt: Date;
}

/** What an order's points are, for its mail and pages. */
export interface OrderPoints {
  used: number;
  usedStanding: number;
  toEarn: number;
  earnedStanding: number;
  granted: boolean;
}

/** The SQLSTATE of a failed query, the driver's error or the one it wraps. */
function sqlStateOf(error: unknown): string | undefined {
  for (let each: unknown = error, depth = 0; each && depth < 4; each = (each as { cause?: unknown }).cause, depth += 1) {
    const code = (each as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function fieldRefusal(field: string, text: string): DomainError {
  return new DomainError("invalid", undefined, { [field]: [text] }, [text]);
}

/**
 * Points (decision 089): the member's balance row (locked for every change), the ledger written with
 * it in the same transaction, each order's points (used when placed, earned once when paid or
 * shipped, taken back and given back when cancelled or returned), the expiry sweep and staff's
 * grants and removals.
 */
export class PointsService {
  constructor(
    private readonly db: Database,
    private readonly deps: { rateFor?: PointRateFor | undefined } = {},
  ) {}

  async settings(executor: Database = this.db): Promise<PointSettings> {
    const [row] = await executor.select().from(pointSettingsTable).where(eq(pointSettingsTable.id, 1));
    return row
      ? { baseRatePercent: row.baseRatePercent, grantOn: row.grantOn, expiryMonths: row.expiryMonths, onCharges: row.onCharges }
      : { ...DEFAULT_POINT_SETTINGS };
  }

  async saveSettings(settings: PointSettings): Promise<PointSettings> {
    const values = { ...settings, updatedAt: new Date() };
    await this.db
      .insert(pointSettingsTable)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: pointSettingsTable.id, set: values });
    return this.settings();
  }

  /** The member's earning rate: their rank's (the injected seam), else the shop's base rate. */
  async rateOf(tx: Database, memberId: number | null, settings?: PointSettings): Promise<number> {
    const base = (settings ?? (await this.settings(tx))).baseRatePercent;
    // A base rate of 0 is the trader turning points off: no rank's rate applies then (decision 089).
    if (memberId === null || base === 0) return base;
    return memberPointRate(base, this.deps.rateFor ? await this.deps.rateFor(memberId, tx) : null);
  }

  /** The member's earning rate read outside an order (the pages' 獲得予定ポイント): rateOf on its own. */
  async memberRate(memberId: number, settings?: PointSettings): Promise<number> {
    return this.rateOf(this.db, memberId, settings);
  }

  async balanceOf(memberId: number, executor: Database = this.db): Promise<PointBalance> {
    const [row] = await executor.select().from(pointBalancesTable).where(eq(pointBalancesTable.userId, memberId));
    return { balance: row?.balance ?? 0, expiresOn: row && row.balance > 0 ? row.expiresOn : null };
  }

  async history(memberId: number, limit = 200): Promise<PointEntry[]> {
    return this.db
      .select({
        id: pointLedgerTable.id,
        kind: pointLedgerTable.kind,
        points: pointLedgerTable.points,
        orderId: pointLedgerTable.orderId,
        reason: pointLedgerTable.reason,
        staffId: pointLedgerTable.staffId,
        expiresOn: pointLedgerTable.expiresOn,
        createdAt: pointLedgerTable.createdAt,
      })
      .from(pointLedgerTable)
      .where(eq(pointLedgerTable.userId, memberId))
      .orderBy(desc(pointLedgerTable.createdAt), desc(pointLedgerTable.id))
      .limit(limit);
  }

  async orderPoints(orderId: number, executor: Database = this.db): Promise<OrderPoints | null> {
    const [row] = await executor.select().from(orderPointsTable).where(eq(orderPointsTable.orderId, orderId));
    return row
      ? { used: row.used, usedStanding: row.usedStanding, toEarn: row.toEarn, earnedStanding: row.earnedStanding, granted: row.grantedAt !== null }
      : null;
  }

  /** What the order mail says of an order's points: used, to be earned, and when. */
  async forMail(tx: Database, orderId: number): Promise<{ used: number; toEarn: number; grantOn: "paid" | "shipped" } | null> {
    const row = await this.orderPoints(orderId, tx);
    if (!row) return null;
    return { used: row.used, toEarn: row.toEarn, grantOn: (await this.settings(tx)).grantOn };
  }

  /** The member's balance row, made if missing and locked: every change of a balance queues here. */
  private async lockBalance(tx: Database, memberId: number): Promise<{ balance: number; expiresOn: string | null }> {
    await tx.insert(pointBalancesTable).values({ userId: memberId }).onConflictDoNothing();
    const [row] = await tx.select().from(pointBalancesTable).where(eq(pointBalancesTable.userId, memberId)).for("update");
    return { balance: row!.balance, expiresOn: row!.expiresOn };
  }

  /** One ledger row and the balance moved by it (the balance's check refuses going below zero). */
  private async post(
    tx: Database,
    entry: {
      userId: number;
      kind: PointEntryKind;
      points: number;
      orderId?: number | null;
      reason?: string;
      staffId?: number | null;
      expiresOn?: string | null;
    },
  ): Promise<void> {
    if (entry.points === 0) return;
    const [row] = await tx
      .update(pointBalancesTable)
      .set({
        balance: sql`${pointBalancesTable.balance} + ${entry.points}`,
        ...(entry.expiresOn !== undefined ? { expiresOn: entry.expiresOn } : {}),
        updatedAt: new Date(),
      })
      .where(eq(pointBalancesTable.userId, entry.userId))
      .returning({ expiresOn: pointBalancesTable.expiresOn });
    await tx.insert(pointLedgerTable).values({
      userId: entry.userId,
      kind: entry.kind,
      points: entry.points,
      orderId: entry.orderId ?? null,
      reason: entry.reason ?? "",
      staffId: entry.staffId ?? null,
      expiresOn: row?.expiresOn ?? null,
    });
  }

  /**
   * Checkout's check, in the order's transaction with the balance locked: the points typed are whole,
   * at most the balance and at most the goods' total after the coupon. Two devices spending the last
   * points queue on the lock; the second reads the balance the first left and is refused (a 422 under
   * use_points), its whole order rolled back. Answers the points to use (0: none).
   */
  async forOrder(
    tx: Database,
    order: { userId: number | null; usePoints: number; lines: readonly EarningLine[]; couponLines: readonly CouponDiscountLine[]; now: Date; locale: Locale },
    options: { lock: boolean } = { lock: true },
  ): Promise<number> {
    if (order.usePoints <= 0) return 0;
    const balance =
      order.userId === null
        ? { balance: 0, expiresOn: null }
        : options.lock
          ? await this.lockBalance(tx, order.userId)
          : await this.balanceOf(order.userId, tx);
    // Points past their date are gone even before the sweep has run.
    const usable = balance.expiresOn !== null && japanDateString(order.now) > balance.expiresOn ? 0 : balance.balance;
    const check = { member: order.userId !== null, balance: usable, cap: pointsCap(order.lines, order.couponLines) };
    const refusal = pointsUseRefusal(order.usePoints, check);
    if (refusal) throw fieldRefusal("use_points", pointsUseRefusalText(refusal, check, order.locale));
    return order.usePoints;
  }

  /**
   * The order's points booked with it, in its transaction: the use (a ledger row, the balance down,
   * guarded by the balance's check) and the order's row with what it will earn.
   */
  async book(tx: Database, order: { orderId: number; userId: number; used: number; toEarn: number; locale: Locale }): Promise<void> {
    if (order.used > 0) {
      try {
        await this.post(tx, { userId: order.userId, kind: "use", points: -order.used, orderId: order.orderId });
      } catch {
        throw fieldRefusal("use_points", POINT_REFUSALS.pointsTaken[order.locale]);
      }
    }
    await tx
      .insert(orderPointsTable)
      .values({ orderId: order.orderId, userId: order.userId, used: order.used, usedStanding: order.used, toEarn: order.toEarn });
  }

  /**
   * An order's move, in its transaction: paid (or shipped, as the trader chose) grants what it earns,
   * once; cancelled takes back what it earned and gives back what it used, once.
   */
  async orderMoved(tx: Database, move: { orderId: number; status: string; paid: boolean; now: Date }): Promise<void> {
    if (move.status === "cancelled") return this.cancelled(tx, move.orderId);
    const settings = await this.settings(tx);
    const due = settings.grantOn === "shipped" ? move.status === "sent" : move.paid;
    if (due) await this.grant(tx, move.orderId, move.now, settings);
  }

  private async lockOrder(tx: Database, orderId: number) {
    const [row] = await tx.select().from(orderPointsTable).where(eq(orderPointsTable.orderId, orderId)).for("update");
    return row;
  }

  private async grant(tx: Database, orderId: number, now: Date, settings: PointSettings): Promise<void> {
    const row = await this.lockOrder(tx, orderId);
    if (!row || row.grantedAt !== null || row.closedAt !== null) return;
    await tx.update(orderPointsTable).set({ grantedAt: now, earnedStanding: row.toEarn }).where(eq(orderPointsTable.orderId, orderId));
    if (row.toEarn <= 0) return;
    await this.lockBalance(tx, row.userId);
    await this.post(tx, { userId: row.userId, kind: "earn", points: row.toEarn, orderId, expiresOn: pointsExpiryDate(now, settings.expiryMonths) });
  }

  /** A whole cancellation: what was earned comes off (never below zero: what was spent since is gone), what was used comes back. */
  private async cancelled(tx: Database, orderId: number): Promise<void> {
    const row = await this.lockOrder(tx, orderId);
    if (!row || row.closedAt !== null) return;
    await tx.update(orderPointsTable).set({ closedAt: new Date(), usedStanding: 0, earnedStanding: 0 }).where(eq(orderPointsTable.orderId, orderId));
    await this.settle(tx, row.userId, orderId, { takeBack: row.earnedStanding, giveBack: row.usedStanding, reason: "" });
  }

  private async settle(tx: Database, userId: number, orderId: number, change: { takeBack: number; giveBack: number; reason: string }): Promise<void> {
    if (change.takeBack <= 0 && change.giveBack <= 0) return;
    const balance = await this.lockBalance(tx, userId);
    if (change.giveBack > 0) await this.post(tx, { userId, kind: "give_back", points: change.giveBack, orderId, reason: change.reason });
    const takeBack = Math.min(change.takeBack, balance.balance + Math.max(0, change.giveBack));
    if (takeBack > 0) await this.post(tx, { userId, kind: "take_back", points: -takeBack, orderId, reason: change.reason });
  }

  /**
   * A partial cancellation (decision 078), in its transaction: the points used stay (the order keeps
   * its 「ポイント利用」 lines, so the rest is still paid for with them); what it earns falls with the
   * goods, to the share of goods still ordered (rounded down): before the grant the order's figure
   * is lowered, after it the difference is taken back.
   */
  async partlyCancelled(tx: Database, orderId: number, goods: { before: number; after: number }): Promise<void> {
    const row = await this.lockOrder(tx, orderId);
    if (!row || row.closedAt !== null) return;
    const toEarn = pointsShare(row.toEarn, goods.after, goods.before);
    if (row.grantedAt === null) {
      await tx.update(orderPointsTable).set({ toEarn }).where(eq(orderPointsTable.orderId, orderId));
      return;
    }
    const earned = Math.min(row.earnedStanding, toEarn);
    await tx.update(orderPointsTable).set({ toEarn, earnedStanding: earned }).where(eq(orderPointsTable.orderId, orderId));
    await this.settle(tx, row.userId, orderId, { takeBack: row.earnedStanding - earned, giveBack: 0, reason: "" });
  }

  /**
   * A return (decision 079), in its transaction: the return's goods' share of the order's goods
   * (before tax) of what was used comes back — the refund is the goods less their share of the
   * order's discount lines, the points' lines among them — and of what was earned comes off.
   */
  async returned(tx: Database, orderId: number, goods: { returned: number; ordered: number }, reason: string): Promise<void> {
    const row = await this.lockOrder(tx, orderId);
    if (!row || row.closedAt !== null) return;
    const giveBack = Math.min(row.usedStanding, pointsShare(row.used, goods.returned, goods.ordered));
    const earnedShare = row.grantedAt === null ? 0 : Math.min(row.earnedStanding, pointsShare(row.toEarn, goods.returned, goods.ordered));
    const toEarn = row.grantedAt === null ? row.toEarn - pointsShare(row.toEarn, goods.returned, goods.ordered) : row.toEarn;
    await tx
      .update(orderPointsTable)
      .set({ usedStanding: row.usedStanding - giveBack, earnedStanding: row.earnedStanding - earnedShare, toEarn })
      .where(eq(orderPointsTable.orderId, orderId));
    await this.settle(tx, row.userId, orderId, { takeBack: earnedShare, giveBack, reason });
  }

  /**
   * The expiry sweep: every balance whose Japan date has passed goes to zero with an `expire` row,
   * one member per transaction, the balance locked and checked again (a new earning that moved the
   * date meanwhile keeps it). Returns how many balances expired.
   */
  async expire(now: Date): Promise<number> {
    const today = japanDateString(now);
    const due = await this.db
      .select({ userId: pointBalancesTable.userId })
      .from(pointBalancesTable)
      .where(and(gt(pointBalancesTable.balance, 0), isNotNull(pointBalancesTable.expiresOn), lt(pointBalancesTable.expiresOn, today)))
      .orderBy(asc(pointBalancesTable.userId));
    let expired = 0;
    for (const { userId } of due) {
      const done = await this.db.transaction(async (tx) => {
        const balance = await this.lockBalance(tx, userId);
        if (balance.balance <= 0 || balance.expiresOn === null || balance.expiresOn >= today) return false;
        await this.post(tx, { userId, kind: "expire", points: -balance.balance, reason: balance.expiresOn });
        return true;
      });
      if (done) expired += 1;
    }
    return expired;
  }

  /** Staff grant (> 0) or remove (< 0) points with a reason; the back office's audit log records who. */
  async adjust(memberId: number, adjustment: PointAdjustment, staffId: number, locale: Locale, now: Date = new Date()): Promise<PointBalance> {
    try {
      return await this.adjustIn(memberId, adjustment, staffId, locale, now);
    } catch (error) {
      // No such member: the balance row's foreign key refuses it.
      if (sqlStateOf(error) === "23503") throw new DomainError("not-found");
      throw error;
    }
  }

  private async adjustIn(memberId: number, adjustment: PointAdjustment, staffId: number, locale: Locale, now: Date): Promise<PointBalance> {
    return this.db.transaction(async (tx) => {
      const balance = await this.lockBalance(tx, memberId);
      if (adjustment.points < 0 && -adjustment.points > balance.balance) {
        throw fieldRefusal("points", POINT_REFUSALS.removeOverBalance[locale].replace("{balance}", balance.balance.toLocaleString("en-US")));
      }
      const settings = await this.settings(tx);
      // A grant is an earning: it moves the expiry date as one does.
      await this.post(tx, {
        userId: memberId,
        kind: adjustment.points > 0 ? "staff_grant" : "staff_remove",
        points: adjustment.points,
        reason: adjustment.reason,
        staffId,
        ...(adjustment.points > 0 ? { expiresOn: pointsExpiryDate(now, settings.expiryMonths) } : {}),
      });
      return this.balanceOf(memberId, tx);
    });
  }

  /** Points outstanding (1 point = 1 yen): the trader's liability, and how many members hold them. */
  async liability(): Promise<{ members: number; points: number; yen: number }> {
    const [row] = await this.db
      .select({ members: count(), points: sum(pointBalancesTable.balance) })
      .from(pointBalancesTable)
      .where(gt(pointBalancesTable.balance, 0));
    const points = Number(row?.points ?? 0);
    return { members: row?.members ?? 0, points, yen: points };
  }

  /** Every member's balance above zero, for the CSV export. */
  async balances(): Promise<{ userId: number; balance: number; expiresOn: string | null; updatedAt: Date }[]> {
    return this.db
      .select({
        userId: pointBalancesTable.userId,
        balance: pointBalancesTable.balance,
        expiresOn: pointBalancesTable.expiresOn,
        updatedAt: pointBalancesTable.updatedAt,
      })
      .from(pointBalancesTable)
      .where(gt(pointBalancesTable.balance, 0))
      .orderBy(asc(pointBalancesTable.userId));
  }

  /** Orders with points not yet granted (for tests and the back office). */
  async pendingGrants(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ points: sum(orderPointsTable.toEarn) })
      .from(orderPointsTable)
      .where(and(eq(orderPointsTable.userId, memberId), isNull(orderPointsTable.grantedAt), isNull(orderPointsTable.closedAt)));
    return Number(row?.points ?? 0);
  }
}
