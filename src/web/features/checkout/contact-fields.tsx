import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";
import type { ContactField, ContactValue } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface ContactFieldsProps {
  value: ContactValue;
  onChange(field: ContactField, text: string): void;
  errors: Partial<Record<ContactField, string>>;
}

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
      <Input
        label={
          <>
            {t("checkout.name")} {required}
          </>
        }
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={value.name}
        onChange={(event) => onChange("name", event.target.value)}
        error={errors.name}
      />
      <Input
        label={
          <>
            {t("checkout.email")} {required}
          </>
        }
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={255}
        value={value.email}
        onChange={(event) => onChange("email", event.target.value)}
        error={errors.email}
      />
      <Input
        label={
          <>
            {t("checkout.phone")} {required}
          </>
        }
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={30}
        hint={t("checkout.phoneHint")}
        value={value.phone}
        onChange={(event) => onChange("phone", event.target.value)}
        error={errors.phone}
      />
    </div>
  );
}
