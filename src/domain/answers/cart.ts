import type { CartItem } from "../cart.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/** A cart line as GET and PUT /api/carts answer it (the spec's cart item, with what shipping needs). */
export const cartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  price: z.number(),
  price_include_tax: z.number(),
  amount: z.number(),
  buyable_limit: z.number().nullable(),
  shipping_type: z.enum(["normal", "cool"]).optional(),
  volume_ml: z.number().nullable().optional(),
  tax_rate: z.number().optional(),
  ships_on: z.string().nullable().optional(),
  point_rate: z.number().nullable().optional(),
});
export const cartItemMatches: SameShape<z.output<typeof cartItemSchema>, CartItem> = true;

/** GET and PUT /api/carts: the cart's lines. */
export const cartAnswer = dataOf(z.array(cartItemSchema));
