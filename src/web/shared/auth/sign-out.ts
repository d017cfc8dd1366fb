import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { useAuth } from "./auth-context.tsx";

/**
 * The Log Out action of the menus: on success a snackbar and the top page;
 * a failure shows an alert.
 */
export function useSignOutAction(): () => Promise<void> {
  const { t } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await auth.signOut();
    if (!result.ok) {
      window.alert(t("auth.signOutFailed"));
      return;
    }
    snackbar.show("success", result.message || t("auth.signedOut"));
    await navigate("/");
  }, [auth, navigate, snackbar, t]);
}
