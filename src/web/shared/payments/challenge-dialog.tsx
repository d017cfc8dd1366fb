import { useI18n } from "../../i18n/i18n.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import styles from "./payments.module.css";
import "../../i18n/payment-forms-texts.ts";

interface ChallengeDialogProps {
  /** /test-gateway/3ds/:id?client_secret=… — the fake gateway's own page, allowed in frames of this site only. */
  url: string;
  frameRef(frame: HTMLIFrameElement | null): void;
  onClose(): void;
}

/**
 * The test gateway's 3-D Secure step in a modal, as Stripe.js shows a card issuer's page: the
 * challenge page in a frame. Closing the dialog abandons the challenge (it then fails).
 */
export function ChallengeDialog({ url, frameRef, onClose }: ChallengeDialogProps) {
  const { t } = useI18n();
  return (
    <Dialog open onClose={onClose} title={t("payments.challengeTitle")} closeLabel={t("payments.challengeClose")} testId="three-d-secure">
      <iframe ref={frameRef} className={styles.challengeFrame} src={url} title={t("payments.challengeFrame")} />
    </Dialog>
  );
}
