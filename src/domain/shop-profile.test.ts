import fs from "node:fs";
import { describe, expect, it } from "vitest";
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
    expect(profile.terms).toMatchObject({ codFee: 440, codCeiling: 300_000 });
    // config/shop-profile.json still writes the flat fees of before the shipping table: they become its zone fee and cool surcharge.
    expect(profile.terms.shipping).toMatchObject({ bottlesPerBox: 6, coolSurchargePerBox: 550, freeShippingFrom: 0 });
    expect(profile.terms.shipping.fees[12]).toBe(1100);
    expect(profile.terms.codFeeTiers).toBeUndefined();
    expect(profile.bankAccounts.map((account) => account.depositType)).toEqual(["ordinary", "current"]);
    expect(profile.bankAccounts[0]).toMatchObject({ financial: { ja: "蔵前銀行" }, accountNumber: "1234567" });
    expect(profile.deliveryTimeBands["08-12"]).toEqual({ ja: "午前中", en: "Morning (8–12)" });
  });

  it("gives a profile stored before the settings existed their defaults", () => {
    const profile = shopProfileSchema.parse(profileWithoutCheckoutSettings());
    expect(profile.terms.shipping.coolSurchargePerBox).toBe(550);
    expect(profile.deliveryCalendar).toEqual({ closedWeekdays: [0, 6], cutoff: "14:00" });
    expect(profile.terms.codCeiling).toBe(300_000);
    expect(profile.terms.codFeeTiers).toBeUndefined();
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

  it("accepts ascending cod fee tiers ending open-ended, and refuses others", () => {
    const withTiers = (codFeeTiers: unknown) => {
      const profile = demoProfile();
      return shopProfileSchema.safeParse({ ...profile, terms: { ...(profile.terms as object), codFeeTiers } });
    };
    expect(withTiers([{ upTo: 10_000, fee: 330 }, { upTo: null, fee: 440 }]).success).toBe(true);
    expect(withTiers([{ upTo: 10_000, fee: 330 }]).success).toBe(false);
    expect(withTiers([{ upTo: null, fee: 330 }, { upTo: null, fee: 440 }]).success).toBe(false);
    expect(withTiers([{ upTo: 30_000, fee: 330 }, { upTo: 10_000, fee: 440 }, { upTo: null, fee: 660 }]).success).toBe(false);
    expect(withTiers([]).success).toBe(false);
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
