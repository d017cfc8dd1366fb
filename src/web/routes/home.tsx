import type { ReactNode } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/home";
import { flatten, tileOf } from "../../domain/catalog-api.ts";
import { ExhibitGrid, ProductGrid } from "../features/catalog/product-grid.tsx";
import { ButtonLink } from "../shared/layout/page-transition.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageDescription, pageTitle } from "../page-meta.ts";
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
          <ButtonLink to="/shop">{t("home.heroCta")}</ButtonLink>
        </div>
      </section>

      <HomeSection id="home-shop" testId="home-shop" heading={t("home.shopHeading")} lead={t("home.shopLead")} more={{ to: "/shop", label: t("home.viewAll") }}>
        <ProductGrid products={products} eagerCount={2} />
      </HomeSection>

      <HomeSection
        id="home-products"
        testId="home-exhibits"
        heading={t("home.productsHeading")}
        lead={t("home.productsLead")}
        more={{ to: "/products", label: t("home.viewMore") }}
      >
        <ExhibitGrid exhibits={exhibits} eagerCount={0} />
      </HomeSection>
    </>
  );
}

interface HomeSectionProps {
  id: string;
  testId: string;
  heading: string;
  lead: string;
  /** Where the rest of the section's list is. */
  more: { to: string; label: string };
  children: ReactNode;
}

/** One of the top page's lists: its heading and lead, a few tiles, then the way to the rest. */
function HomeSection({ id, testId, heading, lead, more, children }: HomeSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <header className={styles.sectionHeader}>
        <h2 id={id}>{heading}</h2>
        <p>{lead}</p>
      </header>
      {children}
      <div className={styles.sectionMore}>
        <ButtonLink to={more.to} variant="secondary">
          {more.label}
        </ButtonLink>
      </div>
    </section>
  );
}
