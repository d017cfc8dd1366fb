import type { Locale } from "../../domain/locale.ts";
import { japanDateOf, japanMidnight } from "../../domain/japan-time.ts";
import { trainingWarning } from "../../domain/liquor-law.ts";
import { CatalogReadModel } from "../catalog/catalog.read-model.ts";
import type { Database } from "../db/client.ts";
import { InquiriesReadModel } from "../inquiries/inquiries.read-model.ts";
import { OrdersReadModel } from "../orders/orders.read-model.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { Dashboard } from "../../domain/back-office.ts";

/** Published bottles at or below this stock are listed as running low. */
export const LOW_STOCK_AT = 3;

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The figures the trader opens the back office for. Orders and sales count binding orders only
 * (not a card order still pending, not a cancelled one); today and this month are Japan dates
 * whatever the server's time zone. Each figure comes from the read model its module publishes
 * (orders, catalogue, inquiries): the dashboard queries no other module's tables.
 */
export class DashboardService {
  private readonly orders: OrdersReadModel;
  private readonly catalog: CatalogReadModel;
  private readonly inquiries: InquiriesReadModel;

  constructor(
    db: Database,
    private readonly shopProfiles: ShopProfileService,
  ) {
    this.orders = new OrdersReadModel(db);
    this.catalog = new CatalogReadModel(db);
    this.inquiries = new InquiriesReadModel(db);
  }

  async figures(locale: Locale, now = new Date()): Promise<Dashboard> {
    const { year, month, day } = japanDateOf(now);
    const nextMonth = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
    const today = await this.orders.sales(japanMidnight(isoDate(year, month, day)), japanMidnight(isoDate(year, month, day), 1));
    const thisMonth = await this.orders.sales(japanMidnight(isoDate(year, month, 1)), japanMidnight(nextMonth));
    const waiting = await this.orders.waiting();
    const lowStock = await this.catalog.lowStock(LOW_STOCK_AT);
    const profile = await this.shopProfiles.profile();
    const overdue = await this.orders.overdueInvoices(now, profile.terms);
    return {
      today,
      month: thisMonth,
      awaiting_deposit: waiting.awaitingDeposit,
      to_ship: waiting.toShip,
      overdue_invoices: overdue,
      low_stock: lowStock.map((row) => ({ id: row.id, name: locale === "ja" ? row.nameJa : row.nameEn, stock: row.stock })),
      unhandled_inquiries: await this.inquiries.unhandledCount(),
      training_deadline: trainingWarning({ year, month, day }, profile.liquorSalesManager.nextTrainingDeadline),
    };
  }
}
