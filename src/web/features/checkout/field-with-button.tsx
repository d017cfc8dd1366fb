import type { ComponentProps, ReactNode } from "react";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import styles from "./checkout.module.css";

interface FieldWithButtonProps {
  /** The field (its label, name, value, error…); Enter in it never places the order. */
  input: Omit<ComponentProps<typeof Input>, "onKeyDown"> & { "data-testid"?: string };
  /** The button beside it. */
  button: { label: ReactNode; onClick(): void; disabled?: boolean; testId: string };
  /** What Enter in the field does instead of posting the form (none: nothing). */
  onEnter?: () => void;
  /** Under the row: what was applied, the balance, with their own small buttons. */
  note?: ReactNode;
}

/**
 * A checkout field with its button on one line, the button at the field's foot, and a note under
 * them: the coupon code and 「適用する」 (decision 086), the points and 「すべて使う」 (decision 089).
 */
export function FieldWithButton({ input, button, onEnter, note }: FieldWithButtonProps) {
  return (
    <>
      <div className={styles.couponRow}>
        <Input
          {...input}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            onEnter?.();
          }}
        />
        <Button variant="secondary" onClick={button.onClick} disabled={button.disabled} data-testid={button.testId}>
          {button.label}
        </Button>
      </div>
      {note}
    </>
  );
}
