import { useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/home";
import { flatten, tileOf } from "../../domain/catalog-api.ts";
import { ExhibitGrid, ProductGrid } from "../features/catalog/product-grid.tsx";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageDescription, pageTitle } from "../page-meta.ts";
import { buttonClass } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import styles from "./home.module.css";
import { pageContext } from "../load-context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const [products, exhibits] = await Promise.all([page.catalog.homeProducts(page.locale), page.catalog.exhibits(page.locale, { topOnly: true })]);
  return { products: products.map(tileOf), exhibits: exhibits.map(flatten) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), ...pageDescription(matches, "home.heroLead")];
}

/** The query with which the account page's action sends a cancelled member here (routes/mypage-account.tsx). */
const ACCOUNT_CANCELLED_PARAM = "cancelled";

export default function Home() {
  const { t } = useI18n();
  const { products, exhibits } = useLoaderData<typeof loader>();
  // A member who cancelled the account without JavaScript lands here (decision 059); with it, a snackbar says so.
  const [searchParams] = useSearchParams();
  return (
    <>
      {searchParams.get(ACCOUNT_CANCELLED_PARAM) === "1" && (
        <div className={styles.notice}>
          <Notice tone="success" testId="account-cancelled">
            {t("mypageAccount.cancelled")}
          </Notice>
        </div>
      )}
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

      <section className={styles.section} aria-labelledby="home-shop" data-testid="home-shop">
        <header className={styles.sectionHeader}>
          <h2 id="home-shop">{t("home.shopHeading")}</h2>
          <p>{t("home.shopLead")}</p>
        </header>
        <ProductGrid products={products} eagerCount={2} />
        <div className={styles.sectionMore}>
          <TransitionLink to="/shop" className={buttonClass("secondary")}>
            {t("home.viewAll")}
          </TransitionLink>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-products" data-testid="home-exhibits">
        <header className={styles.sectionHeader}>
          <h2 id="home-products">{t("home.productsHeading")}</h2>
          <p>{t("home.productsLead")}</p>
        </header>
        <ExhibitGrid exhibits={exhibits} eagerCount={0} />
        <div className={styles.sectionMore}>
          <TransitionLink to="/products" className={buttonClass("secondary")}>
            {t("home.viewMore")}
          </TransitionLink>
        </div>
      </section>
    </>
  );
}
