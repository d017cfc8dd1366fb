import type { ShopProfile } from "../shop-profile.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/**
 * The owner's settings screen: the shop profile as the form edits it, its time bands as a list
 * (GET and POST /admin/api/settings). The profile's own schema (shop-profile.ts) reads stored and
 * typed profiles, filling defaults and moving old fields: its transforms cannot encode an answer, so
 * this one names the same keys plainly, and the `SameShape` line below breaks the build when the two part.
 */

const text = z.object({ ja: z.string(), en: z.string() });

const paymentTermsSchema = z.object({
  enabled: z.boolean(),
  position: z.number(),
  feeTiers: z.array(z.object({ upTo: z.number().nullable(), fee: z.number() })),
  min: z.number(),
  max: z.number().nullable(),
  daysToPay: z.number().nullable(),
  notes: text.nullable(),
});

const settingsSchema = z.object({
  shopName: text,
  companyName: text,
  representative: text,
  operationsManager: text,
  zip: z.string(),
  address: text,
  phone: z.string(),
  email: z.string(),
  invoiceRegistrationNumber: z.string().optional(),
  businessHours: text,
  contactHours: text,
  liquorLicence: z.object({ type: text, number: z.string(), issuingTaxOffice: text }),
  liquorSalesManager: z.object({ name: text, trainingDate: z.string(), nextTrainingDeadline: z.string(), trainingBody: text }),
  terms: z.object({
    taxRatePercent: z.number(),
    shipping: z.object({
      fees: z.array(z.number()),
      transitDays: z.array(z.number()),
      bottlesPerBox: z.number(),
      coolSurchargePerBox: z.number(),
      freeShippingFrom: z.number(),
      remoteIslandsNote: text,
    }),
    payments: z.record(z.string(), paymentTermsSchema),
    arrivalWithinDays: z.number(),
  }),
  deliveryCalendar: z.object({ closedWeekdays: z.array(z.number()), cutoff: z.string() }),
  deliveryTimeBands: z.array(z.object({ code: z.string(), ja: z.string(), en: z.string() })),
  lowStockHintAt: z.number(),
  shipsAbroad: z.boolean(),
  bankAccounts: z.array(
    z.object({ financial: text, branch: text, depositType: z.enum(["ordinary", "current"]), accountNumber: z.string(), accountName: z.string() }),
  ),
  businessHolidays: z.array(z.string()),
  gift: z.object({
    wrapping: z.boolean(),
    noshi: z.boolean(),
    messageCard: z.boolean(),
    hidePrices: z.boolean(),
    wrappingFee: z.number(),
    omotegaki: z.array(z.string()),
  }),
  yamatoB2: z.object({ customerCode: z.string(), classificationCode: z.string(), freightNumber: z.string() }).optional(),
  social: z.object({ instagram: z.string(), facebook: z.string(), twitter: z.string(), line: z.string() }),
});

/** The settings form's values: the profile with its time bands as a list of { code, ja, en }. */
export type SettingsFormValues = Omit<ShopProfile, "deliveryTimeBands"> & { deliveryTimeBands: { code: string; ja: string; en: string }[] };
export const settingsMatches: SameShape<z.output<typeof settingsSchema>, SettingsFormValues> = true;

/** GET /admin/api/settings, and POST's saved settings. */
export const settingsAnswer = dataOf(settingsSchema);
