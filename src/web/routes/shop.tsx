import { useState } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/shop";
import type { ProductFilter } from "../../domain/catalog.ts";
import { filterToSearchParams, parseProductFilter } from "../../domain/catalog.ts";
import { tileOf } from "../../domain/catalog-api.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { ShopFilters } from "../features/catalog/shop-filters.tsx";
import { useSite } from "../shared/site/site-context.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageDescription, pageTitle } from "../page-meta.ts";
import styles from "./shop.module.css";
import { pageContext } from "../load-context.ts";

function filterOf(search: URLSearchParams): ProductFilter {
  const query: Record<string, string[]> = {};
  for (const [key, value] of search) (query[key] ??= []).push(value);
  return parseProductFilter(query);
}

function withoutSearch(filter: ProductFilter): ProductFilter {
  const { q: _cleared, ...rest } = filter;
  return rest;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const filter = filterOf(url.searchParams);
  const products = await page.catalog.products(page.locale, filter);
  return { filter, products: products.map(tileOf) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), ...pageDescription(matches, "shop.lead")];
}

export default function Shop() {
  const { t } = useI18n();
  const { series, liquorTypes } = useSite();
  const { filter: loadedFilter, products } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  // While the new grid loads (React Router renders navigations in a transition), the panel already
  // shows what was just chosen; the loaded data takes over once it arrives.
  const [chosen, setChosen] = useState<ProductFilter | null>(null);
  const [shownFilter, setShownFilter] = useState(loadedFilter);
  if (shownFilter !== loadedFilter) {
    setShownFilter(loadedFilter);
    setChosen(null);
  }
  const filter = chosen ?? loadedFilter;

  // Filters live in the address; each change replaces it (no new history entry) and React Router
  // cancels the request still in flight when a newer one starts.
  const applyFilter = (next: ProductFilter) => {
    setChosen(next);
    setSearchParams(filterToSearchParams(next), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="page">
      <h1 className="page-title">{t("shop.title")}</h1>
      {loadedFilter.q && (
        <p className={styles.searchFor} data-testid="search-for">
          {t("search.resultsFor", { q: loadedFilter.q })}
        </p>
      )}
      <div className={styles.layout}>
        <div className={styles.main}>
          {/* The tiles' names are h3: a heading between them and the page's h1 keeps the outline whole. */}
          <h2 className="visually-hidden">{t("shop.lead")}</h2>
          <p className={styles.count} role="status">
            {t("catalog.resultCount", { count: products.length })}
          </p>
          {products.length > 0 ? (
            <ProductGrid products={products} />
          ) : (
            <div className={styles.empty} data-testid="shop-empty">
              {filter.q ? (
                <>
                  <p>{t("search.noResults", { q: filter.q })}</p>
                  <button type="button" className={styles.reset} onClick={() => applyFilter(withoutSearch(filter))} data-testid="clear-search">
                    {t("search.clear")}
                  </button>
                </>
              ) : (
                <>
                  <p>{t("catalog.noResults")}</p>
                  <button type="button" className={styles.reset} onClick={() => applyFilter({ series: [], unselectSeries: false })}>
                    {t("catalog.resetFilters")}
                  </button>
                </>
              )}
            </div>
          )}
        </div>
        <ShopFilters filter={filter} series={series} liquorTypes={liquorTypes} resultCount={products.length} onChange={applyFilter} />
      </div>
    </div>
  );
}
