import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

interface LeavePromptProps {
  /** Whether leaving now would drop an unfinished payment (a non-empty cart, not completed). Read at the moment of leaving. */
  shouldPrompt(): boolean;
  /** The shopper confirmed leaving: cart-related state is reset. */
  onLeave(): void;
}

/**
 * Leave prompts: a reload or closing the tab gets the browser's own question (its wording
 * is the browser's); an in-app navigation gets ours, and confirming it goes on.
 */
export function LeavePrompt({ shouldPrompt, onLeave }: LeavePromptProps) {
  const { t } = useI18n();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldPrompt());

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldPrompt()) return;
      event.preventDefault();
      // Older browsers show (or at least require) a returnValue.
      event.returnValue = t("checkout.leavePrompt");
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [shouldPrompt, t]);

  const open = blocker.state === "blocked";
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      title={t("checkout.leaveTitle")}
      closeLabel={t("checkout.dialogClose")}
      testId="leave-prompt"
      footer={
        <div className={styles.dialogActions}>
          {/* Staying is the safe choice and the primary button; leaving is the secondary one. */}
          <Button onClick={() => blocker.reset?.()}>{t("checkout.leaveStay")}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              onLeave();
              blocker.proceed?.();
            }}
          >
            {t("checkout.leaveConfirm")}
          </Button>
        </div>
      }
    >
      <p>{t("checkout.leavePrompt")}</p>
    </Dialog>
  );
}
