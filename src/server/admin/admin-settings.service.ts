import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";

/** Other processes on the same PostgreSQL drop their copy of the profile when this is notified. */
export const SHOP_PROFILE_CHANGED_CHANNEL = "kura_shop_profile_changed";

export interface TimeBandInput {
  code: string;
  ja: string;
  en: string;
}

/** The profile as the settings form edits it: time bands as an ordered list instead of a code → label map. */
export type SettingsForm = Omit<ShopProfile, "deliveryTimeBands"> & { deliveryTimeBands: TimeBandInput[] };

export function settingsFormOf(profile: ShopProfile): SettingsForm {
  return { ...profile, deliveryTimeBands: Object.entries(profile.deliveryTimeBands).map(([code, label]) => ({ code, ...label })) };
}

/**
 * The owner's settings: the shop profile, edited through the settings form's schema
 * (src/domain/settings-input.ts, the route's body) so anything the storefront could not use is a
 * 422 naming the field. A save takes effect at once:
 * this process's profile is replaced (the catalogue, listening to the profile, rebuilds its prices
 * with tax), and other processes are told to drop their copies.
 */
export class AdminSettingsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: { shopProfiles: ShopProfileService },
  ) {}

  async startListening(): Promise<void> {
    await this.database.listen(SHOP_PROFILE_CHANGED_CHANNEL, () => {
      this.deps.shopProfiles.forget();
    });
  }

  async settings(): Promise<SettingsForm> {
    return settingsFormOf(await this.deps.shopProfiles.profile());
  }

  /** Saves a profile the settings form's schema gave (domain/settings-input.ts). */
  async update(profile: ShopProfile): Promise<SettingsForm> {
    await this.deps.shopProfiles.save(profile);
    await this.database.notify(SHOP_PROFILE_CHANGED_CHANNEL);
    return settingsFormOf(profile);
  }
}
