import { useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { flatten } from "../../domain/catalog-api.ts";
import { ExhibitGrid } from "../features/catalog/product-grid.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { pageContext } from "../load-context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const exhibits = await page.catalog.exhibits(page.locale);
  return { exhibits: exhibits.map(flatten) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** Our Products: every exhibit (the home page shows only the top ones). */
export default function Products() {
  const { t } = useI18n();
  const { exhibits } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1 className="page-title">{t("products.title")}</h1>
      <p>{t("products.lead")}</p>
      {/* The tiles' names are h3: a heading between them and the page's h1 keeps the outline whole. */}
      <h2 className="visually-hidden">{t("products.listHeading")}</h2>
      <ExhibitGrid exhibits={exhibits} />
    </div>
  );
}
