import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { Meta, Outlet, isRouteErrorResponse, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { AgeGate } from "./features/age-gate/age-gate.tsx";
import { AuthProvider } from "./shared/auth/auth-context.tsx";
import { VisitorData } from "./shared/auth/visitor.tsx";
import { CartProvider } from "./shared/cart/cart-context.tsx";
import { CartDrawer } from "./features/cart/cart-drawer.tsx";
import { CartDrawerProvider } from "./shared/cart/cart-drawer-state.tsx";
import { LoginPrompt } from "./features/cart/login-prompt.tsx";
import { Footer } from "./features/layout/footer.tsx";
import { Header } from "./features/layout/header.tsx";
import { PageTransitionProvider } from "./shared/layout/page-transition.tsx";
import { HydrationScripts } from "./features/layout/hydration-scripts.tsx";
import { StylesFirstLinks } from "./features/layout/styles-first-links.tsx";
import { SiteProvider } from "./shared/site/site-context.tsx";
import { usePageNonce } from "./shared/site/page-nonce.tsx";
import { I18nProvider, translate, useI18n } from "./i18n/i18n.tsx";
import { NotFound } from "./routes/not-found.tsx";
import { SnackbarProvider } from "./ui/snackbar.tsx";
import { pageContext } from "./load-context.ts";
import type { RootData } from "./shared/root-data.ts";
import { cartCount } from "../domain/cart.ts";
import { PAYMENT_LINK_PATH } from "../domain/payment-link-path.ts";
import "./styles/global.css";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const page = context.get(pageContext);
  // Page-level global data: the series tree, liquor-type labels and the locale.
  const { series, liquorTypes } = await page.catalog.globals(page.locale);
  // The cart button's count without JavaScript: read only for a page rendered for this visitor alone
  // (a kept page is every guest's; the back office has no cart).
  const personal = !page.pageCapture && !isBackOfficePath(new URL(request.url).pathname);
  return {
    cartCount: personal ? cartCount(await page.cart()) : null,
    pointBaseRate: await page.pointBaseRate(),
    series,
    liquorTypes,
    locale: page.locale,
    ageConfirmed: page.ageConfirmed,
    csrfToken: page.csrfToken,
    nonce: page.nonce,
    shop: page.shop,
    publicUrl: page.publicUrl,
    dictionaryHref: page.dictionaryHref,
  };
}

// The root data (shop, token) only changes after a form action such as signing in;
// a language switch reloads the page.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: data.shop.shopName[data.locale] }];
}

export function links() {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

/**
 * The back office (/admin) is the trader's, not a shopper's: it has its own layout
 * (routes/admin/admin-layout.tsx) and none of the shop's frame — no age gate, cart or login prompt.
 */
function isBackOfficePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * A card payment link's page (decision 082) is not in front of the age gate: the customer gave their
 * birth date with the order (by phone or FAX) and only pays here, from a link mailed to them.
 */
function isPastTheGate(pathname: string): boolean {
  return pathname.startsWith(`${PAYMENT_LINK_PATH}/`);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const locale = data?.locale ?? "ja";
  const { pathname } = useLocation();
  const backOffice = isBackOfficePath(pathname);
  // From the server's entry, not the root data: an error page rendered without that data has it too.
  const nonce = usePageNonce() ?? data?.nonce;
  return (
    <html
      lang={locale}
      data-back-office={backOffice ? "" : undefined}
      data-age-ok={data?.ageConfirmed || isPastTheGate(pathname) ? "" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d1f2f" />
        {data && <meta name="csrf-token" content={data.csrfToken} />}
        <Meta />
        <StylesFirstLinks />
      </head>
      <body>
        {children}
        <VisitorData />
        <HydrationScripts nonce={nonce} extraModules={data?.dictionaryHref ? [data.dictionaryHref] : []} />
      </body>
    </html>
  );
}

function SiteFrame({ children, ageConfirmed }: { children: ReactNode; ageConfirmed: boolean }) {
  const { t } = useI18n();
  // The server renders the gate unless the visitor's cookie says they passed it (decision 056);
  // while it is up, the page behind it cannot be reached by keyboard or screen reader.
  const [passed, setPassed] = useState(ageConfirmed);
  return (
    <AuthProvider>
      <PageTransitionProvider>
        <CartDrawerProvider>
          <CartProvider>
            <SnackbarProvider>
              {!passed && <AgeGate onPass={() => setPassed(true)} />}
              <div id="site" inert={!passed}>
                <a className="visually-hidden" href="#main">
                  {t("site.skipToContent")}
                </a>
                <Header />
                <main id="main">{children}</main>
                <Footer />
                <CartDrawer />
                <LoginPrompt />
              </div>
            </SnackbarProvider>
          </CartProvider>
        </CartDrawerProvider>
      </PageTransitionProvider>
    </AuthProvider>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const backOffice = isBackOfficePath(pathname);
  // Marks the page interactive: browser tests wait for it before clicking, the filters' own submit
  // button goes (CSS), and scripts/time-to-interactive.mjs times it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <I18nProvider locale={data.locale}>
      <SiteProvider value={data}>
        {backOffice ? (
          <Outlet />
        ) : (
          <SiteFrame ageConfirmed={data.ageConfirmed || isPastTheGate(pathname)}>
            <Outlet />
          </SiteFrame>
        )}
      </SiteProvider>
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>("root");
  const locale = data?.locale ?? "ja";
  const { pathname } = useLocation();
  const backOffice = isBackOfficePath(pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const body = notFound ? (
    <NotFound />
  ) : (
    <div className="page-narrow">
      <h1 className="page-title">{translate(locale, "error.title")}</h1>
      <p>{translate(locale, "error.body")}</p>
    </div>
  );
  if (!data) return body;
  return (
    <I18nProvider locale={locale}>
      <SiteProvider value={data}>{backOffice ? body : <SiteFrame ageConfirmed={data.ageConfirmed || isPastTheGate(pathname)}>{body}</SiteFrame>}</SiteProvider>
    </I18nProvider>
  );
}
