import { formFields, shopperEmail } from "./field-rules.ts";
import { z } from "./zod.ts";

// 再入荷のお知らせ (back-in-stock requests) and お気に入り (favourites), decision 083.

/** A back-in-stock request's life: `pending` waits for its confirmation link (a guest's double opt-in), `open` waits for the bottle, `notified` got its one mail, `cancelled` was withdrawn. */
export type RestockStatus = "pending" | "open" | "notified" | "cancelled";

/** How long a guest's confirmation link works. */
export const RESTOCK_CONFIRM_WITHIN_MS = 3 * 86_400_000;
/** Requests one address may keep waiting (pending or open) at once. */
export const RESTOCK_OPEN_PER_ADDRESS = 20;
/** Confirmation mails one address may be sent within RESTOCK_ADDRESS_WINDOW_MS. */
export const RESTOCK_MAILS_PER_ADDRESS = 3;
export const RESTOCK_ADDRESS_WINDOW_MS = 60 * 60_000;
/** Back-in-stock mails queued per run of the sender, and the least time between two runs (the throttle). */
export const RESTOCK_BATCH = 50;
export const RESTOCK_RUN_GAP_MS = 30_000;
/** Favourites one member may keep. */
export const FAVORITES_MAX = 200;

/** Whether a request still waits (and so counts toward the address's cap and blocks a second one for the product). */
export function isWaiting(status: RestockStatus): boolean {
  return status === "pending" || status === "open";
}

/** Whether a guest's confirmation link sent at `sentAt` still works at `now`. */
export function confirmationStillValid(sentAt: Date | null, now: Date): boolean {
  return sentAt !== null && now.getTime() - sentAt.getTime() <= RESTOCK_CONFIRM_WITHIN_MS;
}

/** Whether an address sent `sentTimes` confirmation mails may be sent another at `now`. */
export function mayMailAddress(sentTimes: Date[], now: Date): boolean {
  return sentTimes.filter((at) => now.getTime() - at.getTime() < RESTOCK_ADDRESS_WINDOW_MS).length < RESTOCK_MAILS_PER_ADDRESS;
}

/** A product the shop sells now: published, not marked sold out, bottles in stock. Only then is a waiting request told. */
export function isBackInStock(product: { published: boolean; soldOutFlag: boolean; stock: number }): boolean {
  return product.published && !product.soldOutFlag && product.stock > 0;
}

/** What a favourite's card says of the bottle. */
export type FavoriteAvailability = "in_stock" | "low_stock" | "sold_out" | "not_on_sale";

export function favoriteAvailability(product: { published: boolean; soldOutFlag: boolean; stock: number }, lowStockAt: number): FavoriteAvailability {
  if (!product.published) return "not_on_sale";
  if (product.soldOutFlag || product.stock <= 0) return "sold_out";
  return product.stock <= lowStockAt ? "low_stock" : "in_stock";
}

/**
 * 再入荷のお知らせ asked for a product (POST /api/products/{id}/restock-requests): a guest's address
 * (kept lower-cased); a signed-in member sends nothing and their confirmed address is used.
 */
export const restockGuestSchema = z.preprocess(
  (body) => formFields(body, "restock_request"),
  z.object({
    email: shopperEmail,
  }),
);
export type RestockGuestInput = z.output<typeof restockGuestSchema>;

/** One waiting request as My Page lists it (GET /api/mypage/restock-requests). */
export interface RestockRequestResource {
  id: number;
  product_id: number;
  product_name: string;
  status: RestockStatus;
  created_at: string;
}

/** One favourite as My Page lists it (GET /api/favorites). */
export interface FavoriteResource {
  product_id: number;
  name: string;
  /** Null for a product no longer published. */
  price_include_tax: number | null;
  availability: FavoriteAvailability;
  image_url: string | null;
  added_at: string;
}
