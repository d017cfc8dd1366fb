import { useId } from "react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import styles from "./field.module.css";
import { keepFiguresWhole } from "./keep-whole.tsx";

interface FieldShellProps {
  label: ReactNode;
  error?: string | undefined;
  /** A lasting note under the label (e.g. the allowed length), read out with the control. */
  hint?: ReactNode;
  children: (ids: { id: string; errorId: string | undefined }) => ReactNode;
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
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export function Input({ label, error, hint, className, ...rest }: InputProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, errorId }) => (
        <input
          id={id}
          className={[styles.control, className].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A multi-line text field (the contact form's message), wired like Input. */
export function Textarea({ label, error, hint, className, ...rest }: TextareaProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, errorId }) => (
        <textarea
          id={id}
          className={[styles.control, styles.multiline, className].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  options: { value: string | number; label: string }[];
  hint?: ReactNode;
}

export function Select({ label, error, hint, options, className, ...rest }: SelectProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, errorId }) => (
        <select
          id={id}
          className={[styles.control, className].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...rest}
        >
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

export function Checkbox({ label, ...rest }: ChoiceProps) {
  return (
    <label className={styles.choice}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

export function Radio({ label, ...rest }: ChoiceProps) {
  return (
    <label className={styles.choice}>
      <input type="radio" {...rest} />
      <span>{label}</span>
    </label>
  );
}

export const fieldStyles = styles;
