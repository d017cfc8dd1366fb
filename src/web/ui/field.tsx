import { useId } from "react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import styles from "./field.module.css";

interface FieldShellProps {
  label: ReactNode;
  error?: string | undefined;
  children: (ids: { id: string; errorId: string | undefined }) => ReactNode;
}

/** Label, control and its error message, wired for screen readers. */
function FieldShell({ label, error, children }: FieldShellProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, errorId })}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
}

export function Input({ label, error, className, ...rest }: InputProps) {
  return (
    <FieldShell label={label} error={error}>
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

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  options: { value: string | number; label: string }[];
}

export function Select({ label, error, options, className, ...rest }: SelectProps) {
  return (
    <FieldShell label={label} error={error}>
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
