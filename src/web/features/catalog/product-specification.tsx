import type { ProductSpecification } from "../../../domain/product-details.ts";
import type { I18n } from "../../i18n/i18n.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./product-specification.module.css";

/** Wines state their grapes (品種); other liquors their ingredients (原料). */
const GRAPE_CATEGORIES = new Set(["kajitsushu", "kanmi_kajitsushu"]);
const SCALE_STEPS = 5;

export interface SpecificationRow {
  key: string;
  label: string;
  /** The value as one line of text (the table's screen-reader text and the JSON-LD's value). */
  text: string;
  /** Taste scales are drawn as five marks between their named ends. */
  scale?: { low: string; high: string; value: number };
}

/** The rows the trader filled in, in the order a Japanese wine shop lists them. */
export function specificationRows(spec: ProductSpecification, t: I18n["t"]): SpecificationRow[] {
  const rows: SpecificationRow[] = [];
  const add = (key: string, label: string, text: string) => {
    if (text !== "") rows.push({ key, label, text });
  };
  const scale = (key: string, label: string, value: number | null, low: string, high: string) => {
    if (value !== null) rows.push({ key, label, text: t("catalog.spec.scale", { low, high, value }), scale: { low, high, value } });
  };
  add("category", t("catalog.spec.category"), spec.liquor_category_label);
  add("origin", t("catalog.spec.origin"), [spec.origin_country, spec.origin_region].filter((part) => part !== "").join(" / "));
  add("producer", t("catalog.spec.producer"), spec.producer);
  const grapes = spec.liquor_category !== null && GRAPE_CATEGORIES.has(spec.liquor_category);
  add("ingredients", grapes ? t("catalog.spec.grapes") : t("catalog.spec.ingredients"), spec.ingredients);
  add("vintage", t("catalog.spec.vintage"), spec.vintage === null ? "" : String(spec.vintage));
  add("volume", t("catalog.spec.volume"), spec.volume_ml === null ? "" : t("catalog.spec.volumeValue", { ml: spec.volume_ml.toLocaleString("en-US") }));
  add("alcohol", t("catalog.spec.alcohol"), spec.alcohol_percent === null ? "" : t("catalog.spec.alcoholValue", { percent: spec.alcohol_percent }));
  scale("sweetness", t("catalog.spec.sweetness"), spec.sweetness, t("catalog.spec.dry"), t("catalog.spec.sweet"));
  scale("body", t("catalog.spec.body"), spec.body, t("catalog.spec.light"), t("catalog.spec.full"));
  add("storage", t("catalog.spec.storage"), spec.storage);
  return rows;
}

function ScaleValue({ low, high, value, text }: { low: string; high: string; value: number; text: string }) {
  return (
    <>
      <span className={styles.scale} aria-hidden="true">
        <span>{low}</span>
        <span className={styles.marks}>
          {Array.from({ length: SCALE_STEPS }, (_, index) => (
            <span key={index} className={styles.mark} data-on={index + 1 === value} />
          ))}
        </span>
        <span>{high}</span>
      </span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}

/** 商品の仕様: a table of row headings and values, readable in order by a screen reader. */
export function ProductSpecificationTable({ specification }: { specification: ProductSpecification }) {
  const { t } = useI18n();
  const rows = specificationRows(specification, t);
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-spec-title">
      <h2 id="product-spec-title" className={styles.title}>
        {t("catalog.specTitle")}
      </h2>
      <table className={styles.table} data-testid="product-specification">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-spec={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.scale ? <ScaleValue {...row.scale} text={row.text} /> : row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
