import { STOCK_MOVE_KINDS, type ProductStockMoves, type StockMoveKind } from "../stock-ledger.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/** The liquor ledger's answers (decisions 038, 061): a product's moves, suppliers, stock-takes. */

const stockMovesSchema = z.object({
  product_id: z.number(),
  stock: z.number(),
  ledger_total: z.number(),
  moves: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(Object.keys(STOCK_MOVE_KINDS) as [StockMoveKind, ...StockMoveKind[]]),
      kind_label: z.string(),
      quantity: z.number(),
      balance: z.number(),
      date: z.string(),
      at: z.string(),
      unit_yen: z.number().nullable(),
      supplier_name: z.string().nullable(),
      supplier_address: z.string().nullable(),
      supplier_invoice_number: z.string().nullable(),
      reason: z.string().nullable(),
      actor: z.enum(["staff", "order", "system"]),
      actor_id: z.string().nullable(),
      order_id: z.number().nullable(),
    }),
  ),
});
export const stockMovesMatches: SameShape<z.output<typeof stockMovesSchema>, ProductStockMoves> = true;
/** GET /admin/api/products/{id}/stock-moves, and a receiving's or adjustment's 201. */
export const stockMovesAnswer = dataOf(stockMovesSchema);

const supplierSchema = z.object({ id: z.number(), name: z.string(), address: z.string(), invoice_number: z.string().nullable() });
/** GET /admin/api/suppliers. */
export const suppliersAnswer = dataOf(z.array(supplierSchema));
/** POST (201) and PATCH /admin/api/suppliers/{id}. */
export const supplierAnswer = dataOf(supplierSchema);

/** GET and POST (201) /admin/api/ledger/stock-takes: every stock-take and whether one is overdue. */
export const stockTakesAnswer = dataOf(
  z.object({
    stock_takes: z.array(z.object({ id: z.number(), taken_on: z.string(), note: z.string(), staff_id: z.number().nullable(), kept_until: z.string() })),
    last_taken_on: z.string().nullable(),
    overdue: z.boolean(),
  }),
);
