import { useEffect, useId, useRef } from "react";
import type { ReactNode } from "react";
import styles from "./dialog.module.css";

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A modal sits in the middle; a drawer slides in from the right. */
  variant?: "modal" | "drawer";
  /** Extra attributes for tests and styling hooks. */
  testId?: string;
}

/**
 * Modal dialog and side drawer on the native <dialog>: the browser traps focus, closes on Escape,
 * puts it above everything and hides the page behind it from screen readers.
 */
export function Dialog({ open, onClose, title, closeLabel, children, footer, variant = "modal", testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[variant]}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its inner box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  );
}
