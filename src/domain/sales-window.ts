import { japanDateOf, japanDateTimeOf } from "./japan-time.ts";
import type { Locale } from "./locale.ts";

// 予約販売 and sales windows (decision 088). A product may have a sales window (a start and an end,
// instants shown and typed in Japan time) and a release date (発売日, a Japan date): while today in
// Japan is before the release date it is sold as a pre-order (予約商品), against the bottles the
// trader set aside for pre-orders (preorder_allocation), and its bottles ship on the release date.

export interface SalesWindow {
  /** On sale from this instant; null: from the start. */
  salesStart: Date | null;
  /** On sale until this instant (not included); null: no end. */
  salesEnd: Date | null;
  /** 発売日 as yyyy-mm-dd (a Japan date); null: not a pre-order product. */
  releaseDate: string | null;
}

/** Where a product stands at an instant: not yet on sale, on sale, sold as a pre-order, sales ended. */
export type SalesPhase = "before" | "on_sale" | "preorder" | "ended";

/** A Japan date as yyyy-mm-dd. */
export function japanDateString(instant: Date): string {
  const { year, month, day } = japanDateOf(instant);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The phase of a product at `now`: before its start, "before"; at or after its end, "ended"; while
 * today in Japan is before its release date, "preorder"; otherwise "on_sale". The release date
 * turns at midnight Japan time (00:00 JST on the release date the product is on sale).
 */
export function salesPhase(window: SalesWindow, now: Date): SalesPhase {
  if (window.salesStart !== null && now.getTime() < window.salesStart.getTime()) return "before";
  if (window.salesEnd !== null && now.getTime() >= window.salesEnd.getTime()) return "ended";
  if (window.releaseDate !== null && japanDateString(now) < window.releaseDate) return "preorder";
  return "on_sale";
}

/** Whether a product in this phase may be put in a cart and ordered. */
export function sellable(phase: SalesPhase): boolean {
  return phase === "on_sale" || phase === "preorder";
}

/**
 * Bottles that may be ordered now: a pre-order sells against its allocation, anything on sale
 * against its stock less the bottles still owed to unshipped pre-orders (`preorderOwed`: after the
 * release date they are in stock when they arrive, but already sold — decision 092), never beyond
 * either; nothing outside the window.
 */
export function bottlesForSale(phase: SalesPhase, stock: number, preorderAllocation: number, preorderOwed: number): number {
  if (phase === "preorder") return Math.max(0, preorderAllocation);
  if (phase === "on_sale") return Math.max(0, stock - Math.max(0, preorderOwed));
  return 0;
}

/** 11月20日 / November 20 — a Japan date for the shopper. */
export function formatJapanDate(date: string, locale: Locale): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  if (locale === "ja") return `${year}年${month}月${day}日`;
  return `${MONTHS_EN[month - 1]} ${day}, ${year}`;
}

/**
 * 11月19日 / November 19 — a Japan date as shops write 「11月19日頃発送」: without its year when it
 * falls in the current Japan year at `now`, with it otherwise (「2027年11月18日」 / "November 18,
 * 2027"), so a date of another year never reads as this year's.
 */
export function shortJapanDate(date: string, locale: Locale, now: Date): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  if (year !== japanDateOf(now).year) return formatJapanDate(date, locale);
  return locale === "ja" ? `${month}月${day}日` : `${MONTHS_EN[month - 1]} ${day}`;
}

/** 10月1日 10:00 / October 1, 10:00 — an instant in Japan time without its year. */
export function shortJapanDateTime(instant: Date, locale: Locale): string {
  const { month, day, hour, minute } = japanDateTimeOf(instant);
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return locale === "ja" ? `${month}月${day}日 ${time}` : `${MONTHS_EN[month - 1]} ${day}, ${time}`;
}

/** 11月19日 10:00 / November 19, 10:00 (Japan time) — an instant for the shopper. */
export function formatJapanDateTime(instant: Date, locale: Locale): string {
  const { year, month, day, hour, minute } = japanDateTimeOf(instant);
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  if (locale === "ja") return `${year}年${month}月${day}日 ${time}`;
  return `${MONTHS_EN[month - 1]} ${day}, ${year}, ${time} (Japan time)`;
}

/** An instant as the back office's datetime-local field shows it, in Japan time ("2026-11-19T10:00"). */
export function japanDateTimeField(instant: Date | null): string {
  if (instant === null) return "";
  const { year, month, day, hour, minute } = japanDateTimeOf(instant);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
