import { NavLink, Outlet, redirect } from "react-router";
import type { Route } from "./+types/mypage";
import { useSignOutAction } from "../shared/auth/sign-out.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "./mypage.module.css";
import { pageContext } from "../load-context.ts";

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

export default function MyPage() {
  const { t } = useI18n();
  const signOut = useSignOutAction();
  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.side} aria-label={t("mypage.nav")}>
        <ul>
          <li>
            <NavLink to="/mypage" end>
              {t("mypage.profile")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/mypage/address">{t("mypageAddress.title")}</NavLink>
          </li>
          <li>
            <NavLink to="/mypage/orders">{t("orders.title")}</NavLink>
          </li>
          <li>
            <NavLink to="/mypage/account">{t("mypageAccount.title")}</NavLink>
          </li>
          <li>
            <NavLink to="/mypage/magazine">{t("mypage.magazine")}</NavLink>
          </li>
          <li>
            <NavLink to="/mypage/credit">{t("mypageCredit.title")}</NavLink>
          </li>
          <li>
            <button type="button" className={styles.signOut} onClick={() => void signOut()}>
              {t("mypage.logOut")}
            </button>
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
  return <p className="page" role="status">{t("mypage.checking")}</p>;
}
