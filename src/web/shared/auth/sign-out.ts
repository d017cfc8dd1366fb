import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { useAuth } from "./auth-context.tsx";

/**
 * The Log Out action of the menus (spec §2 Account area): on success a snackbar and the top page;
 * a failure shows the alert of spec §8 (its wording is the spec's, verbatim).
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
