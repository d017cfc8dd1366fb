import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { paymentMethodChoices } from "./payment-methods/payment-method.registry.ts";
import { shopProfileSchema } from "./shop-profile.ts";

const demoProfile = () => JSON.parse(fs.readFileSync("config/shop-profile.json", "utf8")) as Record<string, unknown>;

/** The demo profile as it was stored before the checkout settings existed. */
function profileWithoutCheckoutSettings(): Record<string, unknown> {
  const { deliveryTimeBands: _bands, bankAccounts: _banks, ...profile } = demoProfile();
  const { coolShippingFee: _cool, codCeiling: _ceiling, codFeeTiers: _tiers, ...terms } = profile.terms as Record<string, unknown>;
  return { ...profile, terms };
}

describe("shop profile checkout settings", () => {
  it("reads the demo profile with its bank accounts, keeping 普通 and 当座 as codes", () => {
    const profile = shopProfileSchema.parse(demoProfile());
    // Its cod fee, ceiling and days to pay by transfer, written under the names of before decision 077, become those methods' terms.
    expect(profile.terms.payments.cod).toMatchObject({ feeTiers: [{ upTo: null, fee: 440 }], max: 300_000, enabled: true });
    expect(profile.terms.payments.konbini).toMatchObject({ max: 300_000 });
    expect(profile.terms.payments.bank).toMatchObject({ daysToPay: 3 });
    expect(profile.terms).not.toHaveProperty("codFee");
    expect(profile.terms).not.toHaveProperty("bankTransferWithinDays");
    // config/shop-profile.json still writes the flat fees of before the shipping table: they become its zone fee and cool surcharge.
    expect(profile.terms.shipping).toMatchObject({ bottlesPerBox: 6, coolSurchargePerBox: 550, freeShippingFrom: 0 });
    expect(profile.terms.shipping.fees[12]).toBe(1100);
    expect(profile.bankAccounts.map((account) => account.depositType)).toEqual(["ordinary", "current"]);
    expect(profile.bankAccounts[0]).toMatchObject({ financial: { ja: "蔵前銀行" }, accountNumber: "1234567" });
    expect(profile.deliveryTimeBands["08-12"]).toEqual({ ja: "午前中", en: "Morning (8–12)" });
  });

  it("gives a profile stored before the settings existed their defaults", () => {
    const profile = shopProfileSchema.parse(profileWithoutCheckoutSettings());
    expect(profile.terms.shipping.coolSurchargePerBox).toBe(550);
    expect(profile.deliveryCalendar).toEqual({ closedWeekdays: [0, 6], cutoff: "14:00" });
    expect(profile.terms.payments.cod).toMatchObject({ feeTiers: [{ upTo: null, fee: 440 }], max: 300_000 });
    expect(Object.keys(profile.terms.payments)).toEqual(paymentMethodChoices().map((method) => method.code));
    expect(profile.bankAccounts).toEqual([]);
    expect(Object.keys(profile.deliveryTimeBands)).toEqual(["08-12", "14-16", "16-18", "18-20", "19-21"]);
    expect(profile.deliveryTimeBands["14-16"]).toEqual({ ja: "14-16時", en: "14:00–16:00" });
  });

  it("turns a flat fee and cool fee of before the shipping table into the table, keeping the far zones", () => {
    const profile = demoProfile();
    const terms = { ...(profile.terms as object), shippingFee: 880, coolShippingFee: 1320 };
    const parsed = shopProfileSchema.parse({ ...profile, terms });
    expect(parsed.terms.shipping.fees[12]).toBe(880);
    expect(parsed.terms.shipping.fees[0]).toBe(1650);
    expect(parsed.terms.shipping.coolSurchargePerBox).toBe(440);
    expect(parsed.terms).not.toHaveProperty("shippingFee");
  });

  it("keeps cod fee tiers stored under their old name as cod's terms", () => {
    const profile = demoProfile();
    const tiers = [
      { upTo: 10_000, fee: 330 },
      { upTo: null, fee: 440 },
    ];
    const parsed = shopProfileSchema.parse({ ...profile, terms: { ...(profile.terms as object), codFeeTiers: tiers, codCeiling: 250_000 } });
    expect(parsed.terms.payments.cod).toMatchObject({ feeTiers: tiers, max: 250_000 });
    expect(parsed.terms.payments.konbini?.max).toBe(250_000);
  });

  it("accepts ascending fee tiers ending open-ended, and refuses others", () => {
    const withTiers = (feeTiers: unknown) => {
      const profile = shopProfileSchema.parse(demoProfile());
      const payments = { ...profile.terms.payments, cod: { ...profile.terms.payments.cod, feeTiers } };
      return shopProfileSchema.safeParse({ ...profile, terms: { ...profile.terms, payments } });
    };
    expect(
      withTiers([
        { upTo: 10_000, fee: 330 },
        { upTo: null, fee: 440 },
      ]).success,
    ).toBe(true);
    expect(withTiers([{ upTo: 10_000, fee: 330 }]).success).toBe(false);
    expect(
      withTiers([
        { upTo: null, fee: 330 },
        { upTo: null, fee: 440 },
      ]).success,
    ).toBe(false);
    expect(
      withTiers([
        { upTo: 30_000, fee: 330 },
        { upTo: 10_000, fee: 440 },
        { upTo: null, fee: 660 },
      ]).success,
    ).toBe(false);
    expect(withTiers([]).success).toBe(false);
    expect(withTiers([{ upTo: null, fee: -1 }]).success).toBe(false);
  });

  it("refuses a payment method's upper limit below its lower one, and negative yen", () => {
    const withCod = (cod: Record<string, unknown>) => {
      const profile = shopProfileSchema.parse(demoProfile());
      const payments = { ...profile.terms.payments, cod: { ...profile.terms.payments.cod, ...cod } };
      return shopProfileSchema.safeParse({ ...profile, terms: { ...profile.terms, payments } });
    };
    expect(withCod({ min: 1000, max: 1000 }).success).toBe(true);
    expect(withCod({ min: 1000, max: null }).success).toBe(true);
    const inverted = withCod({ min: 2000, max: 1000 });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues[0]?.path).toEqual(["terms", "payments", "cod", "max"]);
    expect(withCod({ min: -1 }).success).toBe(false);
  });

  it("refuses bank accounts without a valid deposit type or number", () => {
    const withAccount = (override: Record<string, unknown>) => {
      const profile = demoProfile();
      const [account] = profile.bankAccounts as Record<string, unknown>[];
      return shopProfileSchema.safeParse({ ...profile, bankAccounts: [{ ...account, ...override }] });
    };
    expect(withAccount({ depositType: "current" }).success).toBe(true);
    expect(withAccount({ accountNumber: "10120-12345671" }).success).toBe(true);
    expect(withAccount({ depositType: "貯蓄" }).success).toBe(false);
    expect(withAccount({ accountNumber: "12a4567" }).success).toBe(false);
    expect(withAccount({ accountName: "" }).success).toBe(false);
  });
});

describe("shop profile invoice registration number", () => {
  it("is optional, and when set is T followed by 13 digits", () => {
    const withNumber = (invoiceRegistrationNumber: unknown) => shopProfileSchema.safeParse({ ...demoProfile(), invoiceRegistrationNumber });
    expect(shopProfileSchema.parse(demoProfile()).invoiceRegistrationNumber).toBeUndefined();
    expect(withNumber("T1234567890123").success).toBe(true);
    expect(withNumber("1234567890123").success).toBe(false);
    expect(withNumber("T123456789012").success).toBe(false);
    expect(withNumber("T12345678901234").success).toBe(false);
  });
});
