import type { MetaDescriptor } from "react-router";
import type { AdminMessageKey } from "../../i18n/admin.ja.ts";
import { rootDataOf } from "../../page-meta.ts";
import { adminText } from "./admin-i18n.ts";

type Matches = Parameters<typeof rootDataOf>[0];

/** Back-office titles ('注文 | 管理画面 | 酒舗 蔵'); never indexed, never followed. */
export function adminMeta(matches: Matches, label?: AdminMessageKey | { text: string }): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const robots = { name: "robots", content: "noindex, nofollow" };
  if (!root) return [robots];
  const parts = [adminText(root.locale, "admin.title"), root.shop.shopName[root.locale]];
  if (label) parts.unshift(typeof label === "string" ? adminText(root.locale, label) : label.text);
  return [{ title: parts.join(" | ") }, robots];
}
