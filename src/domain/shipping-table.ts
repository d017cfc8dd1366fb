import { PREFECTURES, isPrefectureCode, prefectureName } from "./address.ts";
import type { Locale } from "./locale.ts";

/**
 * The shop's shipping table (docs/decisions/035-shipping-table-and-delivery-calendar.md): a fee and a
 * transit time per prefecture, bottles per box, a cool surcharge per box and a free-shipping line.
 * The checkout page (as the address is typed) and the server (on ordering) charge with the same
 * functions below; the legal notice prints the table in words.
 */

export const PREFECTURE_COUNT = 47;
/** Where GET /api/shipping without a prefecture ships to: the shop's own zone (本州). */
export const DEFAULT_ZONE_PREFECTURE = 13;
/** A box place holds a bottle up to this size (a 720 ml 四合瓶 or a 750 ml wine); a 1,800 ml 一升瓶 takes 2. */
export const BOX_PLACE_ML = 900;
export const MAX_TRANSIT_DAYS = 7;
export const MAX_BOTTLES_PER_BOX = 48;

const HOKKAIDO = 1;
const OKINAWA = 47;
const KYUSHU = [40, 41, 42, 43, 44, 45, 46];
const SHIKOKU = [36, 37, 38, 39];
const CHUGOKU_WEST = [35];

/** A Japanese carrier's zones as a Tokyo shop meets them: 本州・四国・九州 one fee, 北海道 and 沖縄 more. */
function defaultFees(): number[] {
  return PREFECTURES.map(({ code }) => (code === HOKKAIDO ? 1650 : code === OKINAWA ? 2200 : 1100));
}

/** Days on the road from Tokyo: next day to most of 本州, two to 北海道, 四国, 九州 and 山口, three to 沖縄. */
function defaultTransitDays(): number[] {
  return PREFECTURES.map(({ code }) =>
    code === OKINAWA ? 3 : code === HOKKAIDO || KYUSHU.includes(code) || SHIKOKU.includes(code) || CHUGOKU_WEST.includes(code) ? 2 : 1,
  );
}

/** The trader's shipping table; its checks and defaults for stored settings are in shipping-table.schema.ts. */
export interface ShippingTable {
  /** Yen before tax per box, by prefecture (index = JIS code − 1). */
  fees: number[];
  /** Calendar days from shipping to the earliest delivery, by prefecture (index = JIS code − 1). */
  transitDays: number[];
  /** Places in one box, a place being a bottle of up to 900 ml (six 750 ml bottles by default). */
  bottlesPerBox: number;
  /** Yen before tax added per box when any bottle needs refrigeration (the whole parcel goes cool). */
  coolSurchargePerBox: number;
  /** Goods total with tax from which shipping is free; 0: never free. */
  freeShippingFrom: number;
  /** What the shop says of remote islands (離島), printed on the legal notice. */
  remoteIslandsNote: { ja: string; en: string };
}

/**
 * The table a new shop starts with. Kept apart from the zod schema so that pages printing the
 * table (the legal notice) do not carry zod (first-page JavaScript budget).
 */
export function defaultShippingTable(): ShippingTable {
  return {
    fees: defaultFees(),
    transitDays: defaultTransitDays(),
    bottlesPerBox: 6,
    coolSurchargePerBox: 550,
    freeShippingFrom: 0,
    remoteIslandsNote: {
      ja: "離島・一部地域へのお届けは、配送会社の都合により日数がかかる場合があります。中継料が発生する地域は別途ご連絡いたします。",
      en: "Deliveries to remote islands and some areas may take longer; where the carrier charges a relay fee we will contact you first.",
    },
  };
}

/** What a parcel holds, as shipping needs it. */
export interface ParcelLine {
  amount: number;
  shippingType: "normal" | "cool";
  /** The bottle's volume; unknown counts as one place. */
  volumeMl?: number | null;
}

/** Places one bottle takes in a box: one per started 900 ml (720 ml and 750 ml take 1, 1,800 ml 2, 3,000 ml 4). */
export function boxUnitsOf(volumeMl: number | null | undefined): number {
  if (volumeMl === null || volumeMl === undefined || !Number.isFinite(volumeMl) || volumeMl <= 0) return 1;
  return Math.ceil(volumeMl / BOX_PLACE_ML);
}

/** Boxes for the bottles: 7 bottles of 750 ml at 6 a box are 2 boxes. An empty parcel is one box (a fee quote for nothing). */
export function boxesFor(lines: readonly ParcelLine[], bottlesPerBox: number): number {
  const units = lines.reduce((sum, line) => sum + boxUnitsOf(line.volumeMl) * line.amount, 0);
  return Math.max(1, Math.ceil(units / bottlesPerBox));
}

export interface ShippingQuote {
  boxes: number;
  cool: boolean;
  /** Yen before tax. */
  fee: number;
  free: boolean;
}

/**
 * The shipping of one order: the prefecture's fee per box plus the cool surcharge per box when any
 * bottle is cool, or 0 when the goods with tax reach the free-shipping line. An address without a
 * prefecture (abroad, or not chosen yet) is charged as the shop's own zone.
 */
export function shippingQuote(
  lines: readonly ParcelLine[],
  prefecture: number | null | undefined,
  table: ShippingTable,
  goodsIncludingTax: number,
): ShippingQuote {
  const boxes = boxesFor(lines, table.bottlesPerBox);
  const cool = lines.some((line) => line.shippingType === "cool" && line.amount > 0);
  const free = table.freeShippingFrom > 0 && goodsIncludingTax >= table.freeShippingFrom;
  const perBox = table.fees[zoneOf(prefecture) - 1]! + (cool ? table.coolSurchargePerBox : 0);
  return { boxes, cool, free, fee: free ? 0 : perBox * boxes };
}

function zoneOf(prefecture: number | null | undefined): number {
  return isPrefectureCode(prefecture) ? prefecture : DEFAULT_ZONE_PREFECTURE;
}

/** Calendar days on the road to the prefecture (the shop's own zone when unknown). */
export function transitDaysTo(prefecture: number | null | undefined, table: Pick<ShippingTable, "transitDays">): number {
  return table.transitDays[zoneOf(prefecture) - 1]!;
}

/** One line of the table in words: the prefectures sharing one value (a fee, a transit time). */
export interface PrefectureGroup {
  value: number;
  /** Prefecture names; null for "the rest" (the largest group); empty when every prefecture shares the value. */
  prefectures: string[] | null;
}

/**
 * A per-prefecture column as the legal notice words it: the largest group sharing one value is "the
 * other prefectures", the others are named (北海道 1,650円 / 沖縄県 2,200円 / それ以外 1,100円).
 */
export function prefectureGroups(values: readonly number[], locale: Locale): PrefectureGroup[] {
  const byValue = new Map<number, number[]>();
  values.forEach((value, index) => byValue.set(value, [...(byValue.get(value) ?? []), index + 1]));
  const groups = [...byValue.entries()];
  const largest = groups.reduce((best, each) => (each[1].length > best[1].length ? each : best));
  const named = groups
    .filter((group) => group !== largest)
    .map(([value, codes]) => ({ value, prefectures: codes.map((code) => prefectureName(code, locale)!) }));
  return [...named, { value: largest[0], prefectures: groups.length === 1 ? [] : null }];
}
