import { eq } from "drizzle-orm";
import type { AddressErrorKind, AddressField, AddressInput, AddressResource } from "../../domain/address.ts";
import { parseAddress } from "../../domain/address-schema.ts";
import { ADDRESS_MAX_LENGTH, DEFAULT_COUNTRY, ZIP_LENGTH, isJapaneseZip, normalizeZip } from "../../domain/address.ts";
import { prefectureFromAddressText } from "../../domain/recipient.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { addressesTable } from "../db/schema/address.ts";
import { DomainError } from "../../domain/errors.ts";
import { attributeName, fullValidationMessage } from "../i18n/validation.ts";
import type { CountriesService } from "../reference/countries.service.ts";
import type { PostcodesService } from "../reference/postcodes.service.ts";

// The zip rule has no Rails default wording; this follows rails-i18n's pattern (attribute + は…).
const zipFormat: Record<Locale, string> = {
  ja: `は${ZIP_LENGTH}桁の数字で入力してください`,
  en: `must be ${ZIP_LENGTH} digits`,
};

function fieldMessage(field: AddressField, kind: AddressErrorKind, locale: Locale): string {
  if (kind === "zip_format") return `${attributeName(field, locale)}${locale === "ja" ? "" : " "}${zipFormat[locale]}`;
  return fullValidationMessage(locale, field, kind, kind === "too_long" ? { count: ADDRESS_MAX_LENGTH } : {});
}

/** A member's saved delivery address (spec §2 /mypage/address, §7 GET/PUT /api/address), one per member. */
export class AddressService {
  constructor(
    private readonly db: Database,
    private readonly countries: CountriesService,
    private readonly postcodes?: PostcodesService,
  ) {}

  /**
   * A Japanese address posted without its prefecture (spec §7 gives country, zip, address and
   * building_name only) takes it from the postcode, or else from the prefecture the address's text
   * starts with; anything else is left for validate() to word.
   */
  async withPrefecture(input: unknown): Promise<unknown> {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const form = input as Record<string, unknown>;
    const country = typeof form.country === "string" ? form.country.trim().toLowerCase() || DEFAULT_COUNTRY : form.country === undefined ? DEFAULT_COUNTRY : null;
    const given = form.prefecture;
    if (country !== DEFAULT_COUNTRY || (given !== undefined && given !== null && String(given).trim() !== "")) return input;
    const zip = typeof form.zip === "string" ? normalizeZip(form.zip) : "";
    const byZip = isJapaneseZip(zip) && this.postcodes ? (await this.postcodes.lookup(zip).catch(() => undefined))?.prefecture : undefined;
    const prefecture = byZip ?? (typeof form.address === "string" ? prefectureFromAddressText(form.address) : undefined);
    return prefecture === undefined ? input : { ...form, prefecture };
  }

  /**
   * The address form checked by the shared rules plus the one only the server knows (the country
   * exists); a refusal is a 422 with one full message per field in the request's locale.
   */
  validate(input: unknown, locale: Locale): AddressInput {
    const parsed = parseAddress(input);
    const errors = parsed.ok ? {} : parsed.errors;
    if (parsed.ok && !this.countries.isCountry(parsed.value.country)) errors.country = ["inclusion"];
    const entries = Object.entries(errors) as [AddressField, AddressErrorKind[]][];
    if (parsed.ok && entries.length === 0) return parsed.value;
    const fields = Object.fromEntries(entries.map(([field, kinds]) => [field, kinds.map((kind) => fieldMessage(field, kind, locale))]));
    throw new DomainError("invalid", undefined, fields);
  }

  async saved(userId: number, locale: Locale): Promise<AddressResource | null> {
    const [row] = await this.db.select().from(addressesTable).where(eq(addressesTable.userId, userId));
    if (!row) return null;
    return this.present(
      { country: row.country, zip: row.zip, prefecture: row.prefecture, address: row.address, building_name: row.buildingName },
      locale,
    );
  }

  async save(userId: number, address: AddressInput, locale: Locale): Promise<AddressResource> {
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
    return this.present(address, locale);
  }

  private present(address: AddressInput, locale: Locale): AddressResource {
    return { ...address, country_name: this.countries.name(address.country, locale) ?? address.country };
  }
}
