import { useId, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import type { MessageKey } from "../../i18n/ja.ts";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useSignOutAction } from "../../shared/auth/sign-out.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { LanguageLinks } from "../../shared/layout/language-links.tsx";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { HeaderSearch } from "./header-search.tsx";
import styles from "./header.module.css";

const MENU: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.top" },
  { to: "/shop", label: "nav.shop" },
  { to: "/company", label: "nav.company" },
  { to: "/privacy-policy", label: "nav.privacy" },
  { to: "/inquiry", label: "nav.contact" },
];

export function Header() {
  const { t, pick } = useI18n();
  const { shop } = useSite();
  const { user } = useAuth();
  const signOut = useSignOutAction();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  const isCurrent = (to: string) => (to === "/" ? location.pathname === "/" : location.pathname.startsWith(to));

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <TransitionLink to="/" className={styles.logo} onClick={closeMenu}>
          <span className={styles.mark} aria-hidden="true">
            蔵
          </span>
          <span className={styles.wordmark}>{pick(shop.shopName)}</span>
        </TransitionLink>

        {/* A disclosure: the menu opens on a phone before (or without) JavaScript (CSS: [open] ~ nav). */}
        <details className={styles.toggle} open={menuOpen} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
          <summary className={styles.toggleButton} aria-controls={menuId} data-testid="menu-toggle">
            <span className={styles.toggleIcon} aria-hidden="true" />
            <span className={`visually-hidden ${styles.openLabel}`}>{t("nav.openMenu")}</span>
            <span className={`visually-hidden ${styles.closeLabel}`}>{t("nav.closeMenu")}</span>
          </summary>
        </details>

        <nav id={menuId} className={styles.nav} aria-label={t("nav.label")}>
          <ul className={styles.menu}>
            {MENU.map((item) => (
              <li key={item.to}>
                <TransitionLink to={item.to} className={styles.link} aria-current={isCurrent(item.to) ? "page" : undefined} onClick={closeMenu}>
                  {t(item.label)}
                </TransitionLink>
              </li>
            ))}
            <li>
              <a className={styles.link} href="/magazine/register" target="_blank" rel="noopener" onClick={closeMenu}>
                {t("nav.magazine")}
                <span className="visually-hidden">{t("nav.opensInNewTab")}</span>
              </a>
            </li>
            <li>
              {user ? (
                <TransitionLink to="/mypage" className={styles.link} aria-current={isCurrent("/mypage") ? "page" : undefined} onClick={closeMenu}>
                  {t("nav.myPage")}
                </TransitionLink>
              ) : (
                <TransitionLink to="/login" className={styles.link} onClick={closeMenu}>
                  {t("nav.logIn")}
                </TransitionLink>
              )}
            </li>
            {user && (
              <li>
                {/* A form, so it signs out before (or without) JavaScript too (routes/logout.tsx). */}
                <form
                  method="post"
                  action="/logout"
                  className={styles.logOutForm}
                  onSubmit={(event) => {
                    event.preventDefault();
                    closeMenu();
                    void signOut();
                  }}
                >
                  <CsrfField />
                  <button type="submit" className={`${styles.link} ${styles.linkButton}`} data-testid="header-log-out">
                    {t("nav.logOut")}
                  </button>
                </form>
              </li>
            )}
          </ul>
          <div className={styles.language} role="group" aria-label={t("nav.language")}>
            <LanguageLinks labels={{ ja: t("nav.switchToJapanese"), en: t("nav.switchToEnglish") }} linkClassName={styles.languageLink} />
          </div>
        </nav>

        {/* After the menu: on a wide screen it ends the row when there is room and wraps right-aligned under the menu when not (header-search.module.css). */}
        <HeaderSearch />
      </div>
    </header>
  );
}
