import type { Route } from "./+types/products";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

// The product grid and its filters arrive with the catalogue.
export default function ProductsPage() {
  const { t } = useI18n();
  return (
    <div className="page">
      <h1 className="page-title">{t("products.title")}</h1>
      <p>{t("products.lead")}</p>
      <p>{t("catalogue.comingSoon")}</p>
    </div>
  );
}
