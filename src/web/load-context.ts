import type { DeliveryCalendarInput } from "../domain/delivery-calendar.ts";
import type { RouterContext } from "react-router";
import { createContext } from "react-router";
import type { UserResource } from "../domain/account.ts";
import type { CartItem } from "../domain/cart.ts";
import type { PaymentBrowserConfig } from "../domain/card.ts";
import type { ProductFilter } from "../domain/catalog.ts";
import type { ExhibitResource, LiquorTypeOption, ProductResource, SeriesTreeNode } from "../domain/catalog-api.ts";
import type { Locale } from "../domain/locale.ts";
import type { ShopProfile } from "../domain/shop-profile.ts";

/** The signed-in member as pages see it: the same shape GET /api/users answers with. */
export type SessionUser = UserResource;

/** The catalogue as page loaders read it (served from the server's in-memory catalogue). */
export interface CatalogReader {
  globals(locale: Locale): Promise<{ series: SeriesTreeNode[]; liquorTypes: LiquorTypeOption[] }>;
  homeProducts(locale: Locale): Promise<ProductResource[]>;
  products(locale: Locale, filter: ProductFilter): Promise<ProductResource[]>;
  product(locale: Locale, id: number): Promise<ProductResource | undefined>;
  /** Bottles of the same series, for the product page. */
  relatedProducts(locale: Locale, id: number): Promise<ProductResource[]>;
  /** Bottles in stock now (0 when sold out), read fresh. */
  stockLeft(id: number): Promise<number>;
  /** A published product's own point rate (decision 089), from the catalogue in memory: null for none. */
  productPointRate(id: number): Promise<number | null | undefined>;
  exhibits(locale: Locale, options?: { topOnly?: boolean }): Promise<ExhibitResource[]>;
  exhibit(locale: Locale, id: number): Promise<ExhibitResource | undefined>;
}

/**
 * Given when the server keeps this page for other visitors (server/http/page-cache.ts): the page is
 * rendered whole, and `finish` stores it and answers it with the visitor's own token, nonce and
 * (for a member) visitor block.
 */
export interface PageCapture {
  finish(html: string, status: number, headers: Headers): string;
}

/** What an API route answered a page's action (PageContext.api). */
export interface ApiAnswer {
  status: number;
  /** The JSON body, or undefined when the answer was not JSON. */
  body: unknown;
  /** The answer's Set-Cookie headers (a sign-in's new session), for the action to pass on. */
  setCookies: string[];
}

/**
 * What the server hands every page loader. The server builds it per request; the page code only
 * sees this interface, so web/ never imports server/.
 */
export interface PageContext {
  locale: Locale;
  /** The visitor passed the age gate (its cookie, decision 056): the page is rendered without it. */
  ageConfirmed: boolean;
  csrfToken: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  shop: ShopProfile;
  user: SessionUser | null;
  /**
   * The member as the page's visitor block gives it to the browser (shared/auth/visitor.tsx): the
   * user and its JSON, or, in a page kept for every member, a stand-in and a placeholder.
   */
  visitor: { user: SessionUser | null; json: string };
  /** The member's idle session ended with this request (Devise timeoutable). */
  sessionExpired: boolean;
  /** Public origin of the shop, for canonical links. */
  publicUrl: string;
  catalog: CatalogReader;
  /** The moment and Japan's public holidays ahead, from which the checkout page works out the delivery window per prefecture. */
  deliveryCalendar(): DeliveryCalendarInput;
  /**
   * The visitor's cart as GET /api/carts answers it, for the checkout's first paint (decision 047).
   * The answer then depends on the session (never kept); a page kept for other visitors gets none.
   */
  cart(): Promise<CartItem[]>;
  /** The shop's base point rate in percent (decision 089); a change of it drops the kept pages. */
  pointBaseRate(): Promise<number>;
  /** How the browser takes cards: Stripe's publishable key, or the built-in test gateway (issue 6). */
  payments: PaymentBrowserConfig;
  /** The production build's module of this locale's dictionary, preloaded by the page (absent in development). */
  dictionaryHref?: string;
  /**
   * The production build's stylesheets by href, written into the first page instead of linked
   * (features/layout/styles-first-links.tsx; absent in development, where Vite serves the styles).
   */
  stylesheetText?: (href: string) => string | undefined;
  /**
   * Runs one of the shop's JSON API routes in-process, as this visitor (their cookies, locale and
   * client address, so sessions and rate limits are theirs), for the actions of forms posted
   * without JavaScript (decision 052). `path` is the route's as the browser calls it: `/api/…`
   * answers in the page's locale (`/ja/api/…`, `/en/api/…`), `/admin/api/…` as it is. A
   * state-changing call needs `csrfToken`, the token the form posted: the API's own CSRF check
   * guards the form. `requestKey` is sent as the Idempotency-Key of a keyed write (decision 049):
   * the form carries it in a hidden field, so a form posted twice is booked once (decision 058).
   */
  api(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
    options?: { csrfToken?: string; requestKey?: string },
  ): Promise<ApiAnswer>;
  /** Present when the rendered page is kept for other visitors (its token, nonce and member are placeholders). */
  pageCapture?: PageCapture;
}

// One key for the whole process. The server (dist/server, or tsx in development) and the page build
// (build/server, or Vite's module runner) each load their own copy of this module, and React
// Router finds a context value by its key's identity: the key is kept on globalThis so every copy
// hands out the same one.
const PAGE_CONTEXT = Symbol.for("kura.pageContext");
const registry = globalThis as { [PAGE_CONTEXT]?: RouterContext<PageContext> };

/**
 * The key of the PageContext in React Router's request context: loaders read
 * `context.get(pageContext)`, the server sets it in getLoadContext (server/app.ts).
 */
export const pageContext: RouterContext<PageContext> = (registry[PAGE_CONTEXT] ??= createContext<PageContext>());
