import { z } from "./zod.ts";
import { hasForbiddenCharacters } from "./input-rules.ts";
import type { Locale } from "./locale.ts";

/**
 * Gift options of an order (issue #18 item 1), as Japanese liquor shops take them: wrapping
 * (ラッピング), のし (掛け紙) with a 表書き from the trader's list, the giver's name (名入れ) and
 * whether the のし goes under the wrapping (内のし) or over it (外のし), a message card, and a
 * delivery note without amounts (金額を記載しない). The trader switches each option on or off and
 * keeps the 表書き list in the settings (shop profile `gift`); the order keeps what was chosen.
 * A fee for any of them is a charge line (order-charges.ts), not part of these options.
 */

/** The 表書き a shop offers unless the trader keeps another list. */
export const DEFAULT_OMOTEGAKI = ["御祝", "内祝", "御礼", "御中元", "御歳暮", "御年賀", "寿", "志", "無地のし"] as const;

export const NOSHI_PLACEMENTS = ["outer", "inner"] as const;
export type NoshiPlacement = (typeof NOSHI_PLACEMENTS)[number];

export const NOSHI_PLACEMENT_LABELS: Record<NoshiPlacement, Record<Locale, string>> = {
  outer: { ja: "外のし", en: "soto-noshi, over the wrapping" },
  inner: { ja: "内のし", en: "uchi-noshi, under the wrapping" },
};

export const GIVER_NAME_MAX = 20;
export const MESSAGE_CARD_MAX = 200;
export const OMOTEGAKI_MAX = 10;

/** What the shopper chose for one order; null on the order when nothing was. */
export interface GiftOptions {
  wrapping: boolean;
  /** のし (掛け紙), or null for none. `name` is the giver's name (名入れ), "" for none. */
  noshi: { omotegaki: string; placement: NoshiPlacement; name: string } | null;
  /** The message card's text, line breaks kept; "" for no card. */
  messageCard: string;
  /** No amounts on the delivery note in the parcel (金額を記載しない). */
  hidePrices: boolean;
}

/** The trader's gift settings (shop profile `gift`): each option can be switched off. */
export const giftSettingsSchema = z.object({
  wrapping: z.boolean().default(true),
  noshi: z.boolean().default(true),
  messageCard: z.boolean().default(true),
  hidePrices: z.boolean().default(true),
  /** Yen before tax charged for wrapping an order (a charge line, order-charges.ts); 0 wraps for free. */
  wrappingFee: z.number().int().nonnegative().max(100_000).default(330),
  /** The 表書き offered, in the order shown. */
  omotegaki: z
    .array(z.string().trim().min(1).max(OMOTEGAKI_MAX))
    .min(1)
    .max(30)
    .refine((list) => new Set(list).size === list.length, { message: "duplicate" })
    .default(() => [...DEFAULT_OMOTEGAKI]),
});
export type GiftSettings = z.infer<typeof giftSettingsSchema>;

export function defaultGiftSettings(): GiftSettings {
  return giftSettingsSchema.parse({});
}

/** Whether any option is switched on: the checkout shows its gift section only then. */
export function giftOffered(settings: GiftSettings): boolean {
  return settings.wrapping || settings.noshi || settings.messageCard || settings.hidePrices;
}

/** The gift part of POST /api/checkout, as sent (snake case like the rest of the payload). */
export interface GiftPayload {
  wrapping?: boolean;
  noshi?: { omotegaki?: string; placement?: string; name?: string } | null;
  message_card?: string;
  hide_prices?: boolean;
}

/** The gift as the API answers it (GET /api/orders, the back office's order). */
export interface GiftAnswer {
  wrapping: boolean;
  noshi: { omotegaki: string; placement: NoshiPlacement; name: string } | null;
  message_card: string;
  hide_prices: boolean;
}

export function giftAnswerOf(gift: GiftOptions | null): GiftAnswer | null {
  return gift ? { wrapping: gift.wrapping, noshi: gift.noshi ? { ...gift.noshi } : null, message_card: gift.messageCard, hide_prices: gift.hidePrices } : null;
}

export function giftOptionsOf(answer: GiftAnswer | null): GiftOptions | null {
  return answer
    ? { wrapping: answer.wrapping, noshi: answer.noshi ? { ...answer.noshi } : null, messageCard: answer.message_card, hidePrices: answer.hide_prices }
    : null;
}

const texts = {
  ja: {
    invalid: "ギフト設定の内容が正しくありません。",
    wrappingOff: "ラッピングは現在承っておりません。",
    noshiOff: "のしは現在承っておりません。",
    messageCardOff: "メッセージカードは現在承っておりません。",
    hidePricesOff: "金額を記載しない納品書は現在承っておりません。",
    omotegaki: "表書きは一覧から選んでください。",
    placement: "内のし・外のしを選んでください。",
    nameTooLong: `名入れは${GIVER_NAME_MAX}文字以内で入力してください。`,
    messageTooLong: `メッセージカードは${MESSAGE_CARD_MAX}文字以内で入力してください。`,
    characters: "使用できない文字が含まれています。",
  },
  en: {
    invalid: "The gift options are not valid.",
    wrappingOff: "Gift wrapping is not available at the moment.",
    noshiOff: "Noshi is not available at the moment.",
    messageCardOff: "Message cards are not available at the moment.",
    hidePricesOff: "Delivery notes without prices are not available at the moment.",
    omotegaki: "Choose the noshi inscription from the list.",
    placement: "Choose whether the noshi goes over or under the wrapping.",
    nameTooLong: `The giver's name can be at most ${GIVER_NAME_MAX} characters.`,
    messageTooLong: `The message card can be at most ${MESSAGE_CARD_MAX} characters.`,
    characters: "It contains characters that cannot be used.",
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type GiftCheck = { ok: true; gift: GiftOptions | null } | { ok: false; errors: Record<string, string> };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The gift fields of a checkout, checked against the trader's settings. Absent (or null) is no
 * gift; options all off is no gift too. Errors are keyed as the page shows them: gift,
 * gift.wrapping, gift.noshi.omotegaki, gift.noshi.placement, gift.noshi.name, gift.message_card,
 * gift.hide_prices.
 */
export function checkGift(raw: unknown, settings: GiftSettings, locale: Locale): GiftCheck {
  const t = texts[locale];
  if (raw === undefined || raw === null) return { ok: true, gift: null };
  if (!isObject(raw)) return { ok: false, errors: { gift: t.invalid } };
  const errors: Record<string, string> = {};
  const flag = (key: "wrapping" | "hide_prices"): boolean => {
    const value = raw[key];
    if (value === undefined || value === null) return false;
    if (typeof value !== "boolean") errors[`gift.${key}`] = t.invalid;
    return value === true;
  };
  const wrapping = flag("wrapping");
  const hidePrices = flag("hide_prices");
  if (wrapping && !settings.wrapping) errors["gift.wrapping"] = t.wrappingOff;
  if (hidePrices && !settings.hidePrices) errors["gift.hide_prices"] = t.hidePricesOff;

  let messageCard = "";
  const message = raw.message_card;
  if (message !== undefined && message !== null) {
    if (typeof message !== "string") errors["gift.message_card"] = t.invalid;
    else {
      // Line breaks are kept, Windows ones made plain; blank lines around the text dropped.
      messageCard = message.replace(/\r\n?/g, "\n").trim();
      if (hasForbiddenCharacters(messageCard, { multiline: true })) errors["gift.message_card"] = t.characters;
      else if ([...messageCard].length > MESSAGE_CARD_MAX) errors["gift.message_card"] = t.messageTooLong;
      else if (messageCard && !settings.messageCard) errors["gift.message_card"] = t.messageCardOff;
    }
  }

  let noshi: GiftOptions["noshi"] = null;
  const rawNoshi = raw.noshi;
  if (rawNoshi !== undefined && rawNoshi !== null && rawNoshi !== false) {
    if (!isObject(rawNoshi)) errors["gift.noshi.omotegaki"] = t.invalid;
    else if (!settings.noshi) errors["gift.noshi.omotegaki"] = t.noshiOff;
    else {
      const omotegaki = typeof rawNoshi.omotegaki === "string" ? rawNoshi.omotegaki.trim() : "";
      if (!settings.omotegaki.includes(omotegaki)) errors["gift.noshi.omotegaki"] = t.omotegaki;
      const placement = rawNoshi.placement === undefined || rawNoshi.placement === null || rawNoshi.placement === "" ? "outer" : rawNoshi.placement;
      if (!(NOSHI_PLACEMENTS as readonly unknown[]).includes(placement)) errors["gift.noshi.placement"] = t.placement;
      const rawName = rawNoshi.name ?? "";
      const name = typeof rawName === "string" ? rawName.replace(/\s+/g, " ").trim() : "";
      if (typeof rawName !== "string") errors["gift.noshi.name"] = t.invalid;
      else if (hasForbiddenCharacters(rawName, { multiline: true })) errors["gift.noshi.name"] = t.characters;
      else if ([...name].length > GIVER_NAME_MAX) errors["gift.noshi.name"] = t.nameTooLong;
      noshi = { omotegaki, placement: placement as NoshiPlacement, name };
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (!wrapping && !hidePrices && !messageCard && !noshi) return { ok: true, gift: null };
  return { ok: true, gift: { wrapping, noshi, messageCard, hidePrices } };
}

const lineTexts = {
  ja: {
    wrapping: "ラッピング",
    noshi: "のし",
    name: "名入れ",
    messageCard: "メッセージカード",
    hidePrices: "納品書",
    yes: "あり",
    noPrices: "金額を記載しない",
  },
  en: {
    wrapping: "Gift wrapping",
    noshi: "Noshi",
    name: "Giver's name",
    messageCard: "Message card",
    hidePrices: "Delivery note",
    yes: "Yes",
    noPrices: "Without prices",
  },
} as const;

/**
 * The chosen options as label/value rows, in the language asked (the order mail, My Page's order
 * card, the back office's order page). The 表書き and the name are shown as written.
 */
export function giftLines(gift: GiftOptions | null, locale: Locale): { label: string; value: string }[] {
  if (!gift) return [];
  const t = lineTexts[locale];
  const lines: { label: string; value: string }[] = [];
  if (gift.noshi) {
    const placement = NOSHI_PLACEMENT_LABELS[gift.noshi.placement][locale];
    lines.push({ label: t.noshi, value: locale === "ja" ? `${gift.noshi.omotegaki}(${placement})` : `${gift.noshi.omotegaki} (${placement})` });
    if (gift.noshi.name) lines.push({ label: t.name, value: gift.noshi.name });
  }
  if (gift.wrapping) lines.push({ label: t.wrapping, value: t.yes });
  if (gift.messageCard) lines.push({ label: t.messageCard, value: gift.messageCard });
  if (gift.hidePrices) lines.push({ label: t.hidePrices, value: t.noPrices });
  return lines;
}

/**
 * The packing instructions in one line, for a carrier's slip or a spreadsheet cell (Japanese, as
 * the packer reads them): 「のし:御歳暮/名入れ:山田/外のし・ラッピング」. `withName: false` leaves the
 * name out (「名入れあり」) for a column too short for it.
 */
export function giftInstructions(gift: GiftOptions | null, options: { withName?: boolean; withCard?: boolean } = {}): string {
  if (!gift) return "";
  const parts: string[] = [];
  const handling: string[] = [];
  if (gift.noshi) {
    parts.push(`のし:${gift.noshi.omotegaki}`);
    if (gift.noshi.name) parts.push(options.withName === false ? "名入れあり" : `名入れ:${gift.noshi.name}`);
    handling.push(NOSHI_PLACEMENT_LABELS[gift.noshi.placement].ja);
  }
  if (gift.wrapping) handling.push("ラッピング");
  if (handling.length > 0) parts.push(handling.join("・"));
  if (options.withCard && gift.messageCard) parts.push("カード");
  if (options.withCard && gift.hidePrices) parts.push("金額なし");
  return parts.join("/");
}
