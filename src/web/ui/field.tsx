import { useId } from "react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import styles from "./field.module.css";
import { keepFiguresWhole } from "./keep-whole.tsx";

/** What a field says around its control. */
interface FieldTexts {
  label: ReactNode;
  error?: string | undefined;
  /** A lasting note under the label (e.g. the allowed length), read out with the control. */
  hint?: ReactNode;
}

interface FieldShellProps extends FieldTexts {
  children: (ids: { id: string; errorId: string | undefined }) => ReactNode;
}

/**
 * A field's message, announced as it appears; nothing when there is none. Also for the controls
 * that are not an Input (a box to tick, a group of choices, the card field), with their own class.
 */
export function FieldError({
  message,
  id,
  className = styles.error,
}: {
  message: string | null | undefined;
  id?: string | undefined;
  className?: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={id} className={className} role="alert">
      {message}
    </p>
  );
}

/** Label, control, hint and error message, wired for screen readers. */
function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  // What aria-describedby of the control names: the hint and the error, whichever are shown.
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {typeof hint === "string" ? keepFiguresWhole(hint) : hint}
        </p>
      )}
      {children({ id, errorId: describedBy })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What every control inside a FieldShell carries: its id, its classes, and the state and description the shell wires. */
function controlProps({ id, errorId }: { id: string; errorId: string | undefined }, error: string | undefined, ...classNames: (string | undefined)[]) {
  return {
    id,
    className: [styles.control, ...classNames].filter(Boolean).join(" "),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": errorId,
  };
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldTexts;

export function Input({ label, error, hint, className, ...rest }: InputProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(ids) => <input {...controlProps(ids, error, className)} {...rest} />}
    </FieldShell>
  );
}

/** The e-mail field of every form that asks for one: the same name the API reads, the keyboard and the browser's autofill. */
export function EmailInput(props: Omit<InputProps, "name" | "type" | "autoComplete" | "required">) {
  return <Input name="email" type="email" autoComplete="email" required {...props} />;
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldTexts;

/** A multi-line text field (the contact form's message), wired like Input. */
export function Textarea({ label, error, hint, className, ...rest }: TextareaProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(ids) => <textarea {...controlProps(ids, error, styles.multiline, className)} {...rest} />}
    </FieldShell>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldTexts {
  options: { value: string | number; label: string }[];
}

export function Select({ label, error, hint, options, className, ...rest }: SelectProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(ids) => (
        <select {...controlProps(ids, error, className)} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
}

/** A box or a round choice with its words beside it, the whole line clickable. */
function Choice({ type, label, ...rest }: ChoiceProps & { type: "checkbox" | "radio" }) {
  return (
    <label className={styles.choice}>
      <input type={type} {...rest} />
      <span>{label}</span>
    </label>
  );
}

export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}

export function Radio(props: ChoiceProps) {
  return <Choice type="radio" {...props} />;
}

export const fieldStyles = styles;
