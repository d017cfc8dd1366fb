import { useId, useState } from "react";
import type { ProductFilter } from "../../../domain/catalog.ts";
import type { LiquorTypeOption, SeriesTreeNode } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./shop-filters.module.css";

interface ShopFiltersProps {
  filter: ProductFilter;
  series: SeriesTreeNode[];
  liquorTypes: LiquorTypeOption[];
  /** How many bottles the chosen filters find: the sheet's close button says so on phones. */
  resultCount: number;
  onChange(next: ProductFilter): void;
}

/** How many filters are set, shown on the phone toggle so a closed sheet still says the list is narrowed. */
export function activeFilterCount(filter: ProductFilter): number {
  return (filter.unsold === undefined ? 0 : 1) + (filter.liquorType ? 1 : 0) + filter.series.length + (filter.unselectSeries ? 1 : 0);
}

/**
 * The /shop side panel: stock, liquor type, the series tree and 未分類. On phones it is a
 * bottom sheet opened from a toggle that counts the active filters, closed by "N件を表示". It works
 * as plain HTML too (decision 056): a GET form, and the toggle a <details>.
 */
export function ShopFilters({ filter, series, liquorTypes, resultCount, onChange }: ShopFiltersProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosen = new Set(filter.series);

  const toggleSeries = (hashid: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(hashid);
    else next.delete(hashid);
    onChange({ ...filter, series: [...next] });
  };

  const renderSeries = (nodes: SeriesTreeNode[]) => (
    <ul className={styles.tree}>
      {nodes.map((node) => (
        <li key={node.id}>
          <label className={styles.choice}>
            <input
              type="checkbox"
              name="series[]"
              value={node.hashid}
              checked={chosen.has(node.hashid)}
              onChange={(event) => toggleSeries(node.hashid, event.target.checked)}
            />
            <span>{node.name}</span>
          </label>
          {node.children.length > 0 && renderSeries(node.children)}
        </li>
      ))}
    </ul>
  );

  const stockOptions: { value: ProductFilter["unsold"]; label: string }[] = [
    { value: undefined, label: t("catalog.stockAll") },
    { value: "1", label: t("catalog.inStock") },
    { value: "0", label: t("catalog.outOfStock") },
  ];

  const active = activeFilterCount(filter);

  return (
    <aside className={styles.panel} aria-label={t("catalog.filters")}>
      {/* A disclosure that opens the phone's sheet (CSS: [open] ~ form) before or without JavaScript. */}
      <details className={styles.toggle} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className={styles.toggleButton} aria-controls={panelId} data-testid="filters-toggle">
          {t("catalog.filters")}
          {active > 0 && (
            <span className={styles.activeCount} data-testid="filters-active-count">
              <span aria-hidden="true">{active}</span>
              <span className="visually-hidden">{t("catalog.activeFilters", { count: active })}</span>
            </span>
          )}
        </summary>
      </details>
      <div className={styles.backdrop} onClick={() => setOpen(false)} aria-hidden="true" />
      {/* A GET form with the address's own parameters: before (or without) JavaScript its submit
          buttons load /shop with the choices; once hydrated every change applies at once (onChange)
          and submitting only closes the phone's sheet. */}
      <form
        id={panelId}
        className={styles.form}
        method="get"
        action="/shop"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        {filter.q && <input type="hidden" name="q" value={filter.q} />}
        <fieldset className={styles.group}>
          <legend>{t("catalog.stock")}</legend>
          {stockOptions.map((option) => (
            <label key={option.label} className={styles.choice}>
              <input
                type="radio"
                name="unsold"
                value={option.value ?? ""}
                checked={filter.unsold === option.value}
                onChange={() => onChange({ ...filter, ...{ unsold: option.value } })}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t("catalog.liquorType")}</legend>
          <label className={styles.choice}>
            <input type="radio" name="liquor_type" value="" checked={!filter.liquorType} onChange={() => onChange(withoutType(filter))} />
            <span>{t("catalog.allTypes")}</span>
          </label>
          {liquorTypes.map((type) => (
            <label key={type.key} className={styles.choice}>
              <input
                type="radio"
                name="liquor_type"
                value={type.key}
                checked={filter.liquorType === type.key}
                onChange={() => onChange({ ...filter, liquorType: type.key })}
              />
              <span>{type.label}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t("catalog.series")}</legend>
          {renderSeries(series)}
          <label className={styles.choice}>
            <input
              type="checkbox"
              name="unselect_series"
              value="1"
              checked={filter.unselectSeries}
              onChange={(event) => onChange({ ...filter, unselectSeries: event.target.checked })}
            />
            <span>{t("catalog.unclassified")}</span>
          </label>
        </fieldset>
        {/* Wide screens before hydration: the form's submit, secondary to the choices and gone once they apply themselves. */}
        <button type="submit" className={styles.apply} data-testid="filters-apply">
          {t("catalog.applyFilters")}
        </button>
        <div className={styles.sheetFooter}>
          <button type="submit" className={styles.showResults} data-testid="filters-show-results">
            {t("catalog.showResults", { count: resultCount })}
          </button>
        </div>
      </form>
    </aside>
  );
}

function withoutType(filter: ProductFilter): ProductFilter {
  const { liquorType: _dropped, ...rest } = filter;
  return rest;
}
