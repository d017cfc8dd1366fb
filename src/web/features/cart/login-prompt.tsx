import { useI18n } from "../../i18n/i18n.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ButtonLink, TransitionLink } from "../../shared/layout/page-transition.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import { useCartDrawer } from "../../shared/cart/cart-drawer-state.tsx";
import styles from "./login-prompt.module.css";

/** Shown once per browser session when a guest's cart gets its first bottle. */
export function LoginPrompt() {
  const { t } = useI18n();
  const cart = useCart();
  const drawer = useCartDrawer();
  const leave = () => {
    cart.closeLoginPrompt();
    drawer.setOpen(false);
  };
  return (
    <Dialog
      open={cart.loginPromptOpen}
      onClose={cart.closeLoginPrompt}
      title={t("loginPrompt.title")}
      closeLabel={t("loginPrompt.close")}
      testId="login-prompt"
    >
      <p>{t("loginPrompt.lead")}</p>
      <ul className={styles.benefits}>
        <li>{t("loginPrompt.shareCart")}</li>
        <li>{t("loginPrompt.history")}</li>
        <li>{t("loginPrompt.saveDetails")}</li>
      </ul>
      <div className={styles.actions}>
        <ButtonLink to="/login" block onClick={leave}>
          {t("loginPrompt.logIn")}
        </ButtonLink>
        <TransitionLink to="/signup" className={styles.signup} onClick={leave}>
          {t("loginPrompt.signUp")}
        </TransitionLink>
      </div>
    </Dialog>
  );
}
