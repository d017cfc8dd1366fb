import type { z } from "zod";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { LocalizedText, ShopProfile } from "../../domain/shop-profile.ts";
import { shopProfileSchema } from "../../domain/shop-profile.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { validationFailed } from "../../domain/errors.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { LabelledFieldErrors } from "../i18n/labelled-field-errors.ts";
import { settingsLabel } from "./settings-labels.ts";

/** Other processes on the same PostgreSQL drop their copy of the profile when this is notified. */
export const SHOP_PROFILE_CHANGED_CHANNEL = "kura_shop_profile_changed";

export interface TimeBandInput {
  code: string;
  ja: string;
  en: string;
}

/** The profile as the settings form edits it: time bands as an ordered list instead of a code → label map. */
export type SettingsForm = Omit<ShopProfile, "deliveryTimeBands"> & { deliveryTimeBands: TimeBandInput[] };

const TIERS_RULE = {
  ja: "手数料の段階は、上限金額を小さい順に並べ、最後の段階だけ上限なしにしてください。",
  en: "Fee tiers need rising upper amounts, and only the last tier may have none.",
};

const LIMITS_RULE = {
  ja: "上限金額は下限金額以上にしてください。",
  en: "The upper limit must not be below the lower limit.",
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function settingsFormOf(profile: ShopProfile): SettingsForm {
  return { ...profile, deliveryTimeBands: Object.entries(profile.deliveryTimeBands).map(([code, label]) => ({ code, ...label })) };
}

/**
 * The owner's settings: the shop profile, edited through its zod schema (src/domain/shop-profile.ts)
 * so anything the storefront could not use is a 422 naming the field. A save takes effect at once:
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

  async update(raw: unknown, locale: Locale): Promise<SettingsForm> {
    const profile = this.validate(raw, locale);
    await this.deps.shopProfiles.save(profile);
    await this.database.notify(SHOP_PROFILE_CHANGED_CHANNEL);
    return settingsFormOf(profile);
  }

  private validate(raw: unknown, locale: Locale): ShopProfile {
    const errors = new LabelledFieldErrors(locale, {});
    const input = isObject(raw) ? { ...raw } : {};
    const bands = this.timeBands(input.deliveryTimeBands, errors, locale);
    // Bands with errors are already named by their position; the map would name them again by code.
    if (bands && errors.empty) input.deliveryTimeBands = bands;
    else delete input.deliveryTimeBands;
    dropBlankOptionals(input);
    const parsed = shopProfileSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) addIssue(errors, issue, valueAt(input, issue.path), locale);
    } else {
      parsed.data.businessHolidays.forEach((day, index) => {
        const [year, month, date] = day.split("-").map(Number);
        if (!isRealDate(year!, month!, date!)) errors.add(`businessHolidays.${index}`, "invalid", {}, settingsLabel(["businessHolidays", index], locale));
      });
    }
    if (!errors.empty || !parsed.success) throw validationFailed(errors);
    return { ...parsed.data, businessHolidays: [...new Set(parsed.data.businessHolidays)].sort() };
  }

  /** The form's list of bands as the profile's map, checking what the map cannot: blank and repeated codes. */
  private timeBands(raw: unknown, errors: LabelledFieldErrors, locale: Locale): Record<string, LocalizedText> | undefined {
    if (!Array.isArray(raw)) return undefined;
    const bands: Record<string, LocalizedText> = {};
    raw.forEach((band: unknown, index) => {
      const entry = isObject(band) ? band : {};
      const field = (name: "code" | "ja" | "en") => (typeof entry[name] === "string" ? (entry[name] as string).trim() : "");
      const [code, ja, en] = [field("code"), field("ja"), field("en")];
      const path = (name: string) => `deliveryTimeBands.${index}.${name}`;
      const label = (name: string) => settingsLabel(["deliveryTimeBands", index, name], locale);
      if (!code) errors.add(path("code"), "blank", {}, label("code"));
      else if (!/^[0-9A-Za-z_-]{1,20}$/.test(code)) errors.add(path("code"), "invalid", {}, label("code"));
      else if (code in bands) errors.add(path("code"), "taken", {}, label("code"));
      if (!ja) errors.add(path("ja"), "blank", {}, label("ja"));
      if (!en) errors.add(path("en"), "blank", {}, label("en"));
      if (code) bands[code] = { ja, en };
    });
    return bands;
  }
}

/** Optional settings left empty in the form mean "not set", not an invalid value. */
function dropBlankOptionals(input: Record<string, unknown>): void {
  if (typeof input.invoiceRegistrationNumber === "string") {
    const number = input.invoiceRegistrationNumber.trim().toUpperCase();
    if (number) input.invoiceRegistrationNumber = number;
    else delete input.invoiceRegistrationNumber;
  }
  if (input.invoiceRegistrationNumber === null) delete input.invoiceRegistrationNumber;
  const b2 = input.yamatoB2;
  if (b2 === null || (isObject(b2) && Object.values(b2).every((value) => value === "" || value === null || value === undefined))) delete input.yamatoB2;
  if (isObject(input.terms) && isObject(input.terms.payments)) {
    // A blank upper limit or days to pay means none; a note blank in both languages means no note.
    const payments: Record<string, unknown> = {};
    for (const [code, raw] of Object.entries(input.terms.payments)) {
      if (!isObject(raw)) {
        payments[code] = raw;
        continue;
      }
      const terms = { ...raw };
      for (const field of ["max", "daysToPay"] as const) if (terms[field] === "" || terms[field] === undefined) terms[field] = null;
      const notes = terms.notes;
      if (notes === undefined || (isObject(notes) && [notes.ja, notes.en].every((text) => text === undefined || text === null || (typeof text === "string" && text.trim() === "")))) terms.notes = null;
      payments[code] = terms;
    }
    input.terms = { ...input.terms, payments };
  }
}

/** What the form sent at a zod path (zod leaves the input out of its issues). */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function addIssue(errors: LabelledFieldErrors, issue: z.core.$ZodIssue, input: unknown, locale: Locale): void {
  const path = issue.path.filter((part): part is string | number => typeof part !== "symbol");
  const field = path.join(".");
  const label = settingsLabel(path, locale);
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined || input === null || input === "") errors.add(field, "blank", {}, label);
      else if (issue.expected === "int") errors.add(field, "not_an_integer", {}, label);
      else if (issue.expected === "number") errors.add(field, "not_a_number", {}, label);
      else errors.add(field, "invalid", {}, label);
      return;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) errors.add(field, "blank", {}, label);
      else if (issue.origin === "number" || issue.origin === "int")
        errors.add(field, issue.inclusive === false ? "greater_than" : "greater_than_or_equal_to", { count: Number(issue.minimum) }, label);
      else errors.add(field, "blank", {}, label);
      return;
    case "too_big":
      if (issue.origin === "number" || issue.origin === "int")
        errors.add(field, issue.inclusive === false ? "less_than" : "less_than_or_equal_to", { count: Number(issue.maximum) }, label);
      else errors.add(field, "too_long", { count: Number(issue.maximum) }, label);
      return;
    case "custom":
      if (/^terms\.payments\.[^.]+\.feeTiers$/.test(field)) errors.addMessage(field, TIERS_RULE);
      else if (/^terms\.payments\.[^.]+\.max$/.test(field)) errors.addMessage(field, LIMITS_RULE);
      else errors.add(field, "invalid", {}, label);
      return;
    case "invalid_value":
      errors.add(field, "inclusion", {}, label);
      return;
    default:
      errors.add(field, "invalid", {}, label);
  }
}
