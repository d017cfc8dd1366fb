import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { TestApp } from "./test-app.ts";

/** Yamato B2 Cloud billing codes for a test shop: the B2 file is refused until they are set. */
export const B2_BILLING = { customerCode: "0312345678", classificationCode: "", freightNumber: "01" };

/**
 * Saves the shop's profile with the fields `change` answers replaced, as the settings page does;
 * answers the profile as it was before, for a test that puts it back.
 */
export async function changeShopProfile(shop: TestApp, change: (profile: ShopProfile) => Partial<ShopProfile>): Promise<ShopProfile> {
  const profile = await shop.app.services.shopProfiles.profile();
  await shop.app.services.shopProfiles.save({ ...profile, ...change(profile) });
  return profile;
}

/** The profile's terms with 後払い (the deferred payment service) taken at checkout. */
export function deferredPaymentsOn(profile: ShopProfile): Pick<ShopProfile, "terms"> {
  const payments = { ...profile.terms.payments, deferred: { ...profile.terms.payments.deferred!, enabled: true } };
  return { terms: { ...profile.terms, payments } };
}
