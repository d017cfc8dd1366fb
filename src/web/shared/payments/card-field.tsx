import { useId, useImperativeHandle, useRef } from "react";
import type { InputHTMLAttributes, Ref } from "react";
import type { CardInputField } from "../../../domain/card.ts";
import { cardBrandOf, cardDigits, cvcLength, formatCardNumber, maxCardLength } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { fieldStyles } from "../../ui/field.tsx";
import styles from "./payments.module.css";
import type { TestCardValues } from "./payment-provider.ts";
import { cardValuesProblem } from "./test-provider.tsx";
import "../../i18n/payment-forms-texts.ts";

export interface CardFieldHandle {
  focus(field?: CardInputField): void;
}

interface CardFieldProps {
  value: TestCardValues;
  onChange(value: TestCardValues): void;
  /** The field the shown card message is about: marked invalid and described by `errorId`. */
  invalidField: CardInputField | null;
  errorId: string;
  /** A field was left: its own check's message (or null), as Stripe's element reports on blur. */
  onCheck(left: CardInputField, problem: { field: CardInputField; message: string } | null): void;
  disabled?: boolean;
  ref?: Ref<CardFieldHandle>;
}

const onlyDigits = (text: string) => cardDigits(text).replace(/\D/g, "");

/** "1234" → "12/34" as the shopper types. */
function formatExpiry(input: string): string {
  const digits = onlyDigits(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function formatNumber(input: string): string {
  const digits = onlyDigits(input);
  return formatCardNumber(digits.slice(0, maxCardLength(cardBrandOf(digits))));
}

interface PartProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  inputRef: Ref<HTMLInputElement>;
}

function CardPart({ label, inputRef, className, ...rest }: PartProps) {
  const id = useId();
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(" ")}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <input ref={inputRef} id={id} className={fieldStyles.control} type="text" spellCheck={false} {...rest} />
    </div>
  );
}

/**
 * The test gateway's card field: number (grouped as printed), expiry MM/YY and security code, with
 * the browser's card autofill. Its values go to /test-gateway only, never to the shop's API.
 */
export function CardField({ value, onChange, invalidField, errorId, onCheck, disabled, ref }: CardFieldProps) {
  const { t } = useI18n();
  const number = useRef<HTMLInputElement>(null);
  const expiry = useRef<HTMLInputElement>(null);
  const cvc = useRef<HTMLInputElement>(null);
  const refs = { number, expiry, cvc };
  useImperativeHandle(ref, () => ({ focus: (field = "number") => refs[field].current?.focus() }));

  const brand = cardBrandOf(onlyDigits(value.number));
  const marks = (field: CardInputField) => (invalidField === field ? { "aria-invalid": true, "aria-describedby": errorId } : {});

  /** Checks a field when it is left; an untouched field says nothing. */
  function check(field: CardInputField) {
    if (value[field].trim() === "") return;
    const problem = cardValuesProblem(value);
    onCheck(field, problem && problem.field === field ? { field, message: t(`payments.error.${problem.error}`) } : null);
  }

  /** What the three parts share: numeric typing, the value kept formatted, the check on leaving, the error marks. */
  const part = (field: CardInputField, format: (input: string) => string, own: Omit<PartProps, "inputRef">) => (
    <CardPart
      inputRef={refs[field]}
      inputMode="numeric"
      value={value[field]}
      disabled={disabled}
      onChange={(event) => onChange({ ...value, [field]: format(event.target.value) })}
      onBlur={() => check(field)}
      {...marks(field)}
      {...own}
    />
  );

  return (
    <div className={styles.cardField}>
      {part("number", formatNumber, { label: t("payments.number"), name: "cardnumber", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" })}
      <div className={styles.cardRow}>
        {part("expiry", formatExpiry, { label: t("payments.expiry"), name: "exp-date", autoComplete: "cc-exp", placeholder: t("payments.expiryPlaceholder") })}
        {part("cvc", (input) => onlyDigits(input).slice(0, 4), {
          label: t("payments.cvc"),
          name: "cvc",
          autoComplete: "cc-csc",
          placeholder: brand === "amex" ? "1234" : "123",
          maxLength: cvcLength(brand),
        })}
      </div>
    </div>
  );
}
