import { NavLink, useLocation } from "react-router";
import { useAdminText } from "./admin-i18n.ts";
import type { AdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import { useMorningText } from "./morning-i18n.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminLotteryEn } from "../../i18n/admin-lottery.en.ts";
import { adminLotteryJa } from "../../i18n/admin-lottery.ja.ts";
import { adminRanksEn } from "../../i18n/admin-ranks.en.ts";
import { adminRanksJa } from "../../i18n/admin-ranks.ja.ts";
import { adminPointsEn } from "../../i18n/admin-points.en.ts";
import { adminPointsJa } from "../../i18n/admin-points.ja.ts";

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** A page outside the frame (it also serves the sign-in): a full page load. */
  document?: boolean;
}

/** The screens in groups as a trader works: orders, the catalogue, the books, customers, the shop's own settings. */
function navGroups(ta: AdminText, issued: string, lotteries: string, ranks: string, owner: boolean, points: string): { label: string; items: NavItem[] }[] {
  return [
    {
      label: ta("admin.navGroup.orders"),
      items: [
        { to: "/admin", label: ta("admin.nav.dashboard"), end: true },
        { to: "/admin/orders", label: ta("admin.nav.orders") },
        { to: "/admin/issued-data", label: issued },
      ],
    },
    {
      label: ta("admin.navGroup.catalogue"),
      items: [
        { to: "/admin/products", label: ta("admin.nav.products") },
        { to: "/admin/exhibits", label: ta("admin.nav.exhibits") },
        { to: "/admin/series", label: ta("admin.nav.series") },
        // 抽選販売 (decision 084): a server-rendered page, its label in its own dictionary.
        { to: "/admin/lotteries", label: lotteries },
      ],
    },
    {
      label: ta("admin.navGroup.books"),
      items: [
        { to: "/admin/reports/liquor-sales", label: ta("admin.nav.reports") },
        { to: "/admin/ledger", label: ta("admin.nav.ledger") },
        { to: "/admin/records", label: ta("admin.nav.records") },
      ],
    },
    {
      label: ta("admin.navGroup.customers"),
      items: [
        { to: "/admin/magazine", label: ta("admin.nav.magazine") },
        { to: "/admin/coupons", label: ta("admin.nav.coupons") },
        { to: "/admin/inquiries", label: ta("admin.nav.inquiries") },
        { to: "/admin/members", label: ta("admin.nav.members") },
        // Member ranks (decision 090): a server-rendered page, its label in its own dictionary.
        { to: "/admin/ranks", label: ranks },
        // Points (decision 089): its label in its own dictionary.
        { to: "/admin/points", label: points },
      ],
    },
    {
      label: ta("admin.navGroup.shop"),
      items: [
        ...(owner
          ? [
              { to: "/admin/settings", label: ta("admin.nav.settings") },
              { to: "/admin/staff", label: ta("admin.nav.staff") },
              { to: "/admin/audit-log", label: ta("admin.nav.auditLog") },
            ]
          : []),
        { to: "/admin/two-factor", label: ta("admin.nav.twoFactor"), document: true },
      ],
    },
  ];
}

function Item({ item }: { item: NavItem }) {
  return item.document ? (
    <a href={item.to}>{item.label}</a>
  ) : (
    <NavLink to={item.to} end={item.end}>
      {item.label}
    </NavLink>
  );
}

/**
 * The back office's navigation, in its frame (admin-layout.tsx) and on the screens rendered
 * outside it (the issued-data upload). On a phone it is one menu button (a disclosure, so it opens
 * without JavaScript) with the screens in groups; wider, the full list. `owner` adds the owner's
 * screens (settings, staff, audit log); staff would only be told they may not.
 */
export function AdminNav({ owner = false }: { owner?: boolean }) {
  const ta = useAdminText();
  const tm = useMorningText();
  const { locale } = useI18n();
  const { pathname } = useLocation();
  const groups = navGroups(
    ta,
    tm("issued.nav"),
    (locale === "en" ? adminLotteryEn : adminLotteryJa)["lottery.title"],
    (locale === "en" ? adminRanksEn : adminRanksJa)["ranks.title"],
    owner,
    (locale === "en" ? adminPointsEn : adminPointsJa)["adminPoints.title"],
  );
  const items = groups.flatMap((group) => group.items);
  const current = items.filter((item) => (item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`))).at(-1);
  const toShop = (
    <li className={styles.navAside}>
      <a href="/" target="_blank" rel="noopener">
        {ta("admin.toShop")}
      </a>
    </li>
  );
  return (
    <nav className={styles.nav} aria-label={ta("admin.nav")}>
      {/* Phones: closed on every page (a new page is a new disclosure), so the page starts at the top of the screen. */}
      <details className={styles.navMenu} key={pathname} data-testid="admin-menu">
        <summary>
          {ta("admin.menu")}
          {current && <span className={styles.navCurrent}>{current.label}</span>}
        </summary>
        {groups.map((group) => (
          <div key={group.label} className={styles.navGroup}>
            <p className={styles.navGroupTitle}>{group.label}</p>
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Item item={item} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <ul>{toShop}</ul>
      </details>
      <ul className={styles.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <Item item={item} />
          </li>
        ))}
        {toShop}
      </ul>
    </nav>
  );
}
