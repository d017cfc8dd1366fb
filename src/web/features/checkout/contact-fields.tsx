import { useI18n } from "../../i18n/i18n.tsx";
import type { MessageKey } from "../../i18n/ja.ts";
import { Input } from "../../ui/field.tsx";
import type { ContactField, ContactValue } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface ContactFieldsProps {
  value: ContactValue;
  onChange(field: ContactField, text: string): void;
  errors: Partial<Record<ContactField, string>>;
}

/** The three fields in their order, each with its browser hints and the length the API takes. */
const CONTACT_INPUTS: readonly { field: ContactField; label: MessageKey; type?: string; autoComplete: string; maxLength: number; hint?: MessageKey }[] = [
  { field: "name", label: "checkout.name", autoComplete: "name", maxLength: 100 },
  { field: "email", label: "checkout.email", type: "email", autoComplete: "email", maxLength: 255 },
  { field: "phone", label: "checkout.phone", type: "tel", autoComplete: "tel", maxLength: 30, hint: "checkout.phoneHint" },
];

/** Customer contact: name, e-mail and phone, all required; also the card's billing details. */
export function ContactFields({ value, onChange, errors }: ContactFieldsProps) {
  const { t } = useI18n();
  // The badge is for the eye, as on the address fields: screen readers hear "required" from the
  // field itself, and its name stays "お名前".
  const required = (
    <span className={styles.required} aria-hidden="true">
      {t("checkout.required")}
    </span>
  );
  return (
    <div className={styles.contact}>
      {CONTACT_INPUTS.map(({ field, label, hint, ...input }) => (
        <Input
          key={field}
          label={
            <>
              {t(label)} {required}
            </>
          }
          name={field}
          {...input}
          required
          hint={hint && t(hint)}
          value={value[field]}
          onChange={(event) => onChange(field, event.target.value)}
          error={errors[field]}
        />
      ))}
    </div>
  );
}
