import type { Locale } from "./locale.ts";

/**
 * The carriers a shipment goes with (issue #18 item 6) and where a shopper follows a parcel by its
 * slip number. The tracking pages are the carriers' public ones that take the number in the query:
 * - ヤマト運輸: the 荷物お問い合わせ page, `…/crjz.b.NQ0010?id=<number>`;
 * - 佐川急便: the お問い合わせ送り状番号 search, `okurijosearch.do?okurijoNo=<number>`;
 * - 日本郵便: the 個別番号検索 direct search, `search/direct?reqCodeNo1=<number>&searchKind=S002`.
 * Slip numbers are printed with hyphens (1234-5678-9012); the pages take the digits alone.
 */

export const CARRIER_CODES = ["yamato", "sagawa", "japanpost"] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

/** The carrier of a shipment when the trader names none (and of orders shipped before carriers were kept). */
/** The longest slip number (伝票番号) a carrier issues that the shop takes. */
export const SLIP_NUMBER_MAX = 40;

/**
 * A slip number as the shop takes it, the one rule for the ship move, the slip correction, bulk moves
 * and the carriers' issued-data files: digits, letters and hyphens, at most SLIP_NUMBER_MAX.
 */
export const SLIP_NUMBER_PATTERN = /^[0-9A-Za-z-]{1,40}$/;

export function isSlipNumber(text: string): boolean {
  return SLIP_NUMBER_PATTERN.test(text);
}

export const DEFAULT_CARRIER: CarrierCode = "yamato";

interface Carrier {
  label: Record<Locale, string>;
  trackingUrl(slip: string, locale: Locale): string;
}

export const CARRIERS: Record<CarrierCode, Carrier> = {
  yamato: {
    label: { ja: "ヤマト運輸", en: "Yamato Transport" },
    trackingUrl: (slip) => `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${encodeURIComponent(slip)}`,
  },
  sagawa: {
    label: { ja: "佐川急便", en: "Sagawa Express" },
    trackingUrl: (slip) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${encodeURIComponent(slip)}`,
  },
  japanpost: {
    label: { ja: "日本郵便", en: "Japan Post" },
    trackingUrl: (slip, locale) =>
      `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${encodeURIComponent(slip)}&searchKind=S002&locale=${locale}`,
  },
};

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === "string" && (CARRIER_CODES as readonly string[]).includes(value);
}

/** An order's stored carrier as a known one (an unknown or missing one is the default). */
export function carrierOf(stored: string | null | undefined): CarrierCode {
  return isCarrierCode(stored) ? stored : DEFAULT_CARRIER;
}

export function carrierLabel(stored: string | null | undefined, locale: Locale): string {
  return CARRIERS[carrierOf(stored)].label[locale];
}

/** The carrier's tracking page for a slip number (digits and letters only), or null without a number. */
export function trackingUrl(stored: string | null | undefined, slip: string | null | undefined, locale: Locale = "ja"): string | null {
  const number = (slip ?? "").replace(/[^0-9A-Za-z]/g, "");
  if (!number) return null;
  return CARRIERS[carrierOf(stored)].trackingUrl(number, locale);
}
