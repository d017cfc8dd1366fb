import type { MemberRankView } from "../member-ranks.ts";
import type { FavoriteResource, RestockRequestResource } from "../wishlist.ts";
import { z } from "../zod.ts";
import { dataAndNoticeOf, dataOf, noticeSchema, type SameShape } from "./common.ts";

/** Back-in-stock requests and favourites (decision 083), points (089) and ranks (090). */

/** POST /api/products/{id}/restock-requests (201 booked, 202 confirmation mailed), cancelling one. */
export const restockNoticeAnswer = noticeSchema;

const restockRequestSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  status: z.enum(["pending", "open", "notified", "cancelled"]),
  created_at: z.string(),
});
export const restockRequestMatches: SameShape<z.output<typeof restockRequestSchema>, RestockRequestResource> = true;
/** GET /api/mypage/restock-requests. */
export const restockRequestsAnswer = dataOf(z.array(restockRequestSchema));

const favoriteSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  price_include_tax: z.number().nullable(),
  availability: z.enum(["in_stock", "low_stock", "sold_out", "not_on_sale"]),
  image_url: z.string().nullable(),
  added_at: z.string(),
});
export const favoriteMatches: SameShape<z.output<typeof favoriteSchema>, FavoriteResource> = true;
/** GET /api/favorites. */
export const favoritesAnswer = dataOf(z.array(favoriteSchema));
/** GET /api/favorites/ids: the products the member keeps. */
export const favoriteIdsAnswer = dataOf(z.array(z.number()));
/** PUT and DELETE /api/favorites/{id}. */
export const favoriteChangedAnswer = dataAndNoticeOf(z.object({ product_id: z.number(), favorite: z.boolean() }));
/** GET /admin/api/restock-requests/counts: product id → confirmed requests waiting. */
export const restockCountsAnswer = dataOf(z.record(z.string(), z.number()));

const pointEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(["earn", "use", "expire", "take_back", "give_back", "staff_grant", "staff_remove"]),
  label: z.string(),
  points: z.number(),
  order_id: z.number().nullable(),
  reason: z.string(),
  staff_id: z.number().nullable(),
  expires_on: z.string().nullable(),
  created_at: z.string(),
});
/** GET /api/products/{id}/points: the rate the product earns. */
export const productPointsAnswer = dataOf(z.object({ rate_percent: z.number(), product_rate_percent: z.number().nullable() }));
/** GET /api/points: the member's balance, what is still to come, the rule and the history. */
export const myPointsAnswer = dataOf(
  z.object({
    balance: z.number(),
    expires_on: z.string().nullable(),
    pending: z.number(),
    base_rate_percent: z.number(),
    rate_percent: z.number(),
    on_charges: z.boolean(),
    grant_on: z.enum(["paid", "shipped"]),
    expiry_months: z.number(),
    history: z.array(pointEntrySchema),
  }),
);
/** The points' one rule (GET and PUT /admin/api/points/settings). */
export const pointSettingsAnswer = dataOf(
  z.object({ base_rate_percent: z.number(), grant_on: z.enum(["paid", "shipped"]), expiry_months: z.number(), on_charges: z.boolean() }),
);
/** GET /admin/api/points/liability. */
export const pointLiabilityAnswer = dataOf(z.object({ members: z.number(), points: z.number(), yen: z.number() }));
/** GET /admin/api/members/{id}/points. */
export const memberPointsAnswer = dataOf(z.object({ balance: z.number(), expires_on: z.string().nullable(), history: z.array(pointEntrySchema) }));
/** 201 of POST /admin/api/members/{id}/points: the balance after the grant or removal. */
export const pointBalanceAnswer = dataOf(z.object({ balance: z.number(), expires_on: z.string().nullable() }));

const rankEntrySchema = z.object({
  position: z.number(),
  name: z.string(),
  name_ja: z.string(),
  name_en: z.string(),
  threshold: z.number(),
  point_rate: z.number(),
});
export const rankViewSchema = z.object({
  purchases: z.number(),
  rank: z.object({ position: z.number(), name: z.string(), point_rate: z.number() }).nullable(),
  next: z.object({ name: z.string(), needed: z.number() }).nullable(),
  since: z.string(),
});
export const rankViewMatches: SameShape<z.output<typeof rankViewSchema>, MemberRankView> = true;
/** GET /api/rank: the member's rank, the next one, and every rank. */
export const myRankAnswer = dataOf(rankViewSchema.extend({ point_rate_percent: z.number().nullable(), ranks: z.array(rankEntrySchema) }));
/** GET and PUT /admin/api/ranks: the trader's ranks. */
export const ranksAnswer = dataOf(z.array(rankEntrySchema));
