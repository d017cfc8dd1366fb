import type { ChangeEvent, Dispatch, SetStateAction } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { KANA_NAME_MAX_LENGTH } from "../../../domain/kana.ts";
import type { Locale } from "../../../domain/locale.ts";
import { RECIPIENT_NAME_MAX_LENGTH, RECIPIENT_PHONE_MAX_LENGTH } from "../../../domain/recipient.ts";
import type { I18n } from "../../i18n/i18n.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";
import type { AddressFormErrors, AddressFormValue } from "./address-fields.tsx";
import { AddressFields, OptionalLabel, addressFormValue, addressLabels, addressPayload, postedAddressFormValue, requiredLabel } from "./address-fields.tsx";
import { addressFormProblems } from "./address-rules.ts";
import { problemMessages } from "../site/form-rules.ts";
import "../../i18n/member-forms-texts.ts";

/** お届け先 typed in: name and phone with the address form (postcode autofill as everywhere). */
export interface RecipientFormValue {
  name: string;
  /** フリガナ, asked at checkout only (the address book keeps none). */
  kana?: string;
  phone: string;
  address: AddressFormValue;
}

export type RecipientFormErrors = AddressFormErrors & { name?: string[]; phone?: string[]; kana?: string[] };

export function recipientFormValue(entry: AddressBookEntry | null, defaultCountryName: string): RecipientFormValue {
  return { name: entry?.name ?? "", phone: entry?.phone ?? "", address: addressFormValue(entry, defaultCountryName) };
}

/** The form's value as posted without JavaScript (its fields' names, decision 059). */
export function postedRecipientFormValue(values: Record<string, string>): RecipientFormValue {
  return {
    name: values.recipient_name ?? "",
    ...(values.recipient_kana === undefined ? {} : { kana: values.recipient_kana }),
    phone: values.recipient_phone ?? "",
    address: postedAddressFormValue(values),
  };
}

/** The recipient object of POST /api/checkout and the body of POST/PUT /api/address-book (kana only when typed). */
export function recipientPayload(value: RecipientFormValue) {
  const kana = value.kana?.trim();
  return { name: value.name.trim(), ...(kana ? { kana } : {}), phone: value.phone.trim(), ...addressPayload(value.address) };
}

/**
 * The checks made before sending an address book entry: its route's schema
 * (domain/address-schema.ts), worded as the route's 422 words it (the server checks again).
 */
export async function checkRecipient(value: RecipientFormValue, t: I18n["t"], locale: Locale): Promise<RecipientFormErrors> {
  const problems = await addressFormProblems("addressBookEntryProblems", recipientPayload(value));
  return problemMessages(problems, { name: t("recipient.name"), phone: t("recipient.phone"), ...addressLabels(t) }, locale);
}

export function RecipientFields({
  value,
  onChange,
  errors,
  withKana = false,
  namePrefix = "recipient_",
  addressNamePrefix,
}: {
  value: RecipientFormValue;
  onChange: Dispatch<SetStateAction<RecipientFormValue>>;
  errors?: RecipientFormErrors | undefined;
  /** Ask the name's フリガナ (optional) for the carrier's slip: at checkout. */
  withKana?: boolean;
  /** The name, フリガナ and phone fields' name prefix: `recipient_` (a destination block's is its own, `dest0_`). */
  namePrefix?: string;
  /** The address fields' name prefix (AddressFields' namePrefix): `recipient_` at checkout, where the buyer's address is on the same form. */
  addressNamePrefix?: string;
}) {
  const { t } = useI18n();
  /** The field's typing kept in the value (read before the update runs: React may run it later). */
  const set = (field: "name" | "kana" | "phone") => (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    onChange((current) => ({ ...current, [field]: next }));
  };
  return (
    <div>
      <Input
        {...requiredLabel(t("recipient.name"))}
        name={`${namePrefix}name`}
        autoComplete="shipping name"
        maxLength={RECIPIENT_NAME_MAX_LENGTH}
        value={value.name}
        onChange={set("name")}
        error={errors?.name?.[0]}
      />
      {withKana && (
        <Input
          label={<OptionalLabel text={t("recipient.kana")} />}
          name={`${namePrefix}kana`}
          autoComplete="off"
          maxLength={KANA_NAME_MAX_LENGTH}
          hint={t("recipient.kanaHint")}
          value={value.kana ?? ""}
          onChange={set("kana")}
          error={errors?.kana?.[0]}
        />
      )}
      <Input
        {...requiredLabel(t("recipient.phone"))}
        name={`${namePrefix}phone`}
        type="tel"
        autoComplete="shipping tel"
        maxLength={RECIPIENT_PHONE_MAX_LENGTH}
        value={value.phone}
        onChange={set("phone")}
        error={errors?.phone?.[0]}
      />
      <AddressFields
        value={value.address}
        onChange={(update) => onChange((current) => ({ ...current, address: typeof update === "function" ? update(current.address) : update }))}
        errors={errors}
        {...(addressNamePrefix === undefined ? {} : { namePrefix: addressNamePrefix })}
      />
    </div>
  );
}
