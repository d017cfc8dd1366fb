import type { GiftOptions } from "../../domain/gift.ts";
import { giftInstructions } from "../../domain/gift.ts";
import { b2Bytes, b2Text, type B2Text } from "./b2-text.ts";

/** B2 Cloud's 記事 column holds 44 bytes of Shift_JIS (22 full-width characters). */
export const B2_NOTE_MAX_BYTES = 44;

/** Bytes a text takes once folded to B2's characters (𠮷 is 吉, two bytes, not iconv's one-byte "?"). */
const bytesOf = (text: string) => b2Bytes(b2Text(text).text);

/**
 * The packing instructions for B2 Cloud's 記事 (printed on the slip): 「のし:御歳暮/名入れ:山田/外のし・ラッピング」,
 * folded to B2's characters like every other text column (名入れ:𠮷田 → 名入れ:吉田), with what was replaced.
 * When that is longer than the column, the name gives way to 「名入れあり」 (the name is on the order
 * page and in the other CSV); a mention of the card and the note without prices is added when it fits.
 */
export function b2GiftNote(gift: GiftOptions | null): B2Text {
  const candidates = [
    giftInstructions(gift, { withCard: true }),
    giftInstructions(gift),
    giftInstructions(gift, { withName: false, withCard: true }),
    giftInstructions(gift, { withName: false }),
  ];
  const fitting = candidates.find((text) => bytesOf(text) <= B2_NOTE_MAX_BYTES);
  if (fitting !== undefined) return b2Text(fitting);
  // A 表書き the trader made long: cut at the column, never across a character.
  let result = "";
  for (const character of candidates.at(-1)!) {
    if (bytesOf(result + character) > B2_NOTE_MAX_BYTES) break;
    result += character;
  }
  return b2Text(result);
}
