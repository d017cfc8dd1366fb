import { z } from "zod";
import type { Locale } from "./locale.ts";

/** A text the shop shows in both languages. */
export const localizedText = z.object({ ja: z.string().min(1), en: z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedText>;

export function inLocale(text: LocalizedText, locale: Locale): string {
  return text[locale];
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/**
 * Everything that makes the shop this trader's and not another's: the layout, the legal pages and
 * (later) the mails read it, so another trader runs the software by editing this profile.
 */
export const shopProfileSchema = z.object({
  shopName: localizedText,
  companyName: localizedText,
  representative: localizedText,
  operationsManager: localizedText,
  zip: z.string().regex(/^\d{3}-\d{4}$/),
  address: localizedText,
  phone: z.string().min(1),
  email: z.email(),
  /** Business hours of the shop (company page). */
  businessHours: localizedText,
  /** Hours in which inquiries are answered (legal notice). */
  contactHours: localizedText,
  liquorLicence: z.object({
    type: localizedText,
    number: z.string().min(1),
    issuingTaxOffice: localizedText,
  }),
  /** The liquor-sales manager and the sign (酒類販売管理者標識) the law requires to be shown. */
  liquorSalesManager: z.object({
    name: localizedText,
    trainingDate: isoDate,
    nextTrainingDeadline: isoDate,
    trainingBody: localizedText,
  }),
  /** Terms printed on the legal notice; checkout charges the same amounts. */
  terms: z.object({
    /** Consumption tax in percent; liquor takes the standard rate (10%), not the reduced one. */
    taxRatePercent: z.number().int().min(0).max(100),
    shippingFee: z.number().int().nonnegative(),
    codFee: z.number().int().nonnegative(),
    processingBusinessDays: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }),
    arrivalWithinDays: z.number().int().positive(),
    bankTransferWithinDays: z.number().int().positive(),
  }),
  social: z.object({
    instagram: z.url(),
    facebook: z.url(),
    twitter: z.url(),
    line: z.url(),
  }),
});

export type ShopProfile = z.infer<typeof shopProfileSchema>;
