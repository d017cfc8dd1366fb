import { and, asc, desc, eq, gt } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import { booksKeptUntil, stockTakeOverdue } from "../../domain/liquor-law.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { stockMovesTable, stockTakesTable, suppliersTable } from "../db/schema/catalog.ts";
import { japanToday } from "./catalog.stock.ts";
import type { StockTakeInput, SupplierInput } from "../../domain/ledger-input.ts";

export interface SupplierResource {
  id: number;
  name: string;
  address: string;
  /** T + 13 digits, or null: not 適格請求書発行事業者. */
  invoice_number: string | null;
}

export interface StockTakeResource {
  id: number;
  taken_on: string;
  note: string;
  staff_id: number | null;
  kept_until: string;
}

export interface StockTakeStatus {
  stock_takes: StockTakeResource[];
  last_taken_on: string | null;
  /** True when the last stock-take is more than three months ago: monthly sales totals are not allowed then. */
  overdue: boolean;
}

const TEXTS = {
  ja: {
    keptUntil: (what: string, until: string) => `${what}は帳簿閉鎖後5年間の保存が必要なため、${until}まで削除できません(酒税法施行令第52条)。`,
    move: "在庫台帳の記録",
    stockTake: "棚卸しの記録",
    moveNever: "在庫台帳の記録は削除できません。在庫数は記録の合計で計算しているため、誤りは訂正の記録を追加してください。",
    supplierInBooks: "この仕入先は仕入帳に記載されているため削除できません。名称・所在地・登録番号の変更はできます。",
  },
  en: {
    keptUntil: (what: string, until: string) =>
      `The ${what} must be kept five years after the books close, so it cannot be deleted until ${until} (Liquor Tax Act Order, Article 52).`,
    move: "stock ledger entry",
    stockTake: "stock-take record",
    moveNever: "Stock ledger entries cannot be deleted: the stock is the sum of the entries, so book a correction instead.",
    supplierInBooks: "This supplier is named in the purchase book and cannot be deleted; its name, address and registration number can be changed.",
  },
} as const;

function refused(message: string): DomainError {
  return new DomainError("conflict", undefined, undefined, [message]);
}

/**
 * What the liquor books need beside the moves (docs/decisions/061): the supplier records with their
 * invoice registration numbers, the stock-takes that allow monthly retail totals, and the refusals
 * that keep the books five years after closing (the database refuses as well).
 */
export class LiquorBookRecordsService {
  constructor(private readonly db: Database) {}

  async suppliers(): Promise<SupplierResource[]> {
    const rows = await this.db.select().from(suppliersTable).orderBy(asc(suppliersTable.name), asc(suppliersTable.id));
    return rows.map((row) => ({ id: row.id, name: row.name, address: row.address, invoice_number: row.invoiceNumber }));
  }

  async createSupplier(input: SupplierInput): Promise<SupplierResource> {
    const [row] = await this.db.insert(suppliersTable).values({ name: input.name, address: input.address, invoiceNumber: input.invoiceNumber }).returning();
    return { id: row!.id, name: row!.name, address: row!.address, invoice_number: row!.invoiceNumber };
  }

  /** Changes the record; receivings already booked keep the name, address and number they were booked with. */
  async updateSupplier(id: number, input: SupplierInput): Promise<SupplierResource> {
    const [row] = await this.db
      .update(suppliersTable)
      .set({ name: input.name, address: input.address, invoiceNumber: input.invoiceNumber, updatedAt: new Date() })
      .where(eq(suppliersTable.id, id))
      .returning();
    if (!row) throw new DomainError("not-found");
    return { id: row.id, name: row.name, address: row.address, invoice_number: row.invoiceNumber };
  }

  async deleteSupplier(id: number, locale: Locale): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [used] = await tx.select({ id: stockMovesTable.id }).from(stockMovesTable).where(eq(stockMovesTable.supplierId, id)).limit(1);
      if (used) throw refused(TEXTS[locale].supplierInBooks);
      const deleted = await tx.delete(suppliersTable).where(eq(suppliersTable.id, id)).returning({ id: suppliersTable.id });
      if (deleted.length === 0) throw new DomainError("not-found");
    });
  }

  async stockTakes(today = japanToday()): Promise<StockTakeStatus> {
    const rows = await this.db.select().from(stockTakesTable).orderBy(desc(stockTakesTable.takenOn), desc(stockTakesTable.id));
    const last = rows[0]?.takenOn ?? null;
    return {
      stock_takes: rows.map((row) => ({ id: row.id, taken_on: row.takenOn, note: row.note, staff_id: row.staffId, kept_until: booksKeptUntil(row.takenOn) })),
      last_taken_on: last,
      overdue: stockTakeOverdue(today, last),
    };
  }

  /** Stock-take dates from three months before `from` until `to`, which monthly totals of that period rest on. */
  async stockTakeDates(from: string, to: string): Promise<string[]> {
    const [year, month] = from.split("-").map(Number) as [number, number];
    const since = new Date(Date.UTC(year, month - 1 - 3, 1)).toISOString().slice(0, 10);
    const rows = await this.db
      .select({ takenOn: stockTakesTable.takenOn })
      .from(stockTakesTable)
      .where(and(gt(stockTakesTable.takenOn, since)))
      .orderBy(asc(stockTakesTable.takenOn));
    return rows.map((row) => row.takenOn).filter((date) => date <= to);
  }

  async recordStockTake(input: StockTakeInput, staffId: number): Promise<StockTakeStatus> {
    await this.db.insert(stockTakesTable).values({ takenOn: input.takenOn, note: input.note, staffId });
    return this.stockTakes();
  }

  async deleteStockTake(id: number, locale: Locale, today = japanToday()): Promise<void> {
    const [row] = await this.db.select().from(stockTakesTable).where(eq(stockTakesTable.id, id));
    if (!row) throw new DomainError("not-found");
    const keptUntil = booksKeptUntil(row.takenOn);
    if (today <= keptUntil) throw refused(TEXTS[locale].keptUntil(TEXTS[locale].stockTake, keptUntil));
    await this.db.delete(stockTakesTable).where(eq(stockTakesTable.id, id));
  }

  /**
   * A ledger entry is never deleted by the application: within the five years it must be kept, the
   * refusal names the date; after them, the stock would no longer be the sum of the entries.
   */
  async deleteMove(id: number, locale: Locale, today = japanToday()): Promise<never> {
    const [row] = await this.db.select({ movedOn: stockMovesTable.movedOn }).from(stockMovesTable).where(eq(stockMovesTable.id, id));
    if (!row) throw new DomainError("not-found");
    const keptUntil = booksKeptUntil(row.movedOn);
    if (today <= keptUntil) throw refused(TEXTS[locale].keptUntil(TEXTS[locale].move, keptUntil));
    throw refused(TEXTS[locale].moveNever);
  }
}
