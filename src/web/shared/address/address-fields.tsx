import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { Dispatch, SetStateAction } from "react";
import type { AddressField, AddressFieldErrors, AddressResource } from "../../../domain/address.ts";
import { ADDRESS_MAX_LENGTH, DEFAULT_COUNTRY, PREFECTURES, autofilledAddress, isJapaneseZip, normalizeZip, postcodeAddress } from "../../../domain/address.ts";
import type { I18n } from "../../i18n/i18n.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { FieldError, Input, Select, fieldStyles } from "../../ui/field.tsx";
import styles from "./address-fields.module.css";
import type { CountryChoice } from "./country-combobox.tsx";
import { CountryCombobox } from "./country-combobox.tsx";
import { addressRules } from "./address-rules.ts";
import { lookupPostcode, postcodeFill } from "./postcode-lookup.ts";
import "../../i18n/member-forms-texts.ts";

/** The form's state: the country with its shown name, the prefecture as the select's string. */
export interface AddressFormValue {
  country: CountryChoice;
  zip: string;
  prefecture: string;
  address: string;
  building_name: string;
}

/** One message per field, already worded (by the server's 422 or by addressErrorMessages). */
export type AddressFormErrors = Partial<Record<AddressField, string[]>>;

const noSubscription = () => () => undefined;

export function addressFormValue(saved: AddressResource | null, defaultCountryName: string): AddressFormValue {
  if (!saved) {
    return { country: { id: DEFAULT_COUNTRY, name: defaultCountryName }, zip: "", prefecture: "", address: "", building_name: "" };
  }
  return {
    country: { id: saved.country, name: saved.country_name },
    zip: saved.zip,
    prefecture: saved.prefecture === null ? "" : String(saved.prefecture),
    address: saved.address,
    building_name: saved.building_name,
  };
}

/**
 * The form's value as a form posted without JavaScript sends it (the fields' names): the country's
 * code in `country` and its name as shown (or typed) in `country_name` (decision 059).
 */
export function postedAddressFormValue(values: Record<string, string>): AddressFormValue {
  return {
    country: { id: values.country ?? DEFAULT_COUNTRY, name: values.country_name ?? "" },
    zip: values.zip ?? "",
    prefecture: values.prefecture ?? "",
    address: values.address ?? "",
    building_name: values.building_name ?? "",
  };
}

/** The body of PUT /api/address (and of the checkout's address). */
export function addressPayload(value: AddressFormValue) {
  return {
    country: value.country.id,
    zip: value.zip,
    prefecture: value.country.id === DEFAULT_COUNTRY && value.prefecture !== "" ? Number(value.prefecture) : null,
    address: value.address,
    building_name: value.building_name,
  };
}

const labelKeys = {
  country: "address.country",
  zip: "address.zip",
  prefecture: "address.prefecture",
  address: "address.address",
  building_name: "address.buildingName",
} as const;

/** The address fields' labels in the visitor's language, as a form's schema problems are worded with them. */
export function addressLabels(t: I18n["t"]): Record<AddressField, string> {
  return {
    country: t(labelKeys.country),
    zip: t(labelKeys.zip),
    prefecture: t(labelKeys.prefecture),
    address: t(labelKeys.address),
    building_name: t(labelKeys.building_name),
  };
}

/** The shared rules' reasons worded as the server words them, for checks made before sending. */
export function addressErrorMessages(errors: AddressFieldErrors, t: I18n["t"]): AddressFormErrors {
  const worded: AddressFormErrors = {};
  for (const [field, kinds] of Object.entries(errors) as [AddressField, AddressFieldErrors[AddressField]][]) {
    worded[field] = (kinds ?? []).map((kind) => t(`address.error.${kind}`, { field: t(labelKeys[field]), count: ADDRESS_MAX_LENGTH }));
  }
  return worded;
}

/**
 * The 必須 badge after a required field's label. It is for the eye; screen readers hear "required"
 * from the control's aria-required, and the field's name stays what it is ("住所") through its
 * aria-label, since a label's text would take the badge in.
 */
export function RequiredMark() {
  const { t } = useI18n();
  return (
    <span className={styles.required} aria-hidden="true">
      {t("address.required")}
    </span>
  );
}

/** A required field's label with its badge, and the attributes that keep its name the bare words (see RequiredMark). */
export function requiredLabel(text: string) {
  return {
    label: (
      <>
        {text}
        <RequiredMark />
      </>
    ),
    "aria-label": text,
    "aria-required": "true" as const,
  };
}

/** An optional field's label, with 任意 after it. */
export function OptionalLabel({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <>
      {text}
      <span className={styles.optional}>{t("address.optional")}</span>
    </>
  );
}

interface AddressFieldsProps {
  value: AddressFormValue;
  /** Takes updates as functions too: a postcode answer applies to the form as it is when it arrives. */
  onChange: Dispatch<SetStateAction<AddressFormValue>>;
  errors?: AddressFormErrors | undefined;
  /**
   * Put before each field's name (country, zip, prefecture, address, building_name), so a form
   * with two addresses posts both: the checkout's recipient is `recipient_` (decision 058).
   */
  namePrefix?: string;
}

/**
 * Country, zip, prefecture, address and building name for /mypage/address and /checkout. A
 * Japanese zip is normalised as it is typed
 * (full-width digits, hyphens); once 7 digits remain, the prefecture and the address's city and
 * town are filled from the shop's postcode data, keeping what the member typed after them.
 */
export function AddressFields({ value, onChange, errors, namePrefix = "" }: AddressFieldsProps) {
  const { t, locale } = useI18n();
  const japanese = value.country.id === DEFAULT_COUNTRY;
  const [zipNotFound, setZipNotFound] = useState(false);
  // The last complete zip before the one typed now: its city and town may be in the address already.
  const previousZip = useRef("");
  const latestZip = useRef("");
  const composing = useRef(false);
  const zipId = useId();
  // The postcode fills the address only once this script runs: before (or without) it, the hint
  // asks for the postcode without promising that (the server's page and the first render agree).
  const scriptRuns = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const zipError = errors?.zip?.[0];
  // The form's checks need the shared address rules: fetch them once the form is on screen.
  useEffect(() => {
    void addressRules();
  }, []);

  async function fillFrom(zip: string) {
    const [entry, previousFill] = await Promise.all([
      lookupPostcode(locale, zip).catch((failure: unknown) => {
        console.warn("postcode lookup failed", failure);
        return undefined;
      }),
      postcodeFill(locale, previousZip.current),
    ]);
    // The member kept typing: this answer is for a zip that is no longer there.
    if (latestZip.current !== zip) return;
    setZipNotFound(!entry);
    if (!entry) return;
    onChange((current) =>
      current.zip !== zip || current.country.id !== DEFAULT_COUNTRY
        ? current
        : {
            ...current,
            prefecture: String(entry.prefecture),
            address: autofilledAddress(current.address, previousFill, postcodeAddress(entry)),
          },
    );
  }

  function zipTyped(raw: string) {
    const zip = japanese && !composing.current ? normalizeZip(raw) : raw;
    if (isJapaneseZip(value.zip)) previousZip.current = value.zip;
    latestZip.current = zip;
    setZipNotFound(false);
    onChange((current) => ({ ...current, zip }));
    if (japanese && !composing.current && isJapaneseZip(zip) && zip !== value.zip) void fillFrom(zip);
  }

  const set = (field: "prefecture" | "address" | "building_name") => (next: string) => onChange((current) => ({ ...current, [field]: next }));

  const required = <RequiredMark />;

  return (
    <div className={styles.fields}>
      <div className={styles.wide}>
        <CountryCombobox
          value={value.country}
          onChange={(country) => onChange((current) => ({ ...current, country }))}
          error={errors?.country?.[0]}
          requiredBadge={required}
        />
        {/* What the combobox chose, for a form posted before (or without) JavaScript. */}
        <input type="hidden" name={`${namePrefix}country`} value={value.country.id} />
        <input type="hidden" name={`${namePrefix}country_name`} value={value.country.name} />
      </div>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={zipId}>
          {t("address.zip")}
          {required}
        </label>
        <input
          id={zipId}
          name={`${namePrefix}zip`}
          className={fieldStyles.control}
          type="text"
          inputMode={japanese ? "numeric" : "text"}
          autoComplete="postal-code"
          aria-required="true"
          aria-label={t("address.zip")}
          value={value.zip}
          aria-invalid={zipError ? true : undefined}
          aria-describedby={[japanese ? `${zipId}-hint` : "", zipError ? `${zipId}-error` : ""].filter(Boolean).join(" ") || undefined}
          onChange={(event) => zipTyped(event.target.value)}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            zipTyped(event.currentTarget.value);
          }}
        />
        {japanese && (
          <p id={`${zipId}-hint`} className={styles.hint}>
            {zipNotFound ? t("address.zipNotFound") : scriptRuns ? t("address.zipHint") : t("address.zipHintBeforeScript")}
          </p>
        )}
        <FieldError id={`${zipId}-error`} message={zipError} />
      </div>
      {japanese && (
        <Select
          {...requiredLabel(t("address.prefecture"))}
          name={`${namePrefix}prefecture`}
          autoComplete="address-level1"
          value={value.prefecture}
          onChange={(event) => set("prefecture")(event.target.value)}
          error={errors?.prefecture?.[0]}
          options={[
            { value: "", label: t("address.prefectureChoose") },
            ...PREFECTURES.map((prefecture) => ({ value: String(prefecture.code), label: prefecture[locale] })),
          ]}
        />
      )}
      <div className={styles.wide}>
        <Input
          {...requiredLabel(t("address.address"))}
          name={`${namePrefix}address`}
          autoComplete="address-line1"
          placeholder={t("address.addressHint")}
          maxLength={ADDRESS_MAX_LENGTH}
          value={value.address}
          onChange={(event) => set("address")(event.target.value)}
          error={errors?.address?.[0]}
        />
      </div>
      <div className={styles.wide}>
        <Input
          label={<OptionalLabel text={t("address.buildingName")} />}
          name={`${namePrefix}building_name`}
          autoComplete="address-line2"
          maxLength={ADDRESS_MAX_LENGTH}
          value={value.building_name}
          onChange={(event) => set("building_name")(event.target.value)}
          error={errors?.building_name?.[0]}
        />
      </div>
    </div>
  );
}
