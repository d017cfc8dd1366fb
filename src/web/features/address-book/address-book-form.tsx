import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { RecipientFormErrors } from "../../shared/address/recipient-fields.tsx";
import { RecipientFields, checkRecipient, recipientFormValue, recipientPayload } from "../../shared/address/recipient-fields.tsx";
import { callApi } from "../../shared/site/api.ts";
import { requestKeyHeader } from "../../shared/site/request-key.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import styles from "./address-book.module.css";

interface EntryAnswer {
  data?: AddressBookEntry;
  fields?: RecipientFormErrors;
  errors?: string[];
}

export type SaveOutcome = { saved: AddressBookEntry } | { sessionLost: string[] | undefined } | { failed: string[] };

/**
 * Adding (no entry) or changing one entry of the address book: the checkout's お届け先 form (name,
 * phone, the shared address form with its postcode autofill and 必須 badges), checked by the same
 * rules before sending; a 422 puts the server's messages under the fields.
 */
export function AddressBookForm({ entry, onDone, onCancel }: { entry: AddressBookEntry | null; onDone(outcome: SaveOutcome): void; onCancel(): void }) {
  const { t, locale } = useI18n();
  const [value, setValue] = useState(() => recipientFormValue(entry, t("address.defaultCountryName")));
  const [errors, setErrors] = useState<RecipientFormErrors>({});
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form opens where the member clicked: move there so keyboard and screen reader users follow.
  useEffect(() => heading.current?.focus(), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = await checkRecipient(value, t);
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
    <form className={styles.form} noValidate onSubmit={(event) => void save(event)} aria-labelledby={headingId} data-testid="address-book-form">
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.formHeading}>
        {entry ? t("addressBook.editHeading") : t("addressBook.addHeading")}
      </h3>
      <RecipientFields value={value} onChange={setValue} errors={errors} />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? t("addressBook.saving") : t("addressBook.save")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("addressBook.cancel")}
        </Button>
      </div>
    </form>
  );
}
