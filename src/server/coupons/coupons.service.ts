import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { CouponInput } from "../../domain/coupon-input.ts";
import type { CouponPreview } from "../../domain/coupon-input.ts";
import { COUPON_FORM_REFUSALS } from "../../domain/coupon-input.ts";
import type { AppliedCoupon, CouponLine, CouponRefusal, CouponRule } from "../../domain/coupons.ts";
import {
  couponCombinationRefusals,
  couponCombinationText,
  couponRefusal,
  couponRefusalText,
  lineIsEligible,
  normalizeCouponCode,
} from "../../domain/coupons.ts";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import type { BirthdayCouponSettings } from "../../domain/birthday-coupon.ts";
import { BIRTHDAY_COUPON_DEFAULTS, birthdayCouponValidity } from "../../domain/birthday-coupon.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { randomInt } from "node:crypto";
import { taxRateOf } from "../../domain/tax-rates.ts";
import type { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import type { Database } from "../db/client.ts";
import { birthdayCouponIssuesTable, birthdayCouponSettingsTable, couponUsesTable, couponsTable } from "../db/schema/coupons.ts";
import type { BirthdayMembers } from "../accounts/birthday-members.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { birthdayCouponMail } from "./birthday-coupon.mails.ts";

export type CouponRow = typeof couponsTable.$inferSelect;

/** A coupon in the back office's list, with what it has given. */
export interface CouponWithUsage extends CouponRow {
  /** Uses that stand (orders not cancelled): as many as the orders the coupon is on. */
  uses: number;
  /** Uses given back when their order was cancelled. */
  givenBack: number;
  /** Members who used it (uses standing). */
  members: number;
  /** Yen with tax the standing uses took off (what the shoppers' totals fell by). */
  discountGiven: number;
}

/** One use as the usage CSV lists it. */
export interface CouponUseRow {
  code: string;
  orderId: number;
  userId: number | null;
  discount: number;
  discountWithTax: number;
  usedAt: Date;
  givenBackAt: Date | null;
}

/** The coupon a checkout found usable: its row and what the charges need. */
export interface CouponForOrder {
  couponId: number;
  applied: AppliedCoupon;
  /** 「他のクーポンと併用可」 (decision 086). */
  combinable: boolean;
}

/** A code typed at checkout and the field it was typed in: coupon_code, or coupon_codes.0, coupon_codes.1… */
export interface TypedCoupon {
  field: string;
  code: string;
}

export function ruleOf(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumOrder: row.minimumOrder,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    totalLimit: row.totalLimit,
    perMemberLimit: row.perMemberLimit,
    target: row.target,
    membersOnly: row.membersOnly,
    memberId: row.memberId,
    active: row.active,
  };
}

/** The refusal as the checkout's 422 names it: under the field the code was typed in (coupon_code for the spec's one). */
function refused(refusal: CouponRefusal, rule: CouponRule | null, locale: Locale, field = "coupon_code"): DomainError {
  const text = couponRefusalText(refusal, rule, locale);
  return new DomainError("invalid", undefined, { [field]: [text] }, [text]);
}

function fieldRefusal(field: string, text: string): DomainError {
  return new DomainError("invalid", undefined, { [field]: [text] }, [text]);
}

/** Another run issued this member's coupon for the year first. */
class AlreadyIssued extends Error {}

const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A birthday coupon's code: BD- and ten letters or digits (no 0/O, 1/I), too many to guess. */
function birthdayCouponCode(): string {
  return `BD-${Array.from({ length: 10 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join("")}`;
}

/** What a line of the order is, for a coupon. */
export type OrderLineForCoupon = Omit<CouponLine, "seriesIds">;

/**
 * Coupons (decision 086): the trader's codes, the checkout's check and booking of a use in the
 * order's transaction, and the use given back when the order is cancelled.
 */
export class CouponsService {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      catalogReads: Pick<CatalogReadModel, "seriesOf" | "couponFacts">;
      /** The birthday coupon's sweep (absent: it issues nothing). */
      birthday?: {
        members: Pick<BirthdayMembers, "bornIn">;
        mail: Pick<MailService, "enqueue" | "kick">;
        shopProfiles: Pick<ShopProfileService, "profile">;
        publicUrl: string;
      };
    },
  ) {}

  /** The birthday coupon's rule: the trader's, or the defaults until they set one. */
  async birthdaySettings(): Promise<BirthdayCouponSettings> {
    const [row] = await this.db.select().from(birthdayCouponSettingsTable).where(eq(birthdayCouponSettingsTable.id, 1));
    return row
      ? { active: row.active, kind: row.kind, value: row.value, validDays: row.validDays, minimumOrder: row.minimumOrder }
      : { ...BIRTHDAY_COUPON_DEFAULTS };
  }

  async saveBirthdaySettings(settings: BirthdayCouponSettings): Promise<BirthdayCouponSettings> {
    const values = { ...settings, updatedAt: new Date() };
    await this.db
      .insert(birthdayCouponSettingsTable)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: birthdayCouponSettingsTable.id, set: values });
    return this.birthdaySettings();
  }

  /**
   * The daily sweep (decision 086): each member who asked for it and was born in this Japan month
   * gets one personal coupon (theirs only, one use, valid from today for the rule's days) and a mail
   * with its code, in one transaction each. Keyed by member and Japan year, so a second run, another
   * process's run or a run on another day of the month issues nothing more. Returns how many it issued.
   */
  async issueBirthdayCoupons(now: Date): Promise<number> {
    const birthday = this.deps.birthday;
    if (!birthday) return 0;
    const settings = await this.birthdaySettings();
    if (!settings.active) return 0;
    const { year, month } = japanDateOf(now);
    const members = await birthday.members.bornIn(month);
    if (members.length === 0) return 0;
    const done = new Set(
      (await this.db.select({ userId: birthdayCouponIssuesTable.userId }).from(birthdayCouponIssuesTable).where(eq(birthdayCouponIssuesTable.year, year))).map(
        (row) => row.userId,
      ),
    );
    const shop = await birthday.shopProfiles.profile();
    const { validFrom, validUntil } = birthdayCouponValidity(now, settings.validDays);
    let issued = 0;
    for (const member of members) {
      if (done.has(member.id)) continue;
      const code = birthdayCouponCode();
      // The coupon, then the member's key for the year: a run that lost the race to another rolls back.
      const wrote = await this.db
        .transaction(async (tx) => {
          const [coupon] = await tx
            .insert(couponsTable)
            .values({
              code,
              nameJa: `お誕生日クーポン ${year}`,
              nameEn: `Birthday coupon ${year}`,
              kind: settings.kind,
              value: settings.value,
              minimumOrder: settings.minimumOrder,
              validFrom,
              validUntil,
              totalLimit: 1,
              perMemberLimit: 1,
              target: { productIds: [], seriesIds: [], liquorTypes: [] },
              membersOnly: true,
              memberId: member.id,
            })
            .returning({ id: couponsTable.id });
          const [claim] = await tx
            .insert(birthdayCouponIssuesTable)
            .values({ userId: member.id, year, couponId: coupon!.id })
            .onConflictDoNothing()
            .returning({ userId: birthdayCouponIssuesTable.userId });
          if (!claim) throw new AlreadyIssued();
          await birthday.mail.enqueue(
            tx,
            member.email,
            birthdayCouponMail(shop, birthday.publicUrl, member.locale, { code, name: member.name, validUntil, rule: settings }),
          );
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyIssued) return false;
          throw error;
        });
      if (wrote) issued += 1;
    }
    if (issued > 0) birthday.mail.kick();
    return issued;
  }

  async list(): Promise<CouponWithUsage[]> {
    const rows = await this.db.select().from(couponsTable).orderBy(desc(couponsTable.id));
    const usage = await this.db
      .select({
        couponId: couponUsesTable.couponId,
        uses: sql<number>`count(*) filter (where ${couponUsesTable.givenBackAt} is null)::int`,
        givenBack: sql<number>`count(*) filter (where ${couponUsesTable.givenBackAt} is not null)::int`,
        members: sql<number>`count(distinct ${couponUsesTable.userId}) filter (where ${couponUsesTable.givenBackAt} is null)::int`,
        discount: sql<number>`coalesce(sum(${couponUsesTable.discountWithTax}) filter (where ${couponUsesTable.givenBackAt} is null), 0)::int`,
      })
      .from(couponUsesTable)
      .groupBy(couponUsesTable.couponId);
    const byId = new Map(usage.map((each) => [each.couponId, each]));
    return rows.map((row) => {
      const figures = byId.get(row.id);
      return {
        ...row,
        uses: Number(figures?.uses ?? 0),
        givenBack: Number(figures?.givenBack ?? 0),
        members: Number(figures?.members ?? 0),
        discountGiven: Number(figures?.discount ?? 0),
      };
    });
  }

  async byId(id: number): Promise<CouponRow | undefined> {
    const [row] = await this.db.select().from(couponsTable).where(eq(couponsTable.id, id));
    return row;
  }

  async create(input: CouponInput, staffId: number | null, locale: Locale): Promise<CouponRow> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: couponsTable.id }).from(couponsTable).where(eq(couponsTable.code, input.code));
      if (taken) throw fieldRefusal("code", COUPON_FORM_REFUSALS.codeTaken[locale]);
      const [row] = await tx
        .insert(couponsTable)
        .values({ ...input, createdByStaffId: staffId })
        .returning();
      return row!;
    });
  }

  async update(id: number, input: CouponInput, locale: Locale): Promise<CouponRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(couponsTable).where(eq(couponsTable.id, id)).for("update");
      if (!current) throw new DomainError("not-found");
      if (input.code !== current.code) {
        const [taken] = await tx.select({ id: couponsTable.id }).from(couponsTable).where(eq(couponsTable.code, input.code));
        if (taken) throw fieldRefusal("code", COUPON_FORM_REFUSALS.codeTaken[locale]);
      }
      // A limit may not go below the uses already standing.
      if (input.totalLimit !== null && input.totalLimit < current.usedCount) {
        throw fieldRefusal("total_limit", COUPON_FORM_REFUSALS.limitBelowUses[locale].replace("{count}", String(current.usedCount)));
      }
      const [row] = await tx
        .update(couponsTable)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(couponsTable.id, id))
        .returning();
      return row!;
    });
  }

  /** Every use, newest first, for the usage CSV. */
  async uses(): Promise<CouponUseRow[]> {
    return this.db
      .select({
        code: couponsTable.code,
        orderId: couponUsesTable.orderId,
        userId: couponUsesTable.userId,
        discount: couponUsesTable.discount,
        discountWithTax: couponUsesTable.discountWithTax,
        usedAt: couponUsesTable.usedAt,
        givenBackAt: couponUsesTable.givenBackAt,
      })
      .from(couponUsesTable)
      .innerJoin(couponsTable, eq(couponsTable.id, couponUsesTable.couponId))
      .orderBy(desc(couponUsesTable.id));
  }

  /**
   * The coupon a checkout typed, checked against the order, in the order's transaction: its row is
   * locked (`for update`), so two checkouts for the last use queue here and the second counts the
   * first's use. Throws the refusal (422 under coupon_code) when it cannot be used.
   */
  async forOrder(
    tx: Database,
    typed: string,
    order: { userId: number | null; lines: readonly OrderLineForCoupon[]; now: Date; locale: Locale },
    options: { lock: boolean; field?: string } = { lock: true },
  ): Promise<CouponForOrder> {
    const code = normalizeCouponCode(typed);
    const query = tx.select().from(couponsTable).where(eq(couponsTable.code, code));
    const [row] = code === "" ? [] : options.lock ? await query.for("update") : await query;
    const rule = row ? ruleOf(row) : null;
    const series = await this.deps.catalogReads.seriesOf(
      order.lines.map((line) => line.productId),
      tx,
    );
    const lines: CouponLine[] = order.lines.map((line) => ({ ...line, seriesIds: series.get(line.productId) ?? [] }));
    const memberUses =
      row && order.userId !== null
        ? ((
            await tx
              .select({ uses: count() })
              .from(couponUsesTable)
              .where(and(eq(couponUsesTable.couponId, row.id), eq(couponUsesTable.userId, order.userId), isNull(couponUsesTable.givenBackAt)))
          )[0]?.uses ?? 0)
        : 0;
    const refusal = couponRefusal(rule, { now: order.now, userId: order.userId, lines, usesSoFar: row?.usedCount ?? 0, memberUses });
    if (refusal) throw refused(refusal, rule, order.locale, options.field);
    return {
      couponId: row!.id,
      applied: { code: row!.code, kind: row!.kind, value: row!.value, eligible: lines.map((line) => lineIsEligible(line, row!.target)) },
      combinable: row!.combinable,
    };
  }

  /**
   * Every code a checkout typed, checked together in the order's transaction (decision 086): each as
   * forOrder checks one, its row locked in the order of the codes (so two checkouts with the same two
   * codes queue rather than deadlock), then as a combination — the same code twice, a coupon not
   * combinable beside another, a second free shipping. All refusals are answered at once, each under
   * the field its code was typed in. Returns the coupons in the order typed.
   */
  async forOrderAll(
    tx: Database,
    typed: readonly TypedCoupon[],
    order: { userId: number | null; lines: readonly OrderLineForCoupon[]; now: Date; locale: Locale },
    options: { lock: boolean } = { lock: true },
  ): Promise<CouponForOrder[]> {
    const fields: Record<string, string[]> = {};
    const refuse = (field: string, text: string) => (fields[field] ??= []).push(text);
    const codes = typed.map((each) => normalizeCouponCode(each.code));
    const found: (CouponForOrder | null)[] = typed.map(() => null);
    const firstIndexOf = new Map<string, number>();
    codes.forEach((code, index) => {
      if (!firstIndexOf.has(code)) firstIndexOf.set(code, index);
    });
    // Each distinct code once, locked in the codes' order.
    for (const [code, index] of [...firstIndexOf.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      try {
        found[index] = await this.forOrder(tx, code, order, { lock: options.lock, field: typed[index]!.field });
      } catch (error) {
        if (!(error instanceof DomainError) || !error.fields) throw error;
        for (const [field, texts] of Object.entries(error.fields)) for (const text of texts) refuse(field, text);
      }
    }
    const combination = couponCombinationRefusals(
      typed.map((each, index) => {
        const coupon = found[firstIndexOf.get(codes[index]!)!];
        return coupon
          ? { code: coupon.applied.code, kind: coupon.applied.kind, combinable: coupon.combinable }
          : { code: codes[index]!, kind: "fixed" as const, combinable: true };
      }),
    );
    for (const { index, refusal } of combination) {
      // A code already refused on its own keeps that one message.
      if (refusal !== "duplicate" && found[index] === null) continue;
      refuse(typed[index]!.field, couponCombinationText(refusal, order.locale));
    }
    if (Object.keys(fields).length > 0) throw new DomainError("invalid", undefined, fields, Object.values(fields).flat());
    return found as CouponForOrder[];
  }

  /**
   * What the checkout's summary shows before the order (POST /api/coupons/preview): the coupons checked
   * against the visitor's cart as the order would check them (forOrderAll), without locking or booking anything.
   */
  async preview(
    typed: string | readonly TypedCoupon[],
    cart: { items: readonly { id: number; amount: number }[]; userId: number | null; standardRatePercent: number; now: Date; locale: Locale },
  ): Promise<CouponPreview[]> {
    const facts = new Map((await this.deps.catalogReads.couponFacts(cart.items.map((item) => item.id))).map((each) => [each.id, each]));
    const lines: OrderLineForCoupon[] = cart.items.flatMap((item) => {
      const product = facts.get(item.id);
      if (!product || item.amount <= 0) return [];
      return [
        {
          productId: item.id,
          unitPrice: product.price,
          amount: item.amount,
          taxRatePercent: taxRateOf(product, cart.standardRatePercent),
          liquorType: product.liquorType,
        },
      ];
    });
    const codes = typeof typed === "string" ? [{ field: "coupon_code", code: typed }] : typed;
    const found = await this.db.transaction((tx) =>
      this.forOrderAll(tx, codes, { userId: cart.userId, lines, now: cart.now, locale: cart.locale }, { lock: false }),
    );
    return found.map((each) => ({
      code: each.applied.code,
      kind: each.applied.kind,
      value: each.applied.value,
      combinable: each.combinable,
      eligible_product_ids: lines.filter((_, index) => each.applied.eligible[index]).map((line) => line.productId),
    }));
  }

  /**
   * The use booked with the order, in its transaction: the guarded update never takes the count past
   * the limit (the last word, whatever the check before said).
   */
  async book(
    tx: Database,
    coupon: CouponForOrder,
    use: { orderId: number; userId: number | null; discount: number; discountWithTax: number; locale: Locale; field?: string },
  ): Promise<void> {
    const taken = await tx
      .update(couponsTable)
      .set({ usedCount: sql`${couponsTable.usedCount} + 1` })
      .where(and(eq(couponsTable.id, coupon.couponId), sql`(${couponsTable.totalLimit} is null or ${couponsTable.usedCount} < ${couponsTable.totalLimit})`))
      .returning({ id: couponsTable.id });
    if (taken.length === 0) throw refused({ reason: "used_up" }, null, use.locale, use.field);
    await tx
      .insert(couponUsesTable)
      .values({ couponId: coupon.couponId, orderId: use.orderId, userId: use.userId, discount: use.discount, discountWithTax: use.discountWithTax });
  }

  /** A cancelled order gives its coupon's use back, in the cancellation's transaction (decision 086). */
  async giveBack(tx: Database, orderId: number): Promise<void> {
    const given = await tx
      .update(couponUsesTable)
      .set({ givenBackAt: new Date() })
      .where(and(eq(couponUsesTable.orderId, orderId), isNull(couponUsesTable.givenBackAt)))
      .returning({ couponId: couponUsesTable.couponId });
    for (const each of given) {
      await tx
        .update(couponsTable)
        .set({ usedCount: sql`greatest(${couponsTable.usedCount} - 1, 0)` })
        .where(eq(couponsTable.id, each.couponId));
    }
  }
}
