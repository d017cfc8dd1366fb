import { z } from "./zod.ts";
import { deliveryCalendarSchema } from "./delivery-calendar-schema.ts";
import { giftSettingsSchema } from "./gift.ts";
import type { Locale } from "./locale.ts";
import { defaultPaymentTerms, isPaymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import type { PaymentTerms } from "./payment-methods/payment-terms.ts";
import { DEFAULT_ZONE_PREFECTURE, defaultShippingTable } from "./shipping-table.ts";
import { shippingTableSchema } from "./shipping-table.schema.ts";

/** A text the shop shows in both languages. */
export const localizedText = z.object({ ja: z.string().min(1), en: z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedText>;

export function inLocale(text: LocalizedText, locale: Locale): string {
  return text[locale];
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/** The most a fee may be, yen: like the shipping table's, so that an order's total stays countable (decision 050). */
const FEE_MAX = 1_000_000;

// --- checkout settings ---
/**
 * A payment method's fee tiers, ascending: the first tier whose upTo (inclusive, yen) the amount does
 * not exceed applies; the last has upTo null so every amount has a fee.
 */
const feeTiers = z
  .array(z.object({ upTo: z.number().int().positive().nullable(), fee: z.number().int().nonnegative().max(FEE_MAX) }))
  .min(1)
  .refine((tiers) => tiers.every((tier, index) => (tier.upTo === null) === (index === tiers.length - 1)), {
    message: "only the last tier, and always it, has upTo null",
  })
  .refine((tiers) => tiers.every((tier, index) => index === 0 || tier.upTo === null || tier.upTo > tiers[index - 1]!.upTo!), {
    message: "upTo must increase from tier to tier",
  });

/** The most a payment method's limits may be, yen: far above any bottle order, still countable. */
const LIMIT_MAX = 100_000_000;

/** One payment method's terms (payment-methods/payment-terms.ts), as the trader sets them. */
export const paymentTermsSchema = z
  .object({
    enabled: z.boolean(),
    position: z.number().int().min(0).max(1000),
    feeTiers,
    min: z.number().int().nonnegative().max(LIMIT_MAX),
    max: z.number().int().positive().max(LIMIT_MAX).nullable(),
    daysToPay: z.number().int().min(1).max(365).nullable(),
    notes: localizedText.nullable(),
  })
  .refine((terms) => terms.max === null || terms.min <= terms.max, { path: ["max"], message: "the upper limit must not be below the lower one" });

/**
 * Each checkout choice's terms by code. A method the profile has no record for (a new one, or all
 * of them in a profile saved before terms were data) gets its module's defaults; a record for a
 * code no module has any more is dropped.
 */
const paymentTermsByCode = z
  .record(z.string(), paymentTermsSchema)
  .default(() => ({}))
  .transform((stored): Record<string, PaymentTerms> => ({
    ...defaultPaymentTerms(),
    ...Object.fromEntries(Object.entries(stored).filter(([code]) => isPaymentMethodChoice(code))),
  }));

/**
 * Profiles saved before payment terms were data kept cash on delivery's fee and ceiling and the
 * bank transfer's days under names of their own (codFee, codFeeTiers, codCeiling, whose ceiling
 * convenience-store payment shared, and bankTransferWithinDays): they become those methods' records,
 * so nothing a shopper pays or reads changes.
 */
function paymentsFromNamedFields(terms: unknown): unknown {
  if (terms === null || typeof terms !== "object" || Array.isArray(terms)) return terms;
  const { codFee, codFeeTiers, codCeiling, bankTransferWithinDays, ...rest } = terms as Record<string, unknown>;
  if ("payments" in rest || (codFee === undefined && codFeeTiers === undefined && codCeiling === undefined && bankTransferWithinDays === undefined))
    return rest;
  const defaults = defaultPaymentTerms();
  const payments: Record<string, unknown> = {};
  const ceiling = codCeiling ?? defaults.cod?.max;
  if (defaults.cod)
    payments.cod = { ...defaults.cod, feeTiers: codFeeTiers ?? (codFee === undefined ? defaults.cod.feeTiers : [{ upTo: null, fee: codFee }]), max: ceiling };
  if (defaults.konbini) payments.konbini = { ...defaults.konbini, max: ceiling };
  if (defaults.bank) payments.bank = { ...defaults.bank, daysToPay: bankTransferWithinDays ?? defaults.bank.daysToPay };
  return { ...rest, payments };
}

const timeBandCode = z.string().regex(/^[0-9A-Za-z_-]{1,20}$/, "letters, digits, - and _ only");

/** The bands Japanese carriers offer for home delivery. */
function defaultDeliveryTimeBands(): Record<string, LocalizedText> {
  return {
    "08-12": { ja: "午前中", en: "Morning (8–12)" },
    "14-16": { ja: "14-16時", en: "14:00–16:00" },
    "16-18": { ja: "16-18時", en: "16:00–18:00" },
    "18-20": { ja: "18-20時", en: "18:00–20:00" },
    "19-21": { ja: "19-21時", en: "19:00–21:00" },
  };
}

export const DEPOSIT_TYPES = ["ordinary", "current"] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/** 普通 (ordinary) and 当座 (current) accounts; the labels are how bank details are printed. */
export const DEPOSIT_TYPE_LABELS: Record<DepositType, LocalizedText> = {
  ordinary: { ja: "普通", en: "Ordinary" },
  current: { ja: "当座", en: "Current" },
};

/** A trader may write the type as on a bankbook (普通, 当座); it is kept as its code. */
const depositType = z.preprocess((value) => Object.entries(DEPOSIT_TYPE_LABELS).find(([, label]) => label.ja === value)?.[0] ?? value, z.enum(DEPOSIT_TYPES));

const bankAccount = z.object({
  financial: localizedText,
  branch: localizedText,
  depositType,
  /** Digits (7 at most banks; Japan Post Bank writes symbol-number with a hyphen). */
  accountNumber: z.string().regex(/^\d[\d-]{0,18}\d$/, "digits and hyphens"),
  /** The holder's name as the bank has it (katakana), which a transfer must match. */
  accountName: z.string().min(1),
});
export type BankAccount = z.infer<typeof bankAccount>;
// --- end checkout settings ---

/**
 * Profiles saved before the shipping table had one flat fee (and a cool fee) for all of Japan: the
 * table they get charges that fee to the shop's own zone and the difference as the cool surcharge,
 * so nothing a shopper pays there changes.
 */
function tableFromFlatFees(terms: unknown): unknown {
  if (terms === null || typeof terms !== "object" || Array.isArray(terms)) return terms;
  const { shippingFee, coolShippingFee, ...rest } = terms as Record<string, unknown>;
  if ("shipping" in rest || typeof shippingFee !== "number") return rest;
  const table = defaultShippingTable();
  const zoneFee = table.fees[DEFAULT_ZONE_PREFECTURE - 1]!;
  const fees = table.fees.map((fee) => (fee === zoneFee ? shippingFee : fee));
  const coolSurchargePerBox = typeof coolShippingFee === "number" && coolShippingFee >= shippingFee ? coolShippingFee - shippingFee : table.coolSurchargePerBox;
  return { ...rest, shipping: { ...table, fees, coolSurchargePerBox } };
}

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
  /**
   * Qualified invoice issuer registration number (適格請求書発行事業者登録番号), T and 13 digits;
   * printed on the order mail (the receipt) when set.
   */
  invoiceRegistrationNumber: z
    .string()
    .regex(/^T\d{13}$/, "T followed by 13 digits")
    .optional(),
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
  terms: z.preprocess(
    (terms: unknown) => paymentsFromNamedFields(tableFromFlatFees(terms)),
    z.object({
      /** Consumption tax in percent; liquor takes the standard rate (10%), not the reduced one. */
      taxRatePercent: z.number().int().min(0).max(100),
      /** Shipping by prefecture and box, cool surcharge and free-shipping line (shipping-table.ts). */
      shipping: shippingTableSchema.default(defaultShippingTable),
      /** Each payment method's fee, limits, place, days to pay and note (decision 077). */
      payments: paymentTermsByCode,
      // No "processed within n business days" figure: the delivery calendar (deliveryCalendar) is the
      // shop's one shipping promise (decision 054); a stored profile's old processingBusinessDays is dropped.
      arrivalWithinDays: z.number().int().positive(),
    }),
  ),
  /** Closed weekdays and the order cutoff (delivery-calendar.ts); closed dates are businessHolidays. */
  deliveryCalendar: deliveryCalendarSchema.default(() => deliveryCalendarSchema.parse({})),
  // --- checkout settings ---
  /** Delivery time bands the carrier offers, code → label; the order keeps the code. */
  deliveryTimeBands: z.record(timeBandCode, localizedText).default(() => defaultDeliveryTimeBands()),
  /** The product page says 残りわずか when this many bottles or fewer are left (0: never). */
  lowStockHintAt: z.number().int().min(0).max(1000).default(5),
  /**
   * Whether addresses outside Japan are taken (charged the shipping table's fee for an address
   * without a prefecture). Off: a foreign country is refused with 海外への発送は承っておりません.
   */
  shipsAbroad: z.boolean().default(false),
  /** Accounts shown for bank transfer at checkout and in the order mail. */
  bankAccounts: z.array(bankAccount).default(() => []),
  /** Days the shop is closed besides its closed weekdays and public holidays (Japan dates), set in the back office. */
  businessHolidays: z.array(isoDate).default(() => []),
  /** Gift options offered at checkout (gift.ts): each can be switched off; the 表書き list the trader keeps. */
  gift: giftSettingsSchema.default(() => giftSettingsSchema.parse({})),
  // --- end checkout settings ---
  /**
   * The shop's Yamato B2 Cloud contract, filled into the upload CSV of the back office: 請求先顧客コード
   * (10–12 digits, usually the contract phone number), 請求先分類コード (optional) and 運賃管理番号
   * (2 digits, usually 01). Left out, B2 Cloud asks for them on import.
   */
  yamatoB2: z
    .object({
      customerCode: z.string().regex(/^\d{10,12}$/, "10 to 12 digits"),
      classificationCode: z
        .string()
        .regex(/^(\d{3})?$/, "blank or 3 digits")
        .default(""),
      freightNumber: z.string().regex(/^\d{2}$/, "2 digits"),
    })
    .optional(),
  social: z.object({
    instagram: z.url(),
    facebook: z.url(),
    twitter: z.url(),
    line: z.url(),
  }),
});

export type ShopProfile = z.infer<typeof shopProfileSchema>;
