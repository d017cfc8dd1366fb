import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { UserResource } from "../../domain/account.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { allocateBottles, claimDeadline, entryRefusal, lotteryPhase } from "../../domain/lottery.ts";
import { drawOrder } from "./lottery-draw.ts";
import type { LotteryInput } from "../../domain/lottery-input.ts";
import type { AccountService } from "../accounts/account.service.ts";
import type { CartService } from "../cart/cart.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import type { Database } from "../db/client.ts";
import { lotteriesTable, lotteryEntriesTable } from "../db/schema/lottery.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { lotteryLossMail, lotteryWinMail } from "./lottery.mails.ts";

type LotteryRow = typeof lotteriesTable.$inferSelect;
type EntryRow = typeof lotteryEntriesTable.$inferSelect;

// The views the routes answer with are the answer schemas' own types, so a changed answer breaks the build.
export type { EntryView, LotteryView, MyEntryView } from "../../domain/answers/lottery.ts";
import type { EntryView, LotteryView, MyEntryView } from "../../domain/answers/lottery.ts";

/** A refusal of an order line by the lottery holding its product: placeOrder turns it into the line's message. */
export interface LotteryClaimRefusal {
  id: number;
  message: string;
}

const CLAIM_TEXTS: Record<Locale, { lotteryOnly: string; overWin: (count: number) => string }> = {
  ja: {
    lotteryOnly: "この商品は抽選販売です。ご当選の会員様のみ、購入期限までにご購入いただけます。",
    overWin: (count) => `ご当選の本数(${count}本)を超えています。`,
  },
  en: {
    lotteryOnly: "This bottle is sold by lottery: only a member who won may buy it, before the deadline.",
    overWin: (count) => `This is more than the ${count} bottle(s) you won.`,
  },
};

/**
 * 抽選販売 (issue 33 item 3, decision 084). The trader opens a lottery for a product; members enter
 * during its period; at the close staff draw: a random seed is recorded and the entries ordered by
 * HMAC-SHA256(seed, entry id) (domain/lottery.ts), the bottles given in that order; winners are
 * mailed a link to buy before the deadline, the others a notice. `sweep` passes unclaimed wins (and
 * wins whose order was cancelled) to the next drawn. While a lottery is not finished its product is
 * sold only through `claim`, called by placeOrder in the order's transaction.
 */
export class LotteryService {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      mail: MailService;
      shopProfiles: ShopProfileService;
      catalog: Pick<CatalogService, "product" | "stockLeft" | "changed">;
      accounts: Pick<AccountService, "mailContacts">;
      orders: Pick<OrdersService, "byId">;
      carts: Pick<CartService, "items" | "replace">;
    },
    private readonly settings: { publicUrl: string },
  ) {}

  // --- Back office ---

  async create(input: LotteryInput, staffId: number, locale: Locale): Promise<LotteryView> {
    const product = await this.deps.catalog.product(locale, input.productId);
    if (!product) throw new DomainError("invalid", "lotteryProductUnknown", { product_id: [messageOf("lotteryProductUnknown", locale)] });
    if ((await this.deps.catalog.stockLeft(input.productId)) < input.bottles) {
      throw new DomainError("invalid", "lotteryStockShort", { bottles: [messageOf("lotteryStockShort", locale)] });
    }
    const row = await this.db.transaction(async (tx) => {
      // One unfinished lottery per product: taken under a lock on the product's lotteries.
      await tx.execute(sql`select pg_advisory_xact_lock(84, ${input.productId})`);
      const [running] = await tx
        .select({ id: lotteriesTable.id })
        .from(lotteriesTable)
        .where(and(eq(lotteriesTable.productId, input.productId), isNull(lotteriesTable.finishedAt)));
      if (running) throw new DomainError("conflict", "lotteryAlreadyRunning");
      const [created] = await tx
        .insert(lotteriesTable)
        .values({ ...input, createdByStaffId: staffId })
        .returning();
      return created!;
    });
    await this.deps.catalog.changed();
    return this.viewOf(row, locale);
  }

  async list(locale: Locale, now: Date = new Date()): Promise<LotteryView[]> {
    const rows = await this.db.select().from(lotteriesTable).orderBy(desc(lotteriesTable.id)).limit(200);
    return Promise.all(rows.map((row) => this.viewOf(row, locale, now)));
  }

  async detail(id: number, locale: Locale, now: Date = new Date()): Promise<{ lottery: LotteryView; entries: EntryView[] }> {
    const row = await this.mustFind(id);
    const entries = await this.db
      .select()
      .from(lotteryEntriesTable)
      .where(eq(lotteryEntriesTable.lotteryId, id))
      .orderBy(sql`${lotteryEntriesTable.drawRank} asc nulls last`, asc(lotteryEntriesTable.id));
    const contacts = await this.deps.accounts.mailContacts(entries.map((entry) => entry.userId));
    return {
      lottery: await this.viewOf(row, locale, now),
      entries: entries.map((entry) => ({
        id: entry.id,
        member_id: entry.userId,
        email: contacts.get(entry.userId)?.email ?? null,
        result: entry.result,
        draw_rank: entry.drawRank,
        draw_key: entry.drawKey,
        bottles: entry.bottles,
        claim_deadline: entry.claimDeadline?.toISOString() ?? null,
        order_id: entry.orderId,
        entered_at: entry.createdAt.toISOString(),
      })),
    };
  }

  /**
   * 抽選する: after the entries closed, once. The seed is 32 random bytes, recorded with the draw;
   * every entry gets its key and rank; the first drawn are offered the bottles (domain's allocation)
   * until the deadline, the rest are told they were not drawn (they may still be offered bottles a
   * winner leaves). All in one transaction with the mails.
   */
  async draw(id: number, staffId: number, locale: Locale, now: Date = new Date()): Promise<LotteryView> {
    const shop = await this.deps.shopProfiles.profile();
    // Read before the transaction: on the embedded database nothing else may query while it is open.
    const name = await this.productNames((await this.mustFind(id)).productId);
    const row = await this.db.transaction(async (tx) => {
      const [lottery] = await tx.select().from(lotteriesTable).where(eq(lotteriesTable.id, id)).for("update");
      if (!lottery) throw new DomainError("not-found", "lotteryNotFound");
      if (lotteryPhase(lottery, now) !== "closed") throw new DomainError("conflict", "lotteryNotDrawable");
      const seed = crypto.randomBytes(32).toString("hex");
      const entries = await tx.select().from(lotteryEntriesTable).where(eq(lotteryEntriesTable.lotteryId, id));
      const order = drawOrder(
        seed,
        entries.map((entry) => entry.id),
      );
      const shares = allocateBottles(lottery.bottles, lottery.perMember, order.length);
      const deadline = claimDeadline(now, lottery.claimDays);
      const byId = new Map(entries.map((entry) => [entry.id, entry]));
      const contacts = await this.deps.accounts.mailContacts(
        entries.map((entry) => entry.userId),
        tx,
      );
      for (const drawn of order) {
        const share = shares[drawn.rank - 1];
        const won = share !== undefined;
        await tx
          .update(lotteryEntriesTable)
          .set({
            drawRank: drawn.rank,
            drawKey: drawn.key,
            result: won ? "won" : "lost",
            ...(won ? { bottles: share, offeredAt: now, claimDeadline: deadline } : {}),
          })
          .where(eq(lotteryEntriesTable.id, drawn.entryId));
        const entry = byId.get(drawn.entryId)!;
        const contact = contacts.get(entry.userId);
        if (!contact) continue;
        const mail: MailContent = won
          ? lotteryWinMail(shop, this.settings.publicUrl, entry.locale, {
              name: contact.name,
              product: name[entry.locale],
              bottles: share,
              deadline,
              url: this.winUrl(entry.id),
              moved: false,
            })
          : lotteryLossMail(shop, this.settings.publicUrl, entry.locale, { name: contact.name, product: name[entry.locale] });
        await this.deps.mail.enqueue(tx, contact.email, mail);
      }
      const [drawnRow] = await tx
        .update(lotteriesTable)
        .set({ seed, drawnAt: now, drawnByStaffId: staffId, ...(order.length === 0 ? { finishedAt: now } : {}) })
        .where(eq(lotteriesTable.id, id))
        .returning();
      return drawnRow!;
    });
    this.deps.mail.kick();
    if (row.finishedAt) await this.deps.catalog.changed();
    return this.viewOf(row, locale, now);
  }

  /**
   * The deadlines' sweep, safe to run any number of times (a job, or staff's button): a win not
   * bought by its deadline lapses, as does one whose order was cancelled; the bottles free are offered
   * to the next drawn entries not yet offered any, who are mailed. A lottery whose bottles are all
   * bought, or that has nobody left to offer them to, is finished: its product sells as usual again.
   * Returns the entries newly offered bottles.
   */
  async sweep(now: Date = new Date()): Promise<{ offered: number; finished: number }> {
    const open = await this.db
      .select({ id: lotteriesTable.id })
      .from(lotteriesTable)
      .where(and(isNull(lotteriesTable.finishedAt), sql`${lotteriesTable.drawnAt} is not null`));
    let offered = 0;
    let finished = 0;
    for (const { id } of open) {
      const outcome = await this.sweepOne(id, now);
      offered += outcome.offered;
      if (outcome.finished) finished += 1;
    }
    if (offered > 0) this.deps.mail.kick();
    if (finished > 0) await this.deps.catalog.changed();
    return { offered, finished };
  }

  private async sweepOne(id: number, now: Date): Promise<{ offered: number; finished: boolean }> {
    const shop = await this.deps.shopProfiles.profile();
    const name = await this.productNames((await this.mustFind(id)).productId);
    return this.db.transaction((tx) => this.sweepIn(tx, id, now, shop, name));
  }

  /**
   * A winner's order was cancelled (OrderMoves' cancel hook, in the cancellation's transaction):
   * while its lottery runs, the win lapses and its bottles go at once to the next drawn entries
   * (繰り上げ当選 mail), the sweep's path; after the lottery finished the bottles simply return to
   * ordinary sale with the stock (decisions 084, 092). Returns the products of the lotteries it swept,
   * whose pages change (the lottery may have ended).
   */
  async orderCancelled(tx: Database, orderId: number, now: Date = new Date()): Promise<number[]> {
    const running = await tx
      .selectDistinct({ id: lotteriesTable.id, productId: lotteriesTable.productId })
      .from(lotteryEntriesTable)
      .innerJoin(lotteriesTable, eq(lotteriesTable.id, lotteryEntriesTable.lotteryId))
      .where(
        and(
          eq(lotteryEntriesTable.orderId, orderId),
          eq(lotteryEntriesTable.result, "purchased"),
          isNull(lotteriesTable.finishedAt),
          isNotNull(lotteriesTable.drawnAt),
        ),
      );
    if (running.length === 0) return [];
    const shop = await this.deps.shopProfiles.profile();
    // Names read in the transaction (the catalogue's read model): the cached catalogue may need the database, held by this transaction.
    const names = new Map(
      (await new CatalogReadModel(tx).saleStates(running.map((lottery) => lottery.productId))).map((row) => [row.id, { ja: row.nameJa, en: row.nameEn }]),
    );
    for (const lottery of running) {
      await this.sweepIn(tx, lottery.id, now, shop, names.get(lottery.productId) ?? { ja: `#${lottery.productId}`, en: `#${lottery.productId}` });
    }
    return running.map((lottery) => lottery.productId);
  }

  /** One lottery's sweep in the caller's transaction: lapses, cancelled wins, the next drawn offered the free bottles, the end. */
  private async sweepIn(tx: Database, id: number, now: Date, shop: ShopProfile, name: Record<Locale, string>): Promise<{ offered: number; finished: boolean }> {
    const [lottery] = await tx.select().from(lotteriesTable).where(eq(lotteriesTable.id, id)).for("update");
    if (!lottery || lottery.finishedAt || !lottery.drawnAt) return { offered: 0, finished: false };
    const entries = await tx
      .select()
      .from(lotteryEntriesTable)
      .where(eq(lotteryEntriesTable.lotteryId, id))
      .orderBy(asc(lotteryEntriesTable.drawRank))
      .for("update");
    for (const entry of entries) {
      const lapsed = entry.result === "won" && entry.claimDeadline !== null && entry.claimDeadline <= now;
      const cancelled = entry.result === "purchased" && entry.orderId !== null && (await this.deps.orders.byId(entry.orderId, tx))?.status === "cancelled";
      if (lapsed || cancelled) {
        await tx.update(lotteryEntriesTable).set({ result: "lapsed" }).where(eq(lotteryEntriesTable.id, entry.id));
        entry.result = "lapsed";
      }
    }
    const held = entries.filter((entry) => entry.result === "won" || entry.result === "purchased").reduce((sum, entry) => sum + (entry.bottles ?? 0), 0);
    const waiting = entries.filter((entry) => entry.result === "lost" && entry.offeredAt === null);
    const shares = allocateBottles(lottery.bottles - held, lottery.perMember, waiting.length);
    const deadline = claimDeadline(now, lottery.claimDays);
    const contacts = await this.deps.accounts.mailContacts(
      waiting.slice(0, shares.length).map((entry) => entry.userId),
      tx,
    );
    for (const [index, share] of shares.entries()) {
      const entry = waiting[index]!;
      await tx
        .update(lotteryEntriesTable)
        .set({ result: "won", bottles: share, offeredAt: now, claimDeadline: deadline })
        .where(eq(lotteryEntriesTable.id, entry.id));
      entry.result = "won";
      const contact = contacts.get(entry.userId);
      if (contact) {
        const mail = lotteryWinMail(shop, this.settings.publicUrl, entry.locale, {
          name: contact.name,
          product: name[entry.locale],
          bottles: share,
          deadline,
          url: this.winUrl(entry.id),
          moved: true,
        });
        await this.deps.mail.enqueue(tx, contact.email, mail);
      }
    }
    // Finished when nobody is buying any more: every win bought or lapsed and no one left to offer.
    const done = !entries.some((entry) => entry.result === "won");
    if (done) await tx.update(lotteriesTable).set({ finishedAt: now }).where(eq(lotteriesTable.id, id));
    return { offered: shares.length, finished: done };
  }

  // --- Members ---

  /** The unfinished lottery of a product, for its page (null when it is sold as usual). */
  async forProduct(productId: number, locale: Locale, now: Date = new Date()): Promise<LotteryView | null> {
    const [row] = await this.db
      .select()
      .from(lotteriesTable)
      .where(and(eq(lotteriesTable.productId, productId), isNull(lotteriesTable.finishedAt)))
      .limit(1);
    return row ? this.viewOf(row, locale, now) : null;
  }

  /** 応募: one entry per member (the database's unique key says the last word), during the period, with a birth date showing 20 or over. */
  async enter(lotteryId: number, member: UserResource, locale: Locale, now: Date = new Date()): Promise<MyEntryView> {
    const lottery = await this.mustFind(lotteryId);
    const refusal = entryRefusal(lottery, member.birth_date, now);
    if (refusal === "lotteryNotOpen" || refusal === "lotteryClosed") throw new DomainError("conflict", refusal);
    if (refusal) throw new DomainError("forbidden", refusal);
    const [entry] = await this.db
      .insert(lotteryEntriesTable)
      .values({ lotteryId, userId: member.id, locale })
      .onConflictDoNothing({ target: [lotteryEntriesTable.lotteryId, lotteryEntriesTable.userId] })
      .returning();
    if (!entry) throw new DomainError("conflict", "lotteryAlreadyEntered");
    return this.myView(entry, lottery, locale, now);
  }

  /** My Page: the member's entries, newest first. */
  async mine(userId: number, locale: Locale, now: Date = new Date()): Promise<MyEntryView[]> {
    const entries = await this.db
      .select()
      .from(lotteryEntriesTable)
      .where(eq(lotteryEntriesTable.userId, userId))
      .orderBy(desc(lotteryEntriesTable.id))
      .limit(100);
    if (entries.length === 0) return [];
    const lotteries = await this.db
      .select()
      .from(lotteriesTable)
      .where(
        inArray(
          lotteriesTable.id,
          entries.map((entry) => entry.lotteryId),
        ),
      );
    const byId = new Map(lotteries.map((row) => [row.id, row]));
    return Promise.all(entries.map((entry) => this.myView(entry, byId.get(entry.lotteryId)!, locale, now)));
  }

  /** One of the member's own entries (the win's page); another member's is not found. */
  async myEntry(entryId: number, userId: number, locale: Locale, now: Date = new Date()): Promise<MyEntryView> {
    const [entry] = await this.db
      .select()
      .from(lotteryEntriesTable)
      .where(and(eq(lotteryEntriesTable.id, entryId), eq(lotteryEntriesTable.userId, userId)));
    if (!entry) throw new DomainError("not-found", "lotteryNotFound");
    return this.myView(entry, await this.mustFind(entry.lotteryId), locale, now);
  }

  /** The win's button: its bottles go into the member's cart (beside what is there), and checkout takes it from there. */
  async addWinToCart(entryId: number, member: UserResource, locale: Locale, now: Date = new Date()): Promise<MyEntryView> {
    const entry = await this.myEntry(entryId, member.id, locale, now);
    if (!entry.buyable) throw new DomainError("conflict", entry.result === "won" ? "lotteryWinExpired" : "lotteryNotFound");
    const owner = { userId: member.id };
    const items = await this.deps.carts.items(owner, locale);
    const wanted: Record<string, number> = Object.fromEntries(items.map((item) => [item.id, item.amount]));
    wanted[String(entry.product_id)] = entry.bottles!;
    await this.deps.carts.replace(owner, wanted, locale);
    return entry;
  }

  // --- The order's claim (called by placeOrder in the order's transaction) ---

  /**
   * A product held by an unfinished lottery is sold only to a member who won it, before the
   * deadline, up to the bottles won: the win is marked purchased with the order in the order's
   * transaction (locked, guarded), so it is bought once. Bottles won but not bought return to the
   * pool for the next drawn. Returns a refusal per line that may not be bought; none: go on.
   */
  async claim(
    tx: Database,
    order: { userId: number | null; orderId: number; items: { id: number; amount: number }[]; now: Date; locale: Locale },
  ): Promise<LotteryClaimRefusal[]> {
    const productIds = order.items.map((item) => item.id);
    if (productIds.length === 0) return [];
    const held = await tx
      .select({ id: lotteriesTable.id, productId: lotteriesTable.productId })
      .from(lotteriesTable)
      .where(and(inArray(lotteriesTable.productId, productIds), isNull(lotteriesTable.finishedAt)));
    const refusals: LotteryClaimRefusal[] = [];
    const texts = CLAIM_TEXTS[order.locale];
    for (const lottery of held) {
      const item = order.items.find((line) => line.id === lottery.productId)!;
      const [win] =
        order.userId === null
          ? []
          : await tx
              .select()
              .from(lotteryEntriesTable)
              .where(and(eq(lotteryEntriesTable.lotteryId, lottery.id), eq(lotteryEntriesTable.userId, order.userId), eq(lotteryEntriesTable.result, "won")))
              .for("update");
      if (!win || win.claimDeadline === null || win.claimDeadline <= order.now) {
        refusals.push({ id: item.id, message: texts.lotteryOnly });
        continue;
      }
      if (item.amount > (win.bottles ?? 0)) {
        refusals.push({ id: item.id, message: texts.overWin(win.bottles ?? 0) });
        continue;
      }
      const [claimed] = await tx
        .update(lotteryEntriesTable)
        .set({ result: "purchased", orderId: order.orderId, bottles: item.amount })
        .where(and(eq(lotteryEntriesTable.id, win.id), eq(lotteryEntriesTable.result, "won")))
        .returning({ id: lotteryEntriesTable.id });
      if (!claimed) refusals.push({ id: item.id, message: texts.lotteryOnly });
    }
    return refusals;
  }

  // --- Helpers ---

  /** Where the win's mail leads: the member's own page of the win (sign-in first). */
  winUrl(entryId: number): string {
    return `${this.settings.publicUrl.replace(/\/$/, "")}/mypage/lotteries/${entryId}`;
  }

  private async mustFind(id: number): Promise<LotteryRow> {
    const [row] = await this.db.select().from(lotteriesTable).where(eq(lotteriesTable.id, id));
    if (!row) throw new DomainError("not-found", "lotteryNotFound");
    return row;
  }

  private async productNames(productId: number): Promise<Record<Locale, string>> {
    const [ja, en] = await Promise.all([this.deps.catalog.product("ja", productId), this.deps.catalog.product("en", productId)]);
    return { ja: ja?.attributes.name ?? `#${productId}`, en: en?.attributes.name ?? `#${productId}` };
  }

  private async viewOf(row: LotteryRow, locale: Locale, now: Date = new Date()): Promise<LotteryView> {
    const [counts] = await this.db
      .select({
        entries: sql<number>`count(*)::int`,
        bought: sql<number>`coalesce(sum(case when ${lotteryEntriesTable.result} = 'purchased' then ${lotteryEntriesTable.bottles} else 0 end), 0)::int`,
      })
      .from(lotteryEntriesTable)
      .where(eq(lotteryEntriesTable.lotteryId, row.id));
    const product = await this.deps.catalog.product(locale, row.productId);
    return {
      id: row.id,
      product_id: row.productId,
      product_name: product?.attributes.name ?? `#${row.productId}`,
      bottles: row.bottles,
      per_member: row.perMember,
      entry_starts_at: row.entryStartsAt.toISOString(),
      entry_ends_at: row.entryEndsAt.toISOString(),
      claim_days: row.claimDays,
      phase: lotteryPhase(row, now),
      entries: counts?.entries ?? 0,
      seed: row.seed,
      drawn_at: row.drawnAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
      bottles_bought: counts?.bought ?? 0,
    };
  }

  private async myView(entry: EntryRow, lottery: LotteryRow, locale: Locale, now: Date): Promise<MyEntryView> {
    const product = await this.deps.catalog.product(locale, lottery.productId);
    const buyable = entry.result === "won" && entry.claimDeadline !== null && entry.claimDeadline > now && !lottery.finishedAt;
    return {
      id: entry.id,
      lottery_id: lottery.id,
      product_id: lottery.productId,
      product_name: product?.attributes.name ?? `#${lottery.productId}`,
      result: entry.result,
      phase: lotteryPhase(lottery, now),
      entry_ends_at: lottery.entryEndsAt.toISOString(),
      bottles: entry.bottles,
      claim_deadline: entry.claimDeadline?.toISOString() ?? null,
      buyable,
      entered_at: entry.createdAt.toISOString(),
    };
  }
}

/** A refusal's text for a field, in the request's language (the 422 names the field). */
function messageOf(key: "lotteryProductUnknown" | "lotteryStockShort", locale: Locale): string {
  const texts = {
    lotteryProductUnknown: { ja: "商品が見つかりません。", en: "The product was not found." },
    lotteryStockShort: { ja: "在庫が抽選の本数に足りません。", en: "The stock is short of the lottery's bottles." },
  } as const;
  return texts[key][locale];
}
