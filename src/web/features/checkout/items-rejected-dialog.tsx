import type { CheckoutItemError } from "../../../domain/checkout.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";

export interface RejectedItem extends CheckoutItemError {
  /** The bottle's name as the cart showed it (the entry carries only the id). */
  name: string;
}

/**
 * Checkout 422: the order is not confirmed; each bottle the server refused with its
 * message. The cart already holds the amounts still available when this shows.
 */
export function ItemsRejectedDialog({ items, onClose }: { items: RejectedItem[] | null; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Dialog
      open={items !== null}
      onClose={onClose}
      title={t("checkout.rejectedTitle")}
      closeLabel={t("checkout.dialogClose")}
      testId="items-rejected"
      footer={
        <div className={styles.dialogActions}>
          <Button onClick={onClose}>{t("checkout.rejectedCheck")}</Button>
        </div>
      }
    >
      <p>{t("checkout.rejectedBody")}</p>
      <ul className={styles.rejected}>
        {(items ?? [])
          .filter((item) => item.message)
          .map((item) => (
            <li key={item.id} data-testid="rejected-item">
              <strong>{item.name}</strong>
              <span>{item.message}</span>
            </li>
          ))}
      </ul>
    </Dialog>
  );
}
