import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { japanDateString } from "../../domain/coupons.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { MemberRankView, RankDefinition } from "../../domain/member-ranks.ts";
import { DEFAULT_RANKS, memberRankView, purchasesOf, rankFor, rankWindowStart } from "../../domain/member-ranks.ts";
import type { Database } from "../db/client.ts";
import { memberRanksTable, rankDefinitionsTable } from "../db/schema/ranks.ts";
import { memberPurchaseOrders, membersWithPurchasesSince } from "../orders/member-purchases.read-model.ts";

/**
 * The rate a member's purchase earns points at (percent): their rank's; null when no rank applies and
 * the shop's base rate is used. The points module takes it as an injected function (the seam agreed
 * for issue 34), called in the transaction of the move that earns the points.
 */
export type PointRateFor = (memberId: number, tx: Database) => Promise<number | null>;

/** A member's stored standing: purchases over the window at the last recalculation and the rank reached. */
export interface MemberStanding {
  purchases: number;
  rankPosition: number | null;
  calculatedAt: Date | null;
}

/**
 * Member ranks (issue 34 item 3, decision 090): the trader's definitions and each member's standing,
 * recalculated in the transaction of the order changes that move their purchases (OrderMoves'
 * onMoved, partial cancellations, returns), by the daily sweep as the 12-month window slides, and for
 * everyone when the definitions change.
 */
export class RanksService {
  constructor(private readonly db: Database) {}

  /** The trader's ranks in threshold order, or the defaults until they saved their own. */
  async definitions(executor: Database = this.db): Promise<RankDefinition[]> {
    const rows = await executor.select().from(rankDefinitionsTable).orderBy(asc(rankDefinitionsTable.position));
    if (rows.length === 0) return DEFAULT_RANKS.map((rank) => ({ ...rank }));
    return rows.map((row) => ({
      position: row.position,
      nameJa: row.nameJa,
      nameEn: row.nameEn,
      threshold: row.threshold,
      pointRatePercent: row.pointRatePercent,
    }));
  }

  /** Replaces the ranks (the form's whole set) and gives every stored member the rank their purchases reach now. */
  async saveDefinitions(ranks: readonly RankDefinition[]): Promise<RankDefinition[]> {
    return this.db.transaction(async (tx) => {
      await tx.delete(rankDefinitionsTable);
      await tx.insert(rankDefinitionsTable).values(ranks.map((rank) => ({ ...rank, updatedAt: new Date() })));
      const standings = await tx.select().from(memberRanksTable).for("update");
      for (const standing of standings) {
        const position = rankFor(ranks, standing.purchases)?.position ?? null;
        if (position !== standing.rankPosition)
          await tx.update(memberRanksTable).set({ rankPosition: position }).where(eq(memberRanksTable.userId, standing.userId));
      }
      return this.definitions(tx);
    });
  }

  /**
   * Works the member's purchases and rank out again from their orders, in the caller's transaction
   * (an order move's, a return's). The member's row is locked first, so a sweep and a move for the same
   * member queue and the later one reads what the earlier committed.
   */
  async recalculate(tx: Database, userId: number, now: Date = new Date()): Promise<MemberStanding> {
    await tx.insert(memberRanksTable).values({ userId, purchases: 0, rankPosition: null }).onConflictDoNothing();
    await tx.select({ userId: memberRanksTable.userId }).from(memberRanksTable).where(eq(memberRanksTable.userId, userId)).for("update");
    const orders = (await memberPurchaseOrders(tx, [userId], rankWindowStart(now))).get(userId) ?? [];
    const purchases = purchasesOf(orders);
    const rankPosition = rankFor(await this.definitions(tx), purchases)?.position ?? null;
    await tx.update(memberRanksTable).set({ purchases, rankPosition, calculatedAt: now }).where(eq(memberRanksTable.userId, userId));
    return { purchases, rankPosition, calculatedAt: now };
  }

  /**
   * The daily sweep: members whose standing was worked out before today (Japan time) with purchases to
   * lose, and members with counted orders but no standing yet, are worked out again, each in a
   * transaction of their own, so purchases that left the window drop the rank. Checked hourly, it
   * finds nobody after the day's first run. Answers how many members' purchases or rank changed.
   */
  async sweep(now: Date = new Date()): Promise<number> {
    const today = japanMidnight(japanDateString(now));
    const stale = await this.db
      .select({ userId: memberRanksTable.userId, purchases: memberRanksTable.purchases, rankPosition: memberRanksTable.rankPosition })
      .from(memberRanksTable)
      .where(and(gt(memberRanksTable.purchases, 0), lt(memberRanksTable.calculatedAt, today)));
    const stored = new Set((await this.db.select({ userId: memberRanksTable.userId }).from(memberRanksTable)).map((row) => row.userId));
    const before = new Map(stale.map((row) => [row.userId, row]));
    const unstored = (await membersWithPurchasesSince(this.db, rankWindowStart(now))).filter((userId) => !stored.has(userId));
    let changed = 0;
    for (const userId of new Set([...before.keys(), ...unstored])) {
      const standing = await this.db.transaction((tx) => this.recalculate(tx, userId, now));
      const was = before.get(userId) ?? { purchases: 0, rankPosition: null };
      if (was.purchases !== standing.purchases || was.rankPosition !== standing.rankPosition) changed += 1;
    }
    return changed;
  }

  /** The stored standing; a member with no row has no purchases. */
  async standing(userId: number, executor: Database = this.db): Promise<MemberStanding> {
    const [row] = await executor.select().from(memberRanksTable).where(eq(memberRanksTable.userId, userId));
    return row
      ? { purchases: row.purchases, rankPosition: row.rankPosition, calculatedAt: row.calculatedAt }
      : { purchases: 0, rankPosition: null, calculatedAt: null };
  }

  /** Stored standings of several members (the back office's member list). */
  async standings(userIds: readonly number[]): Promise<Map<number, MemberStanding>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(memberRanksTable)
      .where(inArray(memberRanksTable.userId, [...userIds]));
    return new Map(rows.map((row) => [row.userId, { purchases: row.purchases, rankPosition: row.rankPosition, calculatedAt: row.calculatedAt }]));
  }

  /** A member's rank, what it earns and what the next one needs, in the visitor's language. */
  async view(userId: number, locale: Locale, now: Date = new Date()): Promise<MemberRankView> {
    const [ranks, standing] = [await this.definitions(), await this.standing(userId)];
    return memberRankView(ranks, standing.purchases, now, locale);
  }

  /** Views of several members at once (the back office's member list). */
  async views(userIds: readonly number[], locale: Locale, now: Date = new Date()): Promise<Map<number, MemberRankView>> {
    const ranks = await this.definitions();
    const standings = await this.standings(userIds);
    return new Map(userIds.map((id) => [id, memberRankView(ranks, standings.get(id)?.purchases ?? 0, now, locale)]));
  }

  /** The seam for the points module (PointRateFor): the member's stored rank's rate, read in `tx`. */
  readonly pointRate: PointRateFor = async (memberId, tx) => {
    const ranks = await this.definitions(tx);
    const { purchases } = await this.standing(memberId, tx);
    return rankFor(ranks, purchases)?.pointRatePercent ?? null;
  };
}

/** The point rate of a member's rank, for the points module's earning (PointRateFor). */
export function rankPointRate(ranks: RanksService): PointRateFor {
  return ranks.pointRate;
}
