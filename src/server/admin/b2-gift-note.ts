import iconv from "iconv-lite";
import type { GiftOptions } from "../../domain/gift.ts";
import { giftInstructions } from "../../domain/gift.ts";

/** B2 Cloud's 記事 column holds 44 bytes of Shift_JIS (22 full-width characters). */
export const B2_NOTE_MAX_BYTES = 44;

const bytesOf = (text: string) => iconv.encode(text, "Shift_JIS").length;

/**
 * The packing instructions for B2 Cloud's 記事 (printed on the slip): 「のし:御歳暮/名入れ:山田/外のし・ラッピング」.
 * When that is longer than the column, the name gives way to 「名入れあり」 (the name is on the order
 * page and in the other CSV); a mention of the card and the note without prices is added when it fits.
 */
export function b2GiftNote(gift: GiftOptions | null): string {
  const candidates = [
    giftInstructions(gift, { withCard: true }),
    giftInstructions(gift),
    giftInstructions(gift, { withName: false, withCard: true }),
    giftInstructions(gift, { withName: false }),
  ];
  const fitting = candidates.find((text) => bytesOf(text) <= B2_NOTE_MAX_BYTES);
  if (fitting !== undefined) return fitting;
  // A 表書き the trader made long: cut at the column, never across a character.
  let result = "";
  for (const character of candidates.at(-1)!) {
    if (bytesOf(result + character) > B2_NOTE_MAX_BYTES) break;
    result += character;
  }
  return result;
}
