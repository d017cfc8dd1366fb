import type { MetaDescriptor } from "react-router";
import type { Locale } from "../domain/locale.ts";
import type { ShopProfile } from "../domain/shop-profile.ts";
import { translate } from "./i18n/i18n.tsx";
import type { MessageKey } from "./i18n/ja.ts";

interface RootMatchData {
  locale: Locale;
  shop: ShopProfile;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The root loader's data as seen from a route's `meta` function. */
export function rootDataOf(matches: Matches): RootMatchData | undefined {
  const root = matches.find((match) => match?.id === "root");
  return root?.loaderData as RootMatchData | undefined;
}

/**
 * Page titles: 'Company | {shop name}' for labelled pages, the shop name alone otherwise.
 * `label` is a dictionary key, or a ready text such as a product name.
 */
export function pageTitle(matches: Matches, label?: MessageKey | { text: string }): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (!root) return [];
  const shopName = root.shop.shopName[root.locale];
  if (!label) return [{ title: shopName }];
  const text = typeof label === "string" ? translate(root.locale, label) : label.text;
  return [{ title: `${text} | ${shopName}` }];
}

/** `<meta name="description">` from a dictionary key, in the page's locale (Lighthouse SEO). */
export function pageDescription(matches: Matches, key: MessageKey): MetaDescriptor[] {
  const root = rootDataOf(matches);
  return root ? [{ name: "description", content: translate(root.locale, key) }] : [];
}
