import { ENTRY_RESULTS, LOTTERY_PHASES } from "../lottery.ts";
import { z } from "../zod.ts";
import { dataAndNoticeOf, dataOf } from "./common.ts";

/** 抽選販売's answers (decision 084): the shopper's and the back office's. */

const phaseSchema = z.enum(LOTTERY_PHASES);
const resultSchema = z.enum(ENTRY_RESULTS);

export const lotterySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  bottles: z.number(),
  per_member: z.number(),
  entry_starts_at: z.string(),
  entry_ends_at: z.string(),
  claim_days: z.number(),
  phase: phaseSchema,
  entries: z.number(),
  seed: z.string().nullable(),
  drawn_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Bottles bought by winners so far. */
  bottles_bought: z.number(),
});
/** A lottery as the back office and the product page read it. */
export type LotteryView = z.output<typeof lotterySchema>;

const staffEntrySchema = z.object({
  id: z.number(),
  member_id: z.number(),
  email: z.string().nullable(),
  result: resultSchema,
  draw_rank: z.number().nullable(),
  draw_key: z.string().nullable(),
  bottles: z.number().nullable(),
  claim_deadline: z.string().nullable(),
  order_id: z.number().nullable(),
  entered_at: z.string(),
});
/** One entry as staff see it, in the draw's order once drawn. */
export type EntryView = z.output<typeof staffEntrySchema>;

const myEntrySchema = z.object({
  id: z.number(),
  lottery_id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  result: resultSchema,
  phase: phaseSchema,
  entry_ends_at: z.string(),
  bottles: z.number().nullable(),
  claim_deadline: z.string().nullable(),
  /** The win can be bought now (won, before the deadline). */
  buyable: z.boolean(),
  entered_at: z.string(),
});
/** A member's own entry (My Page). */
export type MyEntryView = z.output<typeof myEntrySchema>;

/** GET /api/lotteries/products/{id}: the product's lottery, or null. */
export const productLotteryAnswer = dataOf(lotterySchema.nullable());
/** 201 of POST /api/lotteries/{id}/entries. */
export const lotteryEnteredAnswer = dataAndNoticeOf(myEntrySchema);
/** GET /api/lottery-entries. */
export const myEntriesAnswer = dataOf(z.array(myEntrySchema));
/** GET /api/lottery-entries/{id} and POST /api/lottery-entries/{id}/cart. */
export const myEntryAnswer = dataOf(myEntrySchema);
/** GET /admin/api/lotteries. */
export const lotteriesAnswer = dataOf(z.array(lotterySchema));
/** POST /admin/api/lotteries (201) and POST /admin/api/lotteries/{id}/draw. */
export const lotteryAnswer = dataOf(lotterySchema);
/** GET /admin/api/lotteries/{id}: the lottery and its entries. */
export const lotteryDetailAnswer = dataOf(z.object({ lottery: lotterySchema, entries: z.array(staffEntrySchema) }));
/** POST /admin/api/lotteries/sweep: how many offers and finishes the sweep made. */
export const lotterySweepAnswer = dataOf(z.object({ offered: z.number(), finished: z.number() }));
