import { useState } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { LanguageLinks } from "../../shared/layout/language-links.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { ADMIN_LOGIN_PATH, callAdminApi } from "./admin-api.ts";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";

/** The back office's top bar: shop, staff e-mail (once known), language switch and ログアウト. */
export function AdminHeader({ email }: { email?: string }) {
  const ta = useAdminText();
  const { pick } = useI18n();
  const { shop } = useSite();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      const result = await callAdminApi("/session", { method: "DELETE" });
      if (result.ok) {
        // A whole new page: the session and its CSRF token start afresh.
        window.location.assign(`${ADMIN_LOGIN_PATH}?signed_out=1`);
        return;
      }
    } catch (error) {
      console.warn("admin sign-out failed", error);
    }
    setSigningOut(false);
    window.alert(ta("admin.signOutFailed"));
  }

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <span className={styles.mark} aria-hidden="true">
          蔵
        </span>
        <span>
          <span className={styles.shopName}>{pick(shop.shopName)}</span> <span className={styles.area}>{ta("admin.title")}</span>
        </span>
      </div>
      <div className={styles.tools}>
        {email && (
          <span className={styles.staff} data-testid="admin-staff">
            {ta("admin.signedInAs", { email })}
          </span>
        )}
        <span className={styles.language} role="group" aria-label={ta("admin.language")}>
          <LanguageLinks labels={{ ja: "日本語", en: "English" }} />
        </span>
        {email && (
          <button type="button" className={styles.signOut} onClick={() => void signOut()} disabled={signingOut}>
            {ta("admin.signOut")}
          </button>
        )}
      </div>
    </header>
  );
}
