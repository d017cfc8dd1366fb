import type { Route } from "./+types/shop";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

// The product grid and its filters arrive with the catalogue.
export default function ShopPage() {
  const { t } = useI18n();
  return (
    <div className="page">
      <h1 className="page-title">{t("shop.title")}</h1>
      <p>{t("shop.lead")}</p>
      <p>{t("catalogue.comingSoon")}</p>
    </div>
  );
}
