import { z } from "./zod.ts";
import type { DeliveryCalendarSettings } from "./delivery-calendar.ts";

/**
 * The trader's delivery calendar settings as the shop profile stores them (docs/decisions/035). Apart
 * from delivery-calendar.ts so the pages that only word the shipping promise (the product page) do
 * not bring zod (~26 kB gzipped) to the browser (docs/decisions/043).
 */
export const deliveryCalendarSchema = z.object({
  /** Weekdays the shop ships nothing, 0 Sunday … 6 Saturday. */
  closedWeekdays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .default(() => [0, 6])
    .transform((days) => [...new Set(days)].sort()),
  /** Orders placed up to this time (Japan, HH:mm) on a shipping day ship the same day. */
  cutoff: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:mm")
    .default("14:00"),
}) satisfies z.ZodType<DeliveryCalendarSettings>;
