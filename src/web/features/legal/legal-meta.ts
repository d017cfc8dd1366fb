import type { MetaDescriptor } from "react-router";
import { translate } from "../../i18n/i18n.tsx";
import type { MessageKey } from "../../i18n/ja.ts";
import { pageTitle, rootDataOf } from "../../page-meta.ts";

type Matches = Parameters<typeof pageTitle>[0];

/** The page title plus a localized description naming this shop and its company. */
export function legalPageMeta(matches: Matches, descriptionKey: MessageKey, titleKey?: MessageKey): MetaDescriptor[] {
  const title = pageTitle(matches, titleKey);
  const root = rootDataOf(matches);
  if (!root) return title;
  const description = translate(root.locale, descriptionKey, {
    shop: root.shop.shopName[root.locale],
    company: root.shop.companyName[root.locale],
  });
  return [...title, { name: "description", content: description }];
}
