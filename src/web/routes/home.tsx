import type { Route } from "./+types/home";
import { TransitionLink } from "../features/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { buttonClass } from "../ui/button.tsx";
import styles from "./home.module.css";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

export default function Home() {
  const { t } = useI18n();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-hero-title">
        <div className={styles.heroInner}>
          <h1 id="home-hero-title" className={styles.heroTitle}>
            {t("home.heroTitle")}
          </h1>
          <p className={styles.heroLead}>{t("home.heroLead")}</p>
          <TransitionLink to="/shop" className={buttonClass("primary")}>
            {t("home.heroCta")}
          </TransitionLink>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-shop">
        <header className={styles.sectionHeader}>
          <h2 id="home-shop">{t("home.shopHeading")}</h2>
          <p>{t("home.shopLead")}</p>
        </header>
        <div className={styles.sectionMore}>
          <TransitionLink to="/shop" className={buttonClass("secondary")}>
            {t("home.viewAll")}
          </TransitionLink>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-products">
        <header className={styles.sectionHeader}>
          <h2 id="home-products">{t("home.productsHeading")}</h2>
          <p>{t("home.productsLead")}</p>
        </header>
        <div className={styles.sectionMore}>
          <TransitionLink to="/products" className={buttonClass("secondary")}>
            {t("home.viewMore")}
          </TransitionLink>
        </div>
      </section>
    </>
  );
}
