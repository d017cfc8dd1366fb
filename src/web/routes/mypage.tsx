import { useId, useState } from "react";
import { NavLink, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/mypage";
import { useSignOutAction } from "../shared/auth/sign-out.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import styles from "./mypage.module.css";
import { pageContext } from "../load-context.ts";
import "../i18n/orders-texts.ts";
import "../i18n/address-book-texts.ts";
import "../i18n/account-pages-texts.ts";
import "../i18n/lottery-pages-texts.ts";
import "../i18n/wishlist-pages-texts.ts";
import "../i18n/rank-pages-texts.ts";
import "../i18n/points-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

/**
 * The protected /mypage prefix. The initial user lookup happens on the server with the page
 * request, so a visitor who is not signed in is redirected to /login before anything renders,
 * with the page they wanted kept for after sign-in.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  if (!page.user) {
    const expired = page.sessionExpired ? "&expired=1" : "";
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}${expired}`);
  }
  return { user: page.user };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

const SECTIONS: { to: string; label: MessageKey }[] = [
  { to: "/mypage", label: "mypage.profile" },
  { to: "/mypage/address", label: "mypageAddress.title" },
  { to: "/mypage/address-book", label: "addressBook.title" },
  { to: "/mypage/orders", label: "orders.title" },
  { to: "/mypage/rank", label: "myRank.title" },
  { to: "/mypage/points", label: "points.title" },
  { to: "/mypage/lotteries", label: "lottery.mine" },
  { to: "/mypage/account", label: "mypageAccount.title" },
  { to: "/mypage/magazine", label: "mypage.magazine" },
  { to: "/mypage/favorites", label: "wishlist.mypageFavorites" },
  { to: "/mypage/restock", label: "wishlist.mypageRestock" },
  { to: "/mypage/credit", label: "mypageCredit.title" },
];

/**
 * The side menu and the section. On phones the menu folds into one line above the section (its
 * toggle names the section shown), so the page's own content is what the shopper sees first.
 */
export default function MyPage() {
  const { t } = useI18n();
  const signOut = useSignOutAction();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const listId = useId();
  // A whole path segment: /mypage/address-book is not /mypage/address.
  const current = SECTIONS.slice(1).find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`)) ?? SECTIONS[0]!;
  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.side} aria-label={t("mypage.nav")}>
        {/* A disclosure: the phone menu opens before (or without) JavaScript too (CSS: [open] ~ ul, as the header's). */}
        <details className={styles.menuDisclosure} open={menuOpen} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
          <summary className={styles.menuToggle} aria-controls={listId} data-testid="mypage-menu-toggle">
            <span className={styles.menuToggleLabel}>{t("mypage.nav")}</span>
            <span>{t(current.label)}</span>
          </summary>
        </details>
        <ul id={listId}>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.to === "/mypage"} onClick={() => setMenuOpen(false)}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <form
              method="post"
              action="/logout"
              onSubmit={(event) => {
                event.preventDefault();
                void signOut();
              }}
            >
              <CsrfField />
              <button type="submit" className={styles.signOut}>
                {t("mypage.logOut")}
              </button>
            </form>
          </li>
        </ul>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}

export function HydrateFallback() {
  const { t } = useI18n();
  return (
    <p className="page" role="status">
      {t("mypage.checking")}
    </p>
  );
}
