import { hashToken, idOfSignedToken, newToken, signedIdToken } from "../link-tokens.ts";
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { UserResource } from "../../domain/account.ts";
import { normalizeEmail } from "../../domain/account.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import type { FavoriteResource, RestockGuestInput, RestockRequestResource, RestockStatus } from "../../domain/wishlist.ts";
import {
  FAVORITES_MAX,
  RESTOCK_ADDRESS_WINDOW_MS,
  RESTOCK_BATCH,
  RESTOCK_OPEN_PER_ADDRESS,
  RESTOCK_RUN_GAP_MS,
  confirmationStillValid,
  favoriteAvailability,
  isBackInStock,
  mayMailAddress,
} from "../../domain/wishlist.ts";
import type { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import { favoritesTable, restockRequestsTable } from "../db/schema/wishlist.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { backInStockMail, restockConfirmationMail } from "./restock.mails.ts";

export type RestockConfirmOutcome = "confirmed" | "expired" | "invalid";

const WAITING = sql`${restockRequestsTable.status} in ('pending', 'open')`;

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * 再入荷のお知らせ and お気に入り (decision 083).
 *
 * A request waits per (address, product). A member's is open at once (their address was confirmed
 * with the account); a guest's waits for the link mailed to the address (double opt-in). Every
 * answer to a guest is the same whether or not the address belongs to a member.
 *
 * The sender does not hook the stock writes: it reads which products with open requests are on
 * sale with bottles in stock, whatever raised the stock (a receiving, a product edit, a
 * cancellation, a return), and in one transaction closes each request it takes (`for update skip
 * locked`, then `status = 'open'` guarded) and queues its one mail. Two processes or two runs
 * therefore never mail one request twice. A run takes at most RESTOCK_BATCH requests and runs are
 * RESTOCK_RUN_GAP_MS apart at the least (the throttle); a catalogue change brings the next run forward.
 */
export class WishlistService {
  private runTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private lastRunAt = 0;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly deps: {
      mail: MailService;
      shopProfiles: ShopProfileService;
      catalog: CatalogService;
      catalogRead: CatalogReadModel;
      exclusively?: <T>(name: string, work: () => Promise<T>, options?: { wait?: boolean }) => Promise<T | undefined>;
      log?: Logger;
    },
    private readonly settings: { publicUrl: string; secret: string },
  ) {}

  // ---------- 再入荷のお知らせ ----------

  /** A signed-in member's one click: open at once; asking again for a product already waited for changes nothing. */
  async requestAsMember(user: UserResource, productId: number, locale: Locale): Promise<void> {
    await this.checkSoldOut(productId);
    const email = normalizeEmail(user.email);
    await this.db.transaction(async (tx) => {
      const [waiting] = await tx
        .select({ id: restockRequestsTable.id, status: restockRequestsTable.status })
        .from(restockRequestsTable)
        .where(and(eq(restockRequestsTable.email, email), eq(restockRequestsTable.productId, productId), WAITING))
        .for("update");
      if (waiting?.status === "open") return;
      if (waiting) {
        // A guest request of the same address not yet confirmed: the member's click confirms it.
        await tx
          .update(restockRequestsTable)
          .set({ status: "open", userId: user.id, confirmedAt: new Date(), confirmTokenHash: null })
          .where(eq(restockRequestsTable.id, waiting.id));
        return;
      }
      await this.checkCap(tx, email);
      await tx
        .insert(restockRequestsTable)
        .values({ productId, email, userId: user.id, locale, status: "open", confirmedAt: new Date() })
        .onConflictDoNothing();
    });
  }

  /**
   * A guest's address: a confirmation link is mailed, and the request counts only once it is
   * followed. Already waiting (open) for the product: nothing is sent, and the answer is the same.
   * An address mailed RESTOCK_MAILS_PER_ADDRESS links within the hour is refused (429).
   */
  async requestAsGuest(input: RestockGuestInput, productId: number, locale: Locale, now = new Date()): Promise<void> {
    const { email } = input;
    const product = await this.checkSoldOut(productId);
    const shop = await this.deps.shopProfiles.profile();
    const productName = locale === "ja" ? product.nameJa : product.nameEn;
    const queued = await this.db.transaction(async (tx) => {
      // Every request of this address waits behind this lock, so the cap and the rate are counted once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`restock:${email}`}))`);
      const rows = await tx
        .select({
          id: restockRequestsTable.id,
          productId: restockRequestsTable.productId,
          status: restockRequestsTable.status,
          confirmSentAt: restockRequestsTable.confirmSentAt,
        })
        .from(restockRequestsTable)
        .where(and(eq(restockRequestsTable.email, email), gt(restockRequestsTable.createdAt, new Date(now.getTime() - 30 * 86_400_000))));
      const waiting = rows.find((row) => row.productId === productId && (row.status === "pending" || row.status === "open"));
      if (waiting?.status === "open") return false;
      // Asked again while its link is fresh: the link already sent stands (one address gets no stream of mails).
      if (waiting?.confirmSentAt && now.getTime() - waiting.confirmSentAt.getTime() < RESTOCK_ADDRESS_WINDOW_MS) return false;
      const sentTimes = rows.map((row) => row.confirmSentAt).filter((at): at is Date => at !== null);
      if (!mayMailAddress(sentTimes, now)) throw new DomainError("too-many");
      if (!waiting) await this.checkCap(tx, email);
      const { token: confirmation, hash: confirmTokenHash } = newToken();
      const changes = { locale, confirmTokenHash, confirmSentAt: now };
      const [row] = waiting
        ? await tx.update(restockRequestsTable).set(changes).where(eq(restockRequestsTable.id, waiting.id)).returning({ id: restockRequestsTable.id })
        : await tx
            .insert(restockRequestsTable)
            .values({ productId, email, status: "pending", ...changes })
            .returning({ id: restockRequestsTable.id });
      const confirmUrl = `${this.settings.publicUrl}/${locale}/api/restock-requests/confirm?token=${confirmation}`;
      await this.deps.mail.enqueue(
        tx,
        email,
        restockConfirmationMail(shop, this.settings.publicUrl, locale, productName, confirmUrl, this.cancelUrl(row!.id, locale)),
      );
      return true;
    });
    if (queued) this.deps.mail.kick();
  }

  /** The confirmation link: the request opens now; a link works once and for three days. */
  async confirm(token: string, now = new Date()): Promise<RestockConfirmOutcome> {
    if (!token) return "invalid";
    const [row] = await this.db
      .select()
      .from(restockRequestsTable)
      .where(and(eq(restockRequestsTable.confirmTokenHash, hashToken(token)), eq(restockRequestsTable.status, "pending")));
    if (!row) return "invalid";
    if (!confirmationStillValid(row.confirmSentAt, now)) return "expired";
    await this.db
      .update(restockRequestsTable)
      .set({ status: "open", confirmedAt: now, confirmTokenHash: null })
      .where(and(eq(restockRequestsTable.id, row.id), eq(restockRequestsTable.status, "pending")));
    this.kick();
    return "confirmed";
  }

  /** The link of every restock mail: `{id}.{HMAC of the id}`, so every mail ever sent keeps a working link. */
  cancelToken(id: number): string {
    return signedIdToken(this.settings.secret, "restock-cancel", id);
  }

  /** Opens the page with the button (mail scanners follow links), in the mail's language. */
  cancelUrl(id: number, locale: Locale): string {
    return `${this.settings.publicUrl}/locale/${locale}?to=${encodeURIComponent(`/restock/cancel?token=${this.cancelToken(id)}`)}`;
  }

  /** The stop link's button: every waiting request of the request's address is cancelled. False for a token this shop did not sign. */
  async cancelByToken(token: string): Promise<boolean> {
    const id = idOfSignedToken(this.settings.secret, "restock-cancel", token);
    if (id === undefined) return false;
    const [row] = await this.db.select({ email: restockRequestsTable.email }).from(restockRequestsTable).where(eq(restockRequestsTable.id, id));
    if (!row) return false;
    await this.db
      .update(restockRequestsTable)
      .set({ status: "cancelled", closedAt: new Date(), confirmTokenHash: null })
      .where(and(eq(restockRequestsTable.email, row.email), WAITING));
    return true;
  }

  /** My Page: the member's waiting requests (their account's or their address's), newest first. */
  async memberRequests(user: UserResource, locale: Locale): Promise<RestockRequestResource[]> {
    const rows = await this.db
      .select()
      .from(restockRequestsTable)
      .where(and(eq(restockRequestsTable.email, normalizeEmail(user.email)), eq(restockRequestsTable.status, "open")))
      .orderBy(desc(restockRequestsTable.createdAt), desc(restockRequestsTable.id));
    const names = new Map((await this.deps.catalogRead.saleStates([...new Set(rows.map((row) => row.productId))])).map((state) => [state.id, state]));
    return rows.map((row) => {
      const product = names.get(row.productId);
      return {
        id: row.id,
        product_id: row.productId,
        product_name: product ? (locale === "ja" ? product.nameJa : product.nameEn) : "",
        status: row.status as RestockStatus,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  /** My Page's cancel button: another member's request (or none) is a 404, never a hint it exists. */
  async cancelForMember(user: UserResource, id: number): Promise<void> {
    const cancelled = await this.db
      .update(restockRequestsTable)
      .set({ status: "cancelled", closedAt: new Date(), confirmTokenHash: null })
      .where(and(eq(restockRequestsTable.id, id), eq(restockRequestsTable.email, normalizeEmail(user.email)), WAITING))
      .returning({ id: restockRequestsTable.id });
    if (cancelled.length === 0) throw new DomainError("not-found");
  }

  /** The back office: confirmed requests waiting per product. */
  async waitingCounts(productIds?: number[]): Promise<Map<number, number>> {
    if (productIds !== undefined && productIds.length === 0) return new Map();
    const rows = await this.db
      .select({ productId: restockRequestsTable.productId, waiting: count() })
      .from(restockRequestsTable)
      .where(and(eq(restockRequestsTable.status, "open"), productIds === undefined ? undefined : inArray(restockRequestsTable.productId, productIds)))
      .groupBy(restockRequestsTable.productId);
    return new Map(rows.map((row) => [row.productId, Number(row.waiting)]));
  }

  /**
   * One run of the sender: up to `limit` open requests of products back on sale get their mail,
   * each closed in the transaction that queues it. Returns how many were mailed.
   */
  async sendDue(limit = RESTOCK_BATCH): Promise<number> {
    const waitingFor = await this.db
      .selectDistinct({ productId: restockRequestsTable.productId })
      .from(restockRequestsTable)
      .where(eq(restockRequestsTable.status, "open"));
    if (waitingFor.length === 0) return 0;
    const states = await this.deps.catalogRead.saleStates(waitingFor.map((row) => row.productId));
    const back = new Map(states.filter(isBackInStock).map((state) => [state.id, state]));
    if (back.size === 0) return 0;
    // Read before the transaction: on the embedded database a read outside an open one waits for it.
    const shop = await this.deps.shopProfiles.profile();
    const sent = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(restockRequestsTable)
        .where(and(eq(restockRequestsTable.status, "open"), inArray(restockRequestsTable.productId, [...back.keys()])))
        .orderBy(asc(restockRequestsTable.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      let mailed = 0;
      for (const request of due) {
        const [closed] = await tx
          .update(restockRequestsTable)
          .set({ status: "notified", closedAt: new Date() })
          .where(and(eq(restockRequestsTable.id, request.id), eq(restockRequestsTable.status, "open")))
          .returning({ id: restockRequestsTable.id });
        if (!closed) continue;
        const product = back.get(request.productId)!;
        const name = request.locale === "ja" ? product.nameJa : product.nameEn;
        const productUrl = `${this.settings.publicUrl}/locale/${request.locale}?to=${encodeURIComponent(`/products/${request.productId}`)}`;
        await this.deps.mail.enqueue(
          tx,
          request.email,
          backInStockMail(shop, this.settings.publicUrl, request.locale, name, productUrl, this.cancelUrl(request.id, request.locale)),
        );
        mailed += 1;
      }
      return mailed;
    });
    if (sent > 0) this.deps.mail.kick();
    return sent;
  }

  /** Brings the next run forward, but never closer than RESTOCK_RUN_GAP_MS to the last one. */
  kick(): void {
    if (this.stopped || this.runTimer) return;
    const wait = Math.max(0, this.lastRunAt + RESTOCK_RUN_GAP_MS - Date.now());
    this.runTimer = setTimeout(() => {
      this.runTimer = undefined;
      this.running ??= this.run().finally(() => {
        this.running = undefined;
      });
    }, wait);
    this.runTimer.unref();
  }

  /** Runs every minute as well, for changes another process made while this one's kick was spent. */
  start(): void {
    this.pollTimer = setInterval(() => this.kick(), 60_000);
    this.pollTimer.unref();
    this.deps.catalog.onInvalidate(() => this.kick());
    this.deps.catalog.onAvailabilityChange(() => this.kick());
  }

  /** Waits for a run under way (tests read the mailbox after it). */
  async settled(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.runTimer);
    this.runTimer = undefined;
    await this.running;
  }

  private async run(): Promise<void> {
    this.lastRunAt = Date.now();
    try {
      const work = () => this.sendDue();
      // One process at a time (the others skip the round); the guarded close keeps it right regardless.
      await (this.deps.exclusively ? this.deps.exclusively("kura:restock-notices", work, { wait: false }) : work());
    } catch (error) {
      this.deps.log?.warn({ err: error }, "restock notices failed");
    }
  }

  // ---------- お気に入り ----------

  async favoriteIds(user: UserResource): Promise<number[]> {
    const rows = await this.db
      .select({ productId: favoritesTable.productId })
      .from(favoritesTable)
      .where(eq(favoritesTable.userId, user.id))
      .orderBy(asc(favoritesTable.productId));
    return rows.map((row) => row.productId);
  }

  /** Adds a published product; adding it again changes nothing. */
  async addFavorite(user: UserResource, productId: number): Promise<void> {
    const [state] = await this.deps.catalogRead.saleStates([productId]);
    if (!state?.published) throw new DomainError("not-found");
    await this.db.transaction(async (tx) => {
      const [kept] = await tx.select({ kept: count() }).from(favoritesTable).where(eq(favoritesTable.userId, user.id));
      if (Number(kept?.kept ?? 0) >= FAVORITES_MAX) throw new DomainError("invalid", "favoritesFull");
      await tx.insert(favoritesTable).values({ userId: user.id, productId }).onConflictDoNothing();
    });
  }

  /** Removes one of the member's own; removing one not kept changes nothing. */
  async removeFavorite(user: UserResource, productId: number): Promise<void> {
    await this.db.delete(favoritesTable).where(and(eq(favoritesTable.userId, user.id), eq(favoritesTable.productId, productId)));
  }

  /** My Page's list: each product with its price and availability, newest first. */
  async favorites(user: UserResource, locale: Locale): Promise<FavoriteResource[]> {
    const rows = await this.db
      .select()
      .from(favoritesTable)
      .where(eq(favoritesTable.userId, user.id))
      .orderBy(desc(favoritesTable.createdAt), desc(favoritesTable.productId));
    const states = new Map((await this.deps.catalogRead.saleStates(rows.map((row) => row.productId))).map((state) => [state.id, state]));
    const lowStockAt = (await this.deps.shopProfiles.profile()).lowStockHintAt;
    const result: FavoriteResource[] = [];
    for (const row of rows) {
      const state = states.get(row.productId);
      if (!state) continue;
      const product = state.published ? await this.deps.catalog.product(locale, row.productId) : undefined;
      result.push({
        product_id: row.productId,
        name: product?.attributes.name ?? (locale === "ja" ? state.nameJa : state.nameEn),
        price_include_tax: product?.attributes.price_include_tax ?? null,
        availability: product ? favoriteAvailability(state, lowStockAt) : "not_on_sale",
        image_url: product?.attributes.images[0] ?? null,
        added_at: row.createdAt.toISOString(),
      });
    }
    return result;
  }

  // ---------- rules shared by both ----------

  /** The product exists, is published and is not for sale now: only such a product takes a request. */
  private async checkSoldOut(productId: number): Promise<{ nameJa: string; nameEn: string }> {
    const [state] = await this.deps.catalogRead.saleStates([productId]);
    if (!state?.published) throw new DomainError("not-found");
    if (isBackInStock(state)) throw new DomainError("invalid", "restockInStock");
    return state;
  }

  private async checkCap(tx: Database, email: string): Promise<void> {
    const [waiting] = await tx
      .select({ waiting: count() })
      .from(restockRequestsTable)
      .where(and(eq(restockRequestsTable.email, email), WAITING));
    if (Number(waiting?.waiting ?? 0) >= RESTOCK_OPEN_PER_ADDRESS) throw new DomainError("invalid", "restockTooMany");
  }
}
