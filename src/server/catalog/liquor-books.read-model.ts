import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { productsTable, stockMovesTable } from "../db/schema/catalog.ts";

/** A receiving as the 仕入帳 lists it, with the product's records today. */
export interface ReceivingLine {
  movedOn: string;
  productId: number;
  nameJa: string;
  nameEn: string;
  category: string;
  alcoholPermille: number | null;
  volumeMl: number | null;
  quantity: number;
  unitYen: number | null;
  supplierName: string | null;
  supplierAddress: string | null;
  supplierInvoiceNumber: string | null;
}

/** Bottles moved by one kind of move on one day for one product. */
export interface DailyMoveTotal {
  movedOn: string;
  productId: number;
  category: string;
  alcoholPermille: number | null;
  volumeMl: number | null;
  kind: string;
  quantity: number;
  /** Sum of quantity × unit price (negative for sales, as the quantity is). */
  yen: number;
}

/** A product's bottles moved before, and within, a period, by kind. */
export interface PeriodMoveTotal {
  productId: number;
  category: string;
  volumeMl: number | null;
  kind: string;
  before: number;
  within: number;
}

/**
 * The 品目 and strength a move is booked under: those of the product when the move was booked (a
 * trigger copies them, docs/decisions/061), else the product's today (moves booked before the
 * product had a 品目).
 */
const moveCategory = sql<string | null>`coalesce(${stockMovesTable.liquorCategory}, ${productsTable.liquorCategory})`;
const moveStrength = sql<number | null>`coalesce(${stockMovesTable.alcoholPermille}, ${productsTable.alcoholPermille})`;

/**
 * The liquor ledger as the tax office's books read it (docs/decisions/038): moves of products that
 * have a 酒類の品目; items that are not liquor (no 品目) stay out of the books. Periods are Japan
 * dates, `from` included and `until` excluded.
 */
export class LiquorBooksReadModel {
  constructor(private readonly db: Database) {}

  private liquorOnly(category: string | undefined): SQL {
    return category ? sql`${moveCategory} = ${category}` : sql`${moveCategory} is not null`;
  }

  async receivings(from: string, until: string, category?: string): Promise<ReceivingLine[]> {
    const rows = await this.db
      .select({
        movedOn: stockMovesTable.movedOn,
        productId: productsTable.id,
        nameJa: productsTable.nameJa,
        nameEn: productsTable.nameEn,
        category: moveCategory,
        alcoholPermille: moveStrength,
        volumeMl: productsTable.volumeMl,
        quantity: stockMovesTable.quantity,
        unitYen: stockMovesTable.unitYen,
        supplierName: stockMovesTable.supplierName,
        supplierAddress: stockMovesTable.supplierAddress,
        supplierInvoiceNumber: stockMovesTable.supplierInvoiceNumber,
      })
      .from(stockMovesTable)
      .innerJoin(productsTable, eq(productsTable.id, stockMovesTable.productId))
      .where(and(eq(stockMovesTable.kind, "receiving"), gte(stockMovesTable.movedOn, from), lt(stockMovesTable.movedOn, until), this.liquorOnly(category)))
      .orderBy(asc(stockMovesTable.movedOn), asc(stockMovesTable.id));
    return rows.map((row) => ({ ...row, category: row.category!, alcoholPermille: row.alcoholPermille === null ? null : Number(row.alcoholPermille) }));
  }

  async dailyTotals(kinds: string[], from: string, until: string, category?: string): Promise<DailyMoveTotal[]> {
    const rows = await this.db
      .select({
        movedOn: stockMovesTable.movedOn,
        productId: productsTable.id,
        category: moveCategory,
        alcoholPermille: moveStrength,
        volumeMl: productsTable.volumeMl,
        kind: stockMovesTable.kind,
        quantity: sql<string>`sum(${stockMovesTable.quantity})`,
        yen: sql<string>`coalesce(sum(${stockMovesTable.quantity} * ${stockMovesTable.unitYen}), 0)`,
      })
      .from(stockMovesTable)
      .innerJoin(productsTable, eq(productsTable.id, stockMovesTable.productId))
      .where(and(inArray(stockMovesTable.kind, kinds), gte(stockMovesTable.movedOn, from), lt(stockMovesTable.movedOn, until), this.liquorOnly(category)))
      .groupBy(stockMovesTable.movedOn, productsTable.id, moveCategory, moveStrength, productsTable.volumeMl, stockMovesTable.kind)
      .orderBy(asc(stockMovesTable.movedOn), asc(productsTable.id));
    return rows.map((row) => ({
      ...row,
      category: row.category!,
      alcoholPermille: row.alcoholPermille === null ? null : Number(row.alcoholPermille),
      quantity: Number(row.quantity),
      yen: Number(row.yen),
    }));
  }

  /** Per product and kind: bottles moved before `from`, and from `from` until `until`. */
  async periodTotals(from: string, until: string): Promise<PeriodMoveTotal[]> {
    const rows = await this.db
      .select({
        productId: productsTable.id,
        category: moveCategory,
        volumeMl: productsTable.volumeMl,
        kind: stockMovesTable.kind,
        before: sql<string>`coalesce(sum(${stockMovesTable.quantity}) filter (where ${stockMovesTable.movedOn} < ${from}::date), 0)`,
        within: sql<string>`coalesce(sum(${stockMovesTable.quantity}) filter (where ${stockMovesTable.movedOn} >= ${from}::date), 0)`,
      })
      .from(stockMovesTable)
      .innerJoin(productsTable, eq(productsTable.id, stockMovesTable.productId))
      .where(and(lt(stockMovesTable.movedOn, until), this.liquorOnly(undefined)))
      .groupBy(productsTable.id, moveCategory, productsTable.volumeMl, stockMovesTable.kind)
      .orderBy(asc(productsTable.id));
    return rows.map((row) => ({ ...row, category: row.category!, before: Number(row.before), within: Number(row.within) }));
  }
}
