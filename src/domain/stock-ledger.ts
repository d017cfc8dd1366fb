import type { LocalizedText } from "./shop-profile.ts";
import { litresOf } from "./liquor-law.ts";

// The liquor ledger (酒税法 §46, docs/decisions/038-liquor-ledger.md): a product's stock is the sum of
// its recorded moves, each kept with who made it and when; the books for the tax office are read
// from the moves.

/** Every kind of move, with the sign its quantity takes and its label in the books. */
export const STOCK_MOVE_KINDS = {
  opening: { ja: "期首在庫", en: "Opening balance" },
  receiving: { ja: "仕入", en: "Receiving" },
  sale: { ja: "販売", en: "Sale" },
  cancellation: { ja: "注文取消", en: "Order cancelled" },
  return: { ja: "返品受入", en: "Return from a buyer" },
  breakage: { ja: "破損", en: "Breakage" },
  tasting: { ja: "試飲", en: "Tasting" },
  correction: { ja: "棚卸修正", en: "Stock-take correction" },
} as const satisfies Record<string, LocalizedText>;

export type StockMoveKind = keyof typeof STOCK_MOVE_KINDS;

/** What the trader records by hand besides a receiving; each needs a reason. */
export const ADJUSTMENT_KINDS = ["breakage", "tasting", "return", "correction"] as const satisfies readonly StockMoveKind[];
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** Who made a move: a staff member (their id), an order (its id) or the shop itself (migration, seed). */
export type StockMoveActor = "staff" | "order" | "system";

export const LEDGER_QUANTITY_MAX = 99_999;
export const UNIT_COST_MAX = 10_000_000;
export const SUPPLIER_TEXT_MAX = 200;
export const REASON_MAX = 200;

/**
 * The change to the stock an adjustment makes: breakage and tasting take bottles off, a buyer's
 * return puts them back, a stock-take correction sets the counted figure (the move is the difference).
 */
export function adjustmentDelta(kind: AdjustmentKind, quantity: number, stockNow: number): number {
  if (kind === "correction") return quantity - stockNow;
  return kind === "return" ? quantity : -quantity;
}

/** The stock the moves add up to. */
export function ledgerSum(moves: readonly { quantity: number }[]): number {
  return moves.reduce((sum, move) => sum + move.quantity, 0);
}

/** Bottles × millilitres as litres with three decimals ("8.400"); null when the volume is not recorded. */
export function bottleLitres(bottles: number, volumeMl: number | null): string | null {
  return volumeMl === null ? null : litresOf(bottles * volumeMl);
}

/** One move as the back office lists it under a product. */
export interface StockMoveResource {
  id: number;
  kind: StockMoveKind;
  kind_label: string;
  /** Signed: bottles in are positive, bottles out negative. */
  quantity: number;
  /** The running stock after this move. */
  balance: number;
  /** The business date (Japan), yyyy-mm-dd: the receiving's date as typed, else the day it was recorded. */
  date: string;
  at: string;
  unit_yen: number | null;
  supplier_name: string | null;
  supplier_address: string | null;
  /** The supplier's invoice registration number when booked (T + 13 digits); null: not registered or not stated. */
  supplier_invoice_number: string | null;
  reason: string | null;
  actor: StockMoveActor;
  actor_id: string | null;
  order_id: number | null;
}

export interface ProductStockMoves {
  product_id: number;
  stock: number;
  /** The sum of the moves; equals `stock` unless something wrote the stock past the ledger. */
  ledger_total: number;
  moves: StockMoveResource[];
}

/** 仕入帳: one row per receiving, in its 品目 and 税率の適用区分 (docs/decisions/061). */
export interface PurchaseBookRow {
  date: string;
  category: string | null;
  category_label: string;
  /** 税率の適用区分: a key of taxBracketOf (domain/liquor-tax-brackets.ts) and its label. */
  bracket: string;
  bracket_label: string;
  /** Alcohol strength in percent when booked ("40.0"), or null when not recorded. */
  alcohol_percent: string | null;
  product_id: number;
  product_name: string;
  volume_ml: number | null;
  quantity: number;
  litres: string | null;
  unit_cost: number | null;
  amount: number | null;
  supplier_name: string;
  supplier_address: string;
  /** T + 13 digits when the supplier is 適格請求書発行事業者; null otherwise. */
  supplier_invoice_number: string | null;
  /** The share of the purchase's consumption tax that may be deducted (100, 80, 70), null past the encoded steps. */
  deductible_percent: number | null;
}

/**
 * 販売帳: one row per day (or month, with the stock-takes it requires) and 品目 and 税率の適用区分
 * (sales to consumers may be kept as totals).
 */
export interface SalesBookRow {
  /** The day (yyyy-mm-dd), or the month (yyyy-mm) with monthly totals. */
  date: string;
  /** The first and last day the figure covers (both included): the day, or the month within the period asked. */
  period_from: string;
  period_to: string;
  category: string;
  category_label: string;
  bracket: string;
  bracket_label: string;
  sold: number;
  /** Bottles of orders cancelled and returns from buyers that day. */
  returned: number;
  net: number;
  litres: string;
  /** Yen before tax, sales less cancellations and returns at the price sold. */
  amount: number;
}

/** The yearly report's figures per 品目, in litres: opening + purchases − sales + other = year end. */
export interface YearFigures {
  category: string;
  category_label: string;
  opening_litres: string;
  purchased_litres: string;
  sold_litres: string;
  other_litres: string;
  closing_litres: string;
  /** Bottles whose product has no volume recorded, so not in the litres. */
  bottles_without_volume: number;
}

export interface LiquorYearReport {
  fiscal_year: number;
  from: string;
  to: string;
  rows: YearFigures[];
}
