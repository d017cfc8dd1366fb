import { asc, eq } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import { STOCK_MAX } from "../../domain/admin-catalog.ts";
import type { ProductStockMoves, StockMoveActor, StockMoveKind } from "../../domain/stock-ledger.ts";
import { STOCK_MOVE_KINDS, adjustmentDelta, ledgerSum } from "../../domain/stock-ledger.ts";
import type { Database } from "../db/client.ts";
import { productsTable, stockMovesTable, suppliersTable } from "../db/schema/catalog.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors, fieldRefusal } from "../i18n/validation.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { StockMoveRecord } from "./catalog.stock.ts";
import { recordStockMove } from "./catalog.stock.ts";
import type { AdjustmentInput, ReceivingInput } from "../../domain/ledger-input.ts";

/**
 * Changes a product's stock by `move.quantity` with its row locked and books the move in the same
 * transaction; undefined when the product is gone, "out of range" when the stock would leave
 * 0 … STOCK_MAX (nothing written then).
 */
export async function moveStock(tx: Database, move: StockMoveRecord): Promise<StockMoved | undefined> {
  const [row] = await tx.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, move.productId)).for("update");
  if (!row) return undefined;
  const after = row.stock + move.quantity;
  if (after < 0 || after > STOCK_MAX) return { refused: true, before: row.stock, after };
  if (move.quantity === 0) return { refused: false, before: row.stock, after };
  await tx.update(productsTable).set({ stock: after, updatedAt: new Date() }).where(eq(productsTable.id, move.productId));
  await recordStockMove(tx, move);
  return { refused: false, before: row.stock, after };
}

interface StockMoved {
  /** True when the stock would have left 0 … STOCK_MAX: nothing was written. */
  refused: boolean;
  before: number;
  after: number;
}

/**
 * Sets a product's stock to the figure counted (the back office's stock field), booking the
 * difference as a stock-take correction; a no-op when the figure is unchanged.
 */
export async function setCountedStock(
  tx: Database,
  productId: number,
  counted: number,
  by: { actor: StockMoveActor; actorId?: string | null; reason: string },
): Promise<void> {
  const [row] = await tx.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, productId)).for("update");
  if (!row || row.stock === counted) return;
  await moveStock(tx, { productId, kind: "correction", quantity: counted - row.stock, actor: by.actor, actorId: by.actorId ?? null, reason: by.reason });
}

/**
 * The liquor ledger of the back office (酒税法 §46, docs/decisions/038): receivings and adjustments
 * recorded by staff, and a product's moves with the running balance. Writes go through the
 * catalogue's write handle, so a product sold out or back in stock shows so in the shop at once.
 */
export class StockLedgerService {
  private readonly db: Database;

  constructor(deps: { catalog: CatalogService }) {
    this.db = deps.catalog.writeDatabase();
  }

  async movesOf(productId: number, locale: Locale): Promise<ProductStockMoves> {
    const [product] = await this.db.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, productId));
    if (!product) throw new DomainError("not-found");
    const rows = await this.db.select().from(stockMovesTable).where(eq(stockMovesTable.productId, productId)).orderBy(asc(stockMovesTable.id));
    let balance = 0;
    const moves = rows.map((row) => {
      balance += row.quantity;
      const kind = row.kind as StockMoveKind;
      return {
        id: row.id,
        kind,
        kind_label: STOCK_MOVE_KINDS[kind][locale],
        quantity: row.quantity,
        balance,
        date: row.movedOn,
        at: row.at.toISOString(),
        unit_yen: row.unitYen,
        supplier_name: row.supplierName,
        supplier_address: row.supplierAddress,
        supplier_invoice_number: row.supplierInvoiceNumber,
        reason: row.reason,
        actor: row.actorKind,
        actor_id: row.actorId,
        order_id: row.orderId,
      };
    });
    // Newest first, as the trader reads a stock card from the top.
    return { product_id: productId, stock: product.stock, ledger_total: ledgerSum(rows), moves: moves.reverse() };
  }

  /** 仕入: bottles arrived from a supplier. */
  async recordReceiving(productId: number, input: ReceivingInput, staffId: number, locale: Locale): Promise<ProductStockMoves> {
    const moved = await this.db.transaction(async (tx) => {
      let supplier = { name: input.supplierName, address: input.supplierAddress, invoiceNumber: input.supplierInvoiceNumber };
      if (input.supplierId !== null) {
        // The record's name, address and registration number as they are today are what the book keeps.
        const [record] = await tx.select().from(suppliersTable).where(eq(suppliersTable.id, input.supplierId));
        if (!record) throw fieldRefusal(locale, "supplier_id", "inclusion");
        supplier = { name: record.name, address: record.address, invoiceNumber: record.invoiceNumber };
      }
      return moveStock(tx, {
        productId,
        kind: "receiving",
        quantity: input.quantity,
        movedOn: input.receivedOn,
        unitYen: input.unitCost,
        supplierId: input.supplierId,
        supplierName: supplier.name,
        supplierAddress: supplier.address,
        supplierInvoiceNumber: supplier.invoiceNumber,
        actor: "staff",
        actorId: String(staffId),
      });
    });
    this.refuseUnless(moved, locale);
    return this.movesOf(productId, locale);
  }

  /** Breakage, tasting, a buyer's return or a stock-take count, with its reason. */
  async recordAdjustment(productId: number, input: AdjustmentInput, staffId: number, locale: Locale): Promise<ProductStockMoves> {
    const moved = await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, productId)).for("update");
      if (!row) return undefined;
      const quantity = adjustmentDelta(input.kind, input.quantity, row.stock);
      return moveStock(tx, { productId, kind: input.kind, quantity, reason: input.reason, actor: "staff", actorId: String(staffId) });
    });
    this.refuseUnless(moved, locale);
    return this.movesOf(productId, locale);
  }

  /** A 404 for a product gone; a 422 on the quantity when the stock would go below zero or past the maximum. */
  private refuseUnless(moved: StockMoved | undefined, locale: Locale): void {
    if (moved === undefined) throw new DomainError("not-found");
    if (moved.refused) {
      const errors = new FieldErrors(locale);
      if (moved.after < 0) errors.add("quantity", "less_than_or_equal_to", { count: moved.before });
      else errors.add("quantity", "less_than_or_equal_to", { count: STOCK_MAX - moved.before });
      throw validationFailed(errors);
    }
  }
}
