import { z } from "./zod.ts";
import type { ShippingTable } from "./shipping-table.ts";
import { MAX_BOTTLES_PER_BOX, MAX_TRANSIT_DAYS, PREFECTURE_COUNT, defaultShippingTable } from "./shipping-table.ts";

/** The checks of a stored or edited shipping table (shipping-table.ts), each missing field taking the default. */
const yen = z.number().int().nonnegative().max(1_000_000);
const defaults = defaultShippingTable;

export const shippingTableSchema = z.object({
  fees: z
    .array(yen)
    .length(PREFECTURE_COUNT)
    .default(() => defaults().fees),
  transitDays: z
    .array(z.number().int().min(1).max(MAX_TRANSIT_DAYS))
    .length(PREFECTURE_COUNT)
    .default(() => defaults().transitDays),
  bottlesPerBox: z.number().int().min(1).max(MAX_BOTTLES_PER_BOX).default(6),
  coolSurchargePerBox: yen.default(550),
  freeShippingFrom: z.number().int().nonnegative().max(100_000_000).default(0),
  remoteIslandsNote: z.object({ ja: z.string().max(200), en: z.string().max(200) }).default(() => defaults().remoteIslandsNote),
}) satisfies z.ZodType<ShippingTable>;
