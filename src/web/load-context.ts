import type { Locale } from "../domain/locale.ts";
import type { ShopProfile } from "../domain/shop-profile.ts";

/** The signed-in shopper as pages see it; accounts fill it in. */
export interface SessionUser {
  id: string;
  email: string;
  userName: string | null;
}

/**
 * What the server hands every page loader. The server builds it per request; the page code only
 * sees this interface, so web/ never imports server/.
 */
export interface PageContext {
  locale: Locale;
  csrfToken: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  shop: ShopProfile;
  user: SessionUser | null;
  /** Public origin of the shop, for canonical links. */
  publicUrl: string;
}

declare module "react-router" {
  // Module augmentation: the empty body is how React Router's context type is extended.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageContext {}
}
