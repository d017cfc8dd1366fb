import { and, asc, count, eq, gte, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import { japanDateOf, japanMidnight } from "../../domain/japan-time.ts";
import type { TrainingWarning } from "../../domain/liquor-law.ts";
import { trainingWarning } from "../../domain/liquor-law.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { Database } from "../db/client.ts";
import { inquiriesTable } from "../db/schema/accounts.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { ordersTable } from "../db/schema/orders.ts";

/** Published bottles at or below this stock are listed as running low. */
export const LOW_STOCK_AT = 3;

export interface Dashboard {
  today: { orders: number; sales: number };
  month: { orders: number; sales: number };
  awaiting_deposit: number;
  to_ship: number;
  low_stock: { id: number; name: string; stock: number }[];
  unhandled_inquiries: number;
  /** Set when the liquor-sales manager's training deadline is near or past. */
  training_deadline: TrainingWarning | null;
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The figures the trader opens the back office for. Orders and sales count binding orders only
 * (not a card order still pending, not a cancelled one); today and this month are Japan dates
 * whatever the server's time zone. The back office reads across modules (orders, catalogue,
 * inquiries), so these few counts are queried here rather than spread over their services.
 */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly shopProfiles: ShopProfileService,
  ) {}

  async figures(locale: Locale, now = new Date()): Promise<Dashboard> {
    const { year, month, day } = japanDateOf(now);
    const nextMonth = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
    const today = await this.sales(japanMidnight(isoDate(year, month, day)), japanMidnight(isoDate(year, month, day), 1));
    const thisMonth = await this.sales(japanMidnight(isoDate(year, month, 1)), japanMidnight(nextMonth));
    const [waiting] = await this.db
      .select({
        awaitingDeposit: sql<number>`count(*) filter (where ${ordersTable.status} = 'await_payment' and ${ordersTable.paymentMethod} = 'bank')`,
        toShip: sql<number>`count(*) filter (where ${ordersTable.status} = 'deposited' or (${ordersTable.status} = 'await_payment' and ${ordersTable.paymentMethod} = 'cod'))`,
      })
      .from(ordersTable)
      .where(or(eq(ordersTable.status, "await_payment"), eq(ordersTable.status, "deposited")));
    const lowStock = await this.db
      .select({ id: productsTable.id, nameJa: productsTable.nameJa, nameEn: productsTable.nameEn, stock: productsTable.stock })
      .from(productsTable)
      .where(and(eq(productsTable.published, true), eq(productsTable.soldOutFlag, false), lte(productsTable.stock, LOW_STOCK_AT)))
      .orderBy(asc(productsTable.stock), asc(productsTable.id));
    const [inquiries] = await this.db.select({ n: count() }).from(inquiriesTable).where(isNull(inquiriesTable.handledAt));
    return {
      today,
      month: thisMonth,
      awaiting_deposit: Number(waiting?.awaitingDeposit ?? 0),
      to_ship: Number(waiting?.toShip ?? 0),
      low_stock: lowStock.map((row) => ({ id: row.id, name: locale === "ja" ? row.nameJa : row.nameEn, stock: row.stock })),
      unhandled_inquiries: Number(inquiries?.n ?? 0),
      training_deadline: trainingWarning({ year, month, day }, (await this.shopProfiles.profile()).liquorSalesManager.nextTrainingDeadline),
    };
  }

  /** Binding orders created from `since` until before `until`. */
  private async sales(since: Date, until: Date): Promise<{ orders: number; sales: number }> {
    const [row] = await this.db
      .select({ orders: count(), sales: sql<number>`coalesce(sum(${ordersTable.price}), 0)` })
      .from(ordersTable)
      .where(and(gte(ordersTable.createdAt, since), lt(ordersTable.createdAt, until), notInArray(ordersTable.status, ["pending", "cancelled"])));
    return { orders: Number(row?.orders ?? 0), sales: Number(row?.sales ?? 0) };
  }
}
