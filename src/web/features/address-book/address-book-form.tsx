import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { RecipientFormErrors } from "../../shared/address/recipient-fields.tsx";
import { RecipientFields, checkRecipient, postedRecipientFormValue, recipientFormValue, recipientPayload } from "../../shared/address/recipient-fields.tsx";
import { callApi } from "../../shared/site/api.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import type { FormRefusal } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { requestKeyHeader } from "../../shared/site/request-key.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import styles from "./address-book.module.css";
import "../../i18n/address-book-texts.ts";
import "../../i18n/member-forms-texts.ts";

interface EntryAnswer {
  data?: AddressBookEntry;
  fields?: RecipientFormErrors;
  errors?: string[];
}

export type SaveOutcome = { saved: AddressBookEntry } | { sessionLost: string[] | undefined } | { failed: string[] };

/** Where the list is, without any form open: the cancel link's address before (or without) JavaScript. */
export const ADDRESS_BOOK_PATH = "/mypage/address-book";

/**
 * Adding (no entry) or changing one entry of the address book: the checkout's お届け先 form (name,
 * phone, the shared address form with its postcode autofill and 必須 badges), checked by the same
 * rules before sending; a 422 puts the server's messages under the fields. Before (or without)
 * JavaScript it posts to the page's action (decision 059), with `intent`, the entry's id and, when
 * adding, the request key the page was drawn with; `refusal` is that post's answer.
 */
export function AddressBookForm({
  entry,
  onDone,
  onCancel,
  requestKey,
  refusal,
}: {
  entry: AddressBookEntry | null;
  onDone(outcome: SaveOutcome): void;
  onCancel(): void;
  requestKey: string;
  refusal?: FormRefusal | undefined;
}) {
  const { t, locale } = useI18n();
  const [value, setValue] = useState(() => (refusal ? postedRecipientFormValue(refusal.values) : recipientFormValue(entry, t("address.defaultCountryName"))));
  const [errors, setErrors] = useState<RecipientFormErrors>(() => (refusal?.fields as RecipientFormErrors | undefined) ?? {});
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form opens where the member clicked: move there so keyboard and screen reader users follow.
  // (A form the server drew open, after a refused post, keeps the focus the browser gave the page.)
  useEffect(() => {
    if (!refusal) heading.current?.focus();
  }, [refusal]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = await checkRecipient(value, t, locale);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await callApi<EntryAnswer>(locale, entry ? `/address-book/${entry.id}` : "/address-book", {
        method: entry ? "PUT" : "POST",
        body: recipientPayload(value),
        // A new entry sent twice would be two entries; a change (PUT) replaces the whole entry.
        ...(entry ? {} : { headers: requestKeyHeader() }),
      });
      if (result.ok && result.body?.data) return onDone({ saved: result.body.data });
      if (result.status === 401) return onDone({ sessionLost: result.body?.errors });
      if (result.status === 422 && result.body?.fields) return setErrors(result.body.fields);
      console.warn("address book entry not saved", result.status);
      onDone({ failed: result.status === 422 && result.body?.errors ? result.body.errors : [t("addressBook.saveFailed")] });
    } catch (failure) {
      console.warn("address book entry not saved", failure);
      onDone({ failed: [t("addressBook.saveFailed")] });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      id="address-book-form"
      className={styles.form}
      method="post"
      noValidate
      onSubmit={(event) => void save(event)}
      aria-labelledby={headingId}
      data-testid="address-book-form"
    >
      <CsrfField />
      <input type="hidden" name="intent" value={entry ? "edit" : "add"} />
      {entry ? <input type="hidden" name="id" value={entry.id} /> : <RequestKeyField value={requestKey} />}
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.formHeading}>
        {entry ? t("addressBook.editHeading") : t("addressBook.addHeading")}
      </h3>
      {refusal && refusal.errors.length > 0 && Object.keys(refusal.fields).length === 0 && (
        <p className={styles.refused} role="alert" data-testid="form-refused">
          {refusal.errors.join(" ")}
        </p>
      )}
      <RecipientFields value={value} onChange={setValue} errors={errors} />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t("addressBook.saving") : t("addressBook.save")}
        </Button>
        {/* A link to the list: it closes the form before (or without) JavaScript too. */}
        <a
          href={ADDRESS_BOOK_PATH}
          className={buttonClass("secondary")}
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          {t("addressBook.cancel")}
        </a>
      </div>
    </form>
  );
}
