import type { LiquorReport } from "../back-office.ts";
import {
  STOCK_MOVE_KINDS,
  type LiquorYearReport,
  type ProductStockMoves,
  type PurchaseBookRow,
  type SalesBookRow,
  type StockMoveKind,
} from "../stock-ledger.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/** The liquor ledger's answers (decisions 038, 061): a product's moves, suppliers, stock-takes, the books and the yearly reports. */

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

/** The period a book was asked for (the month so far when no dates were given) and its 品目, if one. */
const bookPeriodSchema = z.object({ from: z.string(), to: z.string(), category: z.string().optional() });

const purchaseBookRowSchema = z.object({
  date: z.string(),
  category: z.string().nullable(),
  category_label: z.string(),
  bracket: z.string(),
  bracket_label: z.string(),
  alcohol_percent: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  volume_ml: z.number().nullable(),
  quantity: z.number(),
  litres: z.string().nullable(),
  unit_cost: z.number().nullable(),
  amount: z.number().nullable(),
  supplier_name: z.string(),
  supplier_address: z.string(),
  supplier_invoice_number: z.string().nullable(),
  deductible_percent: z.number().nullable(),
});
export const purchaseBookRowMatches: SameShape<z.output<typeof purchaseBookRowSchema>, PurchaseBookRow> = true;
/** GET /admin/api/ledger/purchases (as JSON): the 仕入帳's rows and the period. */
export const purchaseBookAnswer = z.object({ data: z.array(purchaseBookRowSchema), meta: bookPeriodSchema });

const salesBookRowSchema = z.object({
  date: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  category: z.string(),
  category_label: z.string(),
  bracket: z.string(),
  bracket_label: z.string(),
  sold: z.number(),
  returned: z.number(),
  net: z.number(),
  litres: z.string(),
  amount: z.number(),
});
export const salesBookRowMatches: SameShape<z.output<typeof salesBookRowSchema>, SalesBookRow> = true;
/** GET /admin/api/ledger/sales (as JSON): the 販売帳's rows, the period and whether by day or month. */
export const salesBookAnswer = z.object({ data: z.array(salesBookRowSchema), meta: bookPeriodSchema.extend({ mode: z.enum(["daily", "monthly"]) }) });

/** The fiscal year asked, the current one and the first the shop has. */
const fiscalYearsSchema = z.object({ current_fiscal_year: z.number(), first_fiscal_year: z.number() });

const yearReportSchema = z.object({
  fiscal_year: z.number(),
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      category: z.string(),
      category_label: z.string(),
      opening_litres: z.string(),
      purchased_litres: z.string(),
      sold_litres: z.string(),
      other_litres: z.string(),
      closing_litres: z.string(),
      bottles_without_volume: z.number(),
    }),
  ),
});
export const yearReportMatches: SameShape<z.output<typeof yearReportSchema>, LiquorYearReport> = true;
/** GET /admin/api/ledger/year (as JSON): the year's litres per 品目. */
export const liquorYearAnswer = z.object({ data: yearReportSchema, meta: fiscalYearsSchema });

const liquorReportSchema = z.object({
  fiscal_year: z.number(),
  from: z.string(),
  to: z.string(),
  groups: z.array(
    z.object({
      liquor_type: z.string().nullable(),
      label: z.string(),
      bottles: z.number(),
      litres: z.string(),
      bottles_without_volume: z.number(),
      lines: z.array(
        z.object({
          product_id: z.number().nullable(),
          name: z.string(),
          volume_ml: z.number().nullable(),
          alcohol_percent: z.string().nullable(),
          bottles: z.number(),
          litres: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export const liquorReportMatches: SameShape<z.output<typeof liquorReportSchema>, LiquorReport> = true;
/** GET /admin/api/reports/liquor-sales (as JSON): 酒類の販売数量等報告書's figures. */
export const liquorSalesReportAnswer = z.object({ data: liquorReportSchema, meta: fiscalYearsSchema });
