import { eq } from "drizzle-orm";
import type { AddressErrorKind, AddressField, AddressInput, AddressResource } from "../../domain/address.ts";
import { parseAddress } from "../../domain/address-schema.ts";
import { ADDRESS_MAX_LENGTH, DEFAULT_COUNTRY, PREFECTURES, displayZip, isJapaneseZip, normalizeZip, prefectureName } from "../../domain/address.ts";
import { prefectureFromAddressText } from "../../domain/recipient.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { addressesTable } from "../db/schema/address.ts";
import { DomainError } from "../../domain/errors.ts";
import { fullValidationMessage } from "../i18n/validation.ts";
import type { CountriesService } from "../reference/countries.service.ts";
import type { PostcodesService } from "../reference/postcodes.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";

function fieldMessage(field: AddressField, kind: AddressErrorKind, locale: Locale): string {
  return fullValidationMessage(locale, field, kind, kind === "too_long" ? { count: ADDRESS_MAX_LENGTH } : {});
}

/** The rules the trader's data and Japan Post's decide, worded here (no Rails default has them). */
const factMessages = {
  abroad: { ja: "海外への発送は承っておりません", en: "We do not ship outside Japan" },
  postcodeMismatch: {
    ja: (zip: string, prefecture: string) => `都道府県が郵便番号(${zip})の${prefecture}と一致しません`,
    en: (zip: string, prefecture: string) => `Prefecture does not match the postcode ${zip}, which is in ${prefecture}`,
  },
  addressMismatch: {
    ja: (prefecture: string) => `都道府県が住所の${prefecture}と一致しません`,
    en: (prefecture: string) => `Prefecture does not match the address, which is in ${prefecture}`,
  },
} as const;

/**
 * What an address is held to beyond its form, read before validate() (which stays synchronous for
 * the checkout's one pass over every field): where Japan Post puts each postcode, and whether the
 * trader ships abroad (shop profile `shipsAbroad`, off unless set).
 */
export interface AddressFacts {
  /** 7-digit postcode → prefecture 1–47; a code the data cannot place is absent (and not refused). */
  postcodePrefectures: ReadonlyMap<string, number>;
  shipsAbroad: boolean;
}

/** The full prefecture name an address's text starts with ("東京都港区…"), if any. */
function prefectureWrittenIn(address: string): number | undefined {
  const text = address.normalize("NFKC").trimStart();
  return PREFECTURES.find((prefecture) => text.startsWith(prefecture.ja))?.code;
}

/** A member's saved delivery address, one per member. */
export class AddressService {
  constructor(
    private readonly db: Database,
    private readonly countries: CountriesService,
    private readonly postcodes: PostcodesService,
    private readonly shopProfiles: Pick<ShopProfileService, "profile">,
  ) {}

  /**
   * What the form's rules (domain/address-schema.ts, the route's schema) cannot know, checked after
   * them for PUT /api/address and the address book: the country exists and the shop ships there,
   * and a Japanese address's prefecture is its postcode's and its text's. One message per field; none when all hold.
   */
  async factProblems(address: AddressInput, locale: Locale): Promise<Partial<Record<AddressField, string[]>>> {
    const fields = this.factErrors(address, locale, await this.facts([address]));
    if (!this.countries.isCountry(address.country)) fields.country = [fieldMessage("country", "inclusion", locale)];
    return fields;
  }

  /** The facts validate() needs for these forms (a checkout has the buyer's address and the recipient's). */
  async facts(forms: unknown[]): Promise<AddressFacts> {
    const postcodePrefectures = new Map<string, number>();
    for (const form of forms) {
      if (typeof form !== "object" || form === null) continue;
      const { country, zip } = form as Record<string, unknown>;
      const japanese =
        country === undefined || country === null || (typeof country === "string" && [DEFAULT_COUNTRY, ""].includes(country.trim().toLowerCase()));
      const digits = typeof zip === "string" ? normalizeZip(zip) : "";
      if (!japanese || !isJapaneseZip(digits) || postcodePrefectures.has(digits)) continue;
      // Unreadable data must not stop an order: the code is then simply not placed.
      const prefecture = await this.postcodes.prefectureOf(digits).catch(() => undefined);
      if (prefecture !== undefined) postcodePrefectures.set(digits, prefecture);
    }
    const { shipsAbroad } = await this.shopProfiles.profile();
    return { postcodePrefectures, shipsAbroad };
  }

  /**
   * A Japanese address posted without its prefecture (the API contract gives country, zip, address and
   * building_name only) takes it from the postcode, or else from the prefecture the address's text
   * starts with; anything else is left for the address rules to word. The routes do this before
   * their schema runs (a preValidation hook), the checkout before validate().
   */
  async withPrefecture(input: unknown): Promise<unknown> {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const form = input as Record<string, unknown>;
    const country =
      typeof form.country === "string" ? form.country.trim().toLowerCase() || DEFAULT_COUNTRY : form.country === undefined ? DEFAULT_COUNTRY : null;
    const given = form.prefecture;
    if (country !== DEFAULT_COUNTRY || (given !== undefined && given !== null && String(given).trim() !== "")) return input;
    const zip = typeof form.zip === "string" ? normalizeZip(form.zip) : "";
    const byZip = isJapaneseZip(zip) ? (await this.postcodes.lookup(zip).catch(() => undefined))?.prefecture : undefined;
    const prefecture = byZip ?? (typeof form.address === "string" ? prefectureFromAddressText(form.address) : undefined);
    return prefecture === undefined ? input : { ...form, prefecture };
  }

  /**
   * The address form checked by the shared rules plus those only the server knows: the country
   * exists and the shop ships there, and a Japanese address's prefecture is the one its postcode
   * (Japan Post's data) and its text name — the fee, the delivery dates and the label follow the
   * prefecture. A refusal is a 422 with one full message per field in the request's locale.
   */
  validate(input: unknown, locale: Locale, facts: AddressFacts): AddressInput {
    const parsed = parseAddress(input);
    const errors = parsed.ok ? {} : parsed.errors;
    if (parsed.ok && !this.countries.isCountry(parsed.value.country)) errors.country = ["inclusion"];
    const entries = Object.entries(errors) as [AddressField, AddressErrorKind[]][];
    const fields: Partial<Record<AddressField, string[]>> = Object.fromEntries(
      entries.map(([field, kinds]) => [field, kinds.map((kind) => fieldMessage(field, kind, locale))]),
    );
    if (parsed.ok) Object.assign(fields, { ...this.factErrors(parsed.value, locale, facts), ...fields });
    if (parsed.ok && Object.keys(fields).length === 0) return parsed.value;
    throw new DomainError("invalid", undefined, fields);
  }

  private factErrors(
    address: Pick<AddressInput, "country" | "zip" | "prefecture" | "address">,
    locale: Locale,
    facts: AddressFacts,
  ): Partial<Record<AddressField, string[]>> {
    if (address.country !== DEFAULT_COUNTRY) return facts.shipsAbroad ? {} : { country: [factMessages.abroad[locale]] };
    if (address.prefecture === null) return {};
    const byZip = facts.postcodePrefectures.get(address.zip);
    if (byZip !== undefined && byZip !== address.prefecture) {
      return { prefecture: [factMessages.postcodeMismatch[locale](displayZip(DEFAULT_COUNTRY, address.zip), prefectureName(byZip, locale)!)] };
    }
    const written = prefectureWrittenIn(address.address);
    if (written !== undefined && written !== address.prefecture)
      return { prefecture: [factMessages.addressMismatch[locale](prefectureName(written, locale)!)] };
    return {};
  }

  async saved(userId: number, locale: Locale): Promise<AddressResource | null> {
    const [row] = await this.db.select().from(addressesTable).where(eq(addressesTable.userId, userId));
    if (!row) return null;
    return this.present({ country: row.country, zip: row.zip, prefecture: row.prefecture, address: row.address, building_name: row.buildingName }, locale);
  }

  private readonly changeListeners: ((userId: number) => Promise<void>)[] = [];

  /** Lets another module act when a member's saved address changes (the change mail, decision 064). */
  onChange(listener: (userId: number) => Promise<void>): void {
    this.changeListeners.push(listener);
  }

  async save(userId: number, address: AddressInput, locale: Locale): Promise<AddressResource> {
    const [before] = await this.db.select().from(addressesTable).where(eq(addressesTable.userId, userId));
    const values = {
      country: address.country,
      zip: address.zip,
      prefecture: address.prefecture,
      address: address.address,
      buildingName: address.building_name,
      updatedAt: new Date(),
    };
    await this.db
      .insert(addressesTable)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: addressesTable.userId, set: values });
    const changed =
      !before || (["country", "zip", "prefecture", "address", "buildingName"] as const).some((field) => (before[field] ?? "") !== (values[field] ?? ""));
    if (changed) for (const listener of this.changeListeners) await listener(userId);
    return this.present(address, locale);
  }

  private present(address: AddressInput, locale: Locale): AddressResource {
    return { ...address, country_name: this.countries.name(address.country, locale) ?? address.country };
  }
}
