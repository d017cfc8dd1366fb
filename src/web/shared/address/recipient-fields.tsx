import type { Dispatch, SetStateAction } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";
import type { AddressFormErrors, AddressFormValue } from "./address-fields.tsx";
import { AddressFields, addressFormValue, addressPayload } from "./address-fields.tsx";

/** お届け先 typed in: name and phone with the address form (postcode autofill as everywhere). */
export interface RecipientFormValue {
  name: string;
  phone: string;
  address: AddressFormValue;
}

export type RecipientFormErrors = AddressFormErrors & { name?: string[]; phone?: string[] };

export function recipientFormValue(entry: AddressBookEntry | null, defaultCountryName: string): RecipientFormValue {
  return { name: entry?.name ?? "", phone: entry?.phone ?? "", address: addressFormValue(entry, defaultCountryName) };
}

/** The recipient object of POST /api/checkout and the body of POST/PUT /api/address-book. */
export function recipientPayload(value: RecipientFormValue) {
  return { name: value.name.trim(), phone: value.phone.trim(), ...addressPayload(value.address) };
}

export function RecipientFields({
  value,
  onChange,
  errors,
}: {
  value: RecipientFormValue;
  onChange: Dispatch<SetStateAction<RecipientFormValue>>;
  errors?: RecipientFormErrors | undefined;
}) {
  const { t } = useI18n();
  return (
    <div>
      <Input
        label={t("recipient.name")}
        name="recipient_name"
        autoComplete="shipping name"
        maxLength={100}
        value={value.name}
        onChange={(event) => {
          const name = event.target.value;
          onChange((current) => ({ ...current, name }));
        }}
        error={errors?.name?.[0]}
      />
      <Input
        label={t("recipient.phone")}
        name="recipient_phone"
        type="tel"
        autoComplete="shipping tel"
        maxLength={30}
        value={value.phone}
        onChange={(event) => {
          const phone = event.target.value;
          onChange((current) => ({ ...current, phone }));
        }}
        error={errors?.phone?.[0]}
      />
      <AddressFields
        value={value.address}
        onChange={(update) => onChange((current) => ({ ...current, address: typeof update === "function" ? update(current.address) : update }))}
        errors={errors}
      />
    </div>
  );
}
