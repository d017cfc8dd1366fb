import { useI18n } from "../../i18n/i18n.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import styles from "./footer.module.css";

const ICON_SIZE = 32;

// Simple monochrome marks for the four services (icon size 32).
const ICONS = {
  Instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17.4" cy="6.6" r="1.2" fill="currentColor" />
    </>
  ),
  Facebook: <path fill="currentColor" d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z" />,
  Twitter: <path fill="currentColor" d="M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.3L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7zm-1.1 16.2h1.7L7.4 4.7H5.6z" />,
  LINE: (
    <path
      fill="currentColor"
      d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 5.9-3.5 8.1-6C21.6 14.3 22 12.7 22 11c0-4.4-4.5-8-10-8zm-3.8 10.3H6.3c-.3 0-.5-.2-.5-.5V8.9c0-.3.2-.5.5-.5s.5.2.5.5v3.4h1.4c.3 0 .5.2.5.5s-.2.5-.5.5zm2 -.5c0 .3-.2.5-.5.5s-.5-.2-.5-.5V8.9c0-.3.2-.5.5-.5s.5.2.5.5zm4.6 0c0 .2-.1.4-.3.5h-.2c-.2 0-.3-.1-.4-.2l-2-2.7v2.4c0 .3-.2.5-.5.5s-.5-.2-.5-.5V8.9c0-.2.1-.4.3-.5h.2c.2 0 .3.1.4.2l2 2.7V8.9c0-.3.2-.5.5-.5s.5.2.5.5zm3.1-2.4c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4c.3 0 .5.2.5.5s-.2.5-.5.5H16c-.3 0-.5-.2-.5-.5V8.9c0-.3.2-.5.5-.5h1.9c.3 0 .5.2.5.5s-.2.5-.5.5h-1.4v.9h1.4z"
    />
  ),
} as const;

export function Footer() {
  const { t, pick } = useI18n();
  const { shop } = useSite();
  const links: { service: keyof typeof ICONS; href: string }[] = [
    { service: "Instagram", href: shop.social.instagram },
    { service: "Facebook", href: shop.social.facebook },
    { service: "Twitter", href: shop.social.twitter },
    { service: "LINE", href: shop.social.line },
  ];

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.ageNotice}>{t("site.ageNotice")}</p>
        <ul className={styles.social} aria-label={t("footer.social")}>
          {links.map(({ service, href }) => (
            <li key={service}>
              <a href={href} target="_blank" rel="noopener noreferrer" className={styles.socialLink}>
                <svg width={ICON_SIZE} height={ICON_SIZE} viewBox="0 0 24 24" aria-hidden="true">
                  {ICONS[service]}
                </svg>
                <span className="visually-hidden">{t("footer.follow", { service })}</span>
              </a>
            </li>
          ))}
        </ul>
        <p>
          <TransitionLink to="/specified-commercial-transaction-act-notes" className={styles.legalLink}>
            {t("footer.legalNotice")}
          </TransitionLink>
        </p>
        <p className={styles.copyright}>{t("site.copyright", { year: new Date().getFullYear(), company: pick(shop.companyName) })}</p>
      </div>
    </footer>
  );
}
