import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { addressBookAnswer } from "../../../domain/answers/member.ts";
import { useEffect, useRef, useState } from "react";
import type { Dispatch, SetStateAction } from "react";
import { callApi } from "../../shared/site/api.ts";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { prefectureName } from "../../../domain/address.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import type { RecipientFormErrors, RecipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { RecipientFields, recipientPayload } from "../../shared/address/recipient-fields.tsx";
import styles from "./checkout.module.css";
import "../../i18n/member-forms-texts.ts";

/** 「お届け先」: to the orderer, to someone from the member's address book, or to another address typed here. */
export interface DeliveryFormValue {
  /** "buyer", "other", or "book:{id}". */
  choice: string;
  other: RecipientFormValue;
  /** The address-book entry chosen, when the choice is one. */
  entry?: AddressBookEntry | undefined;
}

/** The recipient object of POST /api/checkout for the choice (undefined: to the buyer, the contract's payload). */
export function recipientOf(value: DeliveryFormValue) {
  if (value.choice === "other") return recipientPayload(value.other);
  const entry = value.choice.startsWith("book:") ? value.entry : undefined;
  return entry
    ? {
        name: entry.name,
        phone: entry.phone,
        country: entry.country,
        zip: entry.zip,
        prefecture: entry.prefecture,
        address: entry.address,
        building_name: entry.building_name,
      }
    : undefined;
}

/** Where the parcel goes: the prefecture the shipping fee and delivery dates follow (null: the buyer's). */
export function deliveryPrefectureOf(value: DeliveryFormValue, buyerPrefecture: number | null): number | null {
  const recipient = recipientOf(value);
  return recipient ? recipient.prefecture : buyerPrefecture;
}

export function DeliveryChoice({
  value,
  onChange,
  book,
  errors,
}: {
  value: DeliveryFormValue;
  onChange: Dispatch<SetStateAction<DeliveryFormValue>>;
  book: AddressBookEntry[];
  errors?: RecipientFormErrors | undefined;
}) {
  const { t, locale } = useI18n();
  const options: { id: string; label: string; entry?: AddressBookEntry }[] = [
    { id: "buyer", label: t("recipient.sameAsBuyer") },
    ...book.map((entry) => ({
      id: `book:${entry.id}`,
      entry,
      label: t("recipient.fromBook", {
        name: entry.name,
        prefecture: entry.prefecture === null ? entry.country_name : (prefectureName(entry.prefecture, locale) ?? ""),
      }),
    })),
    { id: "other", label: t("recipient.other") },
  ];
  return (
    <div data-testid="delivery-choice">
      <fieldset className={styles.deliveryChoice}>
        <legend className={styles.visuallyHidden}>{t("recipient.heading")}</legend>
        {options.map((option) => (
          <label key={option.id} className={styles.deliveryOption}>
            <input
              type="radio"
              name="delivery_choice"
              value={option.id}
              checked={value.choice === option.id}
              onChange={() => onChange((current) => ({ ...current, choice: option.id, entry: option.entry }))}
            />{" "}
            {option.label}
          </label>
        ))}
      </fieldset>
      {book.length > 0 && <p className={styles.methodNote}>{t("recipient.bookHint")}</p>}
      {value.choice === "other" && (
        <RecipientFields
          withKana
          addressNamePrefix="recipient_"
          value={value.other}
          onChange={(update) => onChange((current) => ({ ...current, other: typeof update === "function" ? update(current.other) : update }))}
          errors={errors}
        />
      )}
    </div>
  );
}

/** GET /api/address-book for a member (empty for a guest, or when it could not be read); the page's loader may have read it. */
export function useAddressBook(signedIn: boolean, fromPage?: AddressBookEntry[]): AddressBookEntry[] {
  const { locale } = useI18n();
  const [book, setBook] = useState<AddressBookEntry[]>(fromPage ?? []);
  const hadBook = useRef(fromPage !== undefined);
  useEffect(() => {
    if (!signedIn) return;
    if (hadBook.current) {
      hadBook.current = false;
      return;
    }
    const controller = new AbortController();
    callApi<ApiAnswer<typeof addressBookAnswer>>(locale, "/address-book", { signal: controller.signal })
      .then((result) => {
        if (result.ok && result.body) setBook(result.body.data);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) console.warn("address book not loaded", failure);
      });
    return () => controller.abort();
  }, [locale, signedIn]);
  return signedIn ? book : [];
}
