import type { ReactNode } from "react";
import actionStyles from "./actions.module.css";
import { Button } from "./button.tsx";
import dangerStyles from "./danger-button.module.css";
import { Dialog } from "./dialog.tsx";

interface ConfirmDialogProps {
  open: boolean;
  /** Closing the dialog is also what the keep button does: nothing happens. */
  onClose(): void;
  title: ReactNode;
  closeLabel: string;
  testId: string;
  keepLabel: string;
  confirmLabel: string;
  /** While the step runs the red button is disabled, so it is not sent twice. */
  busy: boolean;
  onConfirm(): void;
  children: ReactNode;
}

/**
 * The question before a destructive step (deleting an address, cancelling the account): keep
 * things as they are, or go on with the red button.
 */
export function ConfirmDialog({ keepLabel, confirmLabel, busy, onConfirm, children, ...dialog }: ConfirmDialogProps) {
  return (
    <Dialog
      {...dialog}
      footer={
        <div className={actionStyles.dialogActions}>
          <Button variant="secondary" onClick={dialog.onClose}>
            {keepLabel}
          </Button>
          <Button className={dangerStyles.danger} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
