import { useState } from "react";
import type { FormEvent } from "react";
import type { AdminLiquorType, AdminProductFields, AdminSeries } from "../../../domain/admin-catalog.ts";
import { SHIPPING_TYPES } from "../../../domain/admin-catalog.ts";
import { LIQUOR_CATEGORIES, TASTE_SCALE_STEPS } from "../../../domain/product-details.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import css from "./admin-catalogue.module.css";
import { seriesLines } from "./series-tree.ts";
import { BilingualFields, SaveButton } from "./ui/catalogue-form-parts.tsx";
import { ErrorsNotice } from "./ui/errors-notice.tsx";
import { japanDateTimeField } from "../../../domain/sales-window.ts";

/** The form's values: text fields as typed (the server checks and converts them), switches as booleans. */
type Draft = Record<Exclude<keyof AdminProductFields, "series_ids" | "sold_out_flag" | "published" | "mail_order_allowed">, string> & {
  series_ids: number[];
  sold_out_flag: boolean;
  published: boolean;
  mail_order_allowed: boolean;
};

function draftOf(product: AdminProductFields | undefined): Draft {
  const text = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return {
    name_ja: product?.name_ja ?? "",
    name_en: product?.name_en ?? "",
    description_ja: product?.description_ja ?? "",
    description_en: product?.description_en ?? "",
    price: text(product?.price),
    stock: text(product?.stock ?? 0),
    buyable_limit: text(product?.buyable_limit),
    shipping_type: product?.shipping_type ?? "normal",
    liquor_type: product?.liquor_type ?? "",
    sort_order: text(product?.sort_order ?? 0),
    volume_ml: text(product?.volume_ml),
    alcohol_percent: text(product?.alcohol_percent),
    series_ids: product?.series_ids ?? [],
    sold_out_flag: product?.sold_out_flag ?? false,
    published: product?.published ?? false,
    mail_order_allowed: product?.mail_order_allowed ?? true,
    origin_country_ja: product?.origin_country_ja ?? "",
    origin_country_en: product?.origin_country_en ?? "",
    origin_region_ja: product?.origin_region_ja ?? "",
    origin_region_en: product?.origin_region_en ?? "",
    producer_ja: product?.producer_ja ?? "",
    producer_en: product?.producer_en ?? "",
    ingredients_ja: product?.ingredients_ja ?? "",
    ingredients_en: product?.ingredients_en ?? "",
    vintage: text(product?.vintage),
    sweetness: text(product?.sweetness),
    body_level: text(product?.body_level),
    storage_ja: product?.storage_ja ?? "",
    storage_en: product?.storage_en ?? "",
    liquor_category: product?.liquor_category ?? "",
    tax_class: product?.tax_class ?? "standard",
    // Typed and shown in Japan time (decision 088).
    sales_start: japanDateTimeField(product?.sales_start ? new Date(product.sales_start) : null),
    sales_end: japanDateTimeField(product?.sales_end ? new Date(product.sales_end) : null),
    release_date: product?.release_date ?? "",
    preorder_allocation: text(product?.preorder_allocation ?? 0),
    point_rate_percent: text(product?.point_rate_percent),
  };
}

export interface SaveOutcome {
  ok: boolean;
  errors?: string[];
  fields?: Record<string, string[]>;
}

/**
 * Every field of a product in both languages. The server is the judge of the values: its 422
 * messages appear under their fields and in a list above the button.
 */
export function ProductForm(props: {
  product?: AdminProductFields;
  series: AdminSeries[];
  liquorTypes: AdminLiquorType[];
  submitLabel: string;
  /** A new product's body has its opening stock; an edit's has no stock (the ledger moves it). */
  onSave(body: Partial<Draft>): Promise<SaveOutcome>;
}) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const [draft, setDraft] = useState(() => draftOf(props.product));
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldError = (name: string) => outcome?.fields?.[name]?.[0];
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const text = (name: Exclude<keyof Draft, "series_ids" | "sold_out_flag" | "published" | "mail_order_allowed">) => ({
    name,
    value: draft[name],
    error: fieldError(name),
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
  });

  const tasteOptions = [
    { value: "", label: ta("adminProduct.none") },
    ...Array.from({ length: TASTE_SCALE_STEPS }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    // Editing never sends the stock figure: a figure read when the page opened would undo the
    // orders placed since. Stock changes are the ledger's (receivings and adjustments).
    const { stock, ...withoutStock } = draft;
    const body = props.product ? withoutStock : { ...withoutStock, stock };
    const result = await props.onSave(body).catch(() => ({ ok: false, errors: [ta("admin.requestFailed")] }));
    setSaving(false);
    setOutcome(result.ok ? null : result);
  }

  function toggleSeries(id: number, checked: boolean) {
    set("series_ids", checked ? [...draft.series_ids, id] : draft.series_ids.filter((each) => each !== id));
  }

  return (
    <form className={css.form} onSubmit={(event) => void submit(event)} noValidate data-testid="product-form">
      {outcome?.errors && <ErrorsNotice errors={outcome.errors} testId="product-form-errors" />}
      <BilingualFields text={text} rows={5} nameMaxLength={100} />
      <div className={css.grid}>
        <Input label={ta("adminProduct.price")} inputMode="numeric" {...text("price")} />
        {props.product ? (
          <Input label={ta("adminProduct.stock")} value={draft.stock} readOnly hint={ta("adminProduct.stockInLedger")} />
        ) : (
          <Input label={ta("adminProduct.stock")} inputMode="numeric" {...text("stock")} />
        )}
        <Input label={ta("adminProduct.buyableLimit")} hint={ta("adminProduct.buyableLimitHint")} inputMode="numeric" {...text("buyable_limit")} />
        <Select
          label={ta("adminProduct.shippingType")}
          options={SHIPPING_TYPES.map((type) => ({ value: type, label: ta(`adminProduct.shipping.${type}`) }))}
          {...text("shipping_type")}
        />
        <Select
          label={ta("adminProduct.liquorType")}
          options={[
            { value: "", label: ta("adminProduct.none") },
            ...props.liquorTypes.map((type) => ({ value: type.key, label: locale === "ja" ? type.label_ja : type.label_en })),
          ]}
          {...text("liquor_type")}
        />
        <Input label={ta("adminProduct.sortOrder")} hint={ta("adminProduct.sortOrderHint")} inputMode="numeric" {...text("sort_order")} />
        <Input label={ta("adminProduct.volumeMl")} inputMode="numeric" {...text("volume_ml")} />
        <Input label={ta("adminProduct.alcoholPercent")} hint={ta("adminProduct.alcoholHint")} inputMode="decimal" {...text("alcohol_percent")} />
        <Input label={ta("adminProduct.pointRate")} hint={ta("adminProduct.pointRateHint")} inputMode="numeric" {...text("point_rate_percent")} />
      </div>
      <fieldset className={css.fieldset}>
        <legend>{ta("adminProduct.details")}</legend>
        <div className={css.pair}>
          <Input label={ta("adminProduct.originCountryJa")} maxLength={200} {...text("origin_country_ja")} />
          <Input label={ta("adminProduct.originCountryEn")} maxLength={200} lang="en" {...text("origin_country_en")} />
          <Input label={ta("adminProduct.originRegionJa")} maxLength={200} {...text("origin_region_ja")} />
          <Input label={ta("adminProduct.originRegionEn")} maxLength={200} lang="en" {...text("origin_region_en")} />
          <Input label={ta("adminProduct.producerJa")} maxLength={200} {...text("producer_ja")} />
          <Input label={ta("adminProduct.producerEn")} maxLength={200} lang="en" {...text("producer_en")} />
          <Input label={ta("adminProduct.ingredientsJa")} maxLength={200} {...text("ingredients_ja")} />
          <Input label={ta("adminProduct.ingredientsEn")} maxLength={200} lang="en" {...text("ingredients_en")} />
          <Input label={ta("adminProduct.storageJa")} maxLength={200} {...text("storage_ja")} />
          <Input label={ta("adminProduct.storageEn")} maxLength={200} lang="en" {...text("storage_en")} />
        </div>
        <div className={css.grid}>
          <Input label={ta("adminProduct.vintage")} hint={ta("adminProduct.vintageHint")} inputMode="numeric" {...text("vintage")} />
          <Select label={ta("adminProduct.sweetness")} options={tasteOptions} {...text("sweetness")} />
          <Select label={ta("adminProduct.bodyLevel")} options={tasteOptions} {...text("body_level")} />
          <Select
            label={ta("adminProduct.liquorCategory")}
            options={[
              { value: "", label: ta("adminProduct.none") },
              ...Object.entries(LIQUOR_CATEGORIES).map(([key, label]) => ({ value: key, label: label[locale] })),
            ]}
            {...text("liquor_category")}
          />
          <Select
            label={ta("adminProduct.taxClass")}
            hint={ta("adminProduct.taxClassHint")}
            options={[
              { value: "standard", label: ta("adminProduct.taxClassStandard") },
              { value: "reduced", label: ta("adminProduct.taxClassReduced") },
            ]}
            {...text("tax_class")}
          />
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend>{ta("adminProduct.series")}</legend>
        {props.series.length === 0 && <p className={css.hint}>{ta("adminProduct.noSeries")}</p>}
        <ul className={css.seriesChoices}>
          {seriesLines(props.series).map(({ series, depth }) => (
            <li key={series.id} style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
              <Checkbox
                label={locale === "ja" ? series.name_ja : series.name_en}
                checked={draft.series_ids.includes(series.id)}
                onChange={(event) => toggleSeries(series.id, event.currentTarget.checked)}
              />
            </li>
          ))}
        </ul>
        {fieldError("series_ids") && (
          <p role="alert" className={css.error}>
            {fieldError("series_ids")}
          </p>
        )}
      </fieldset>
      <fieldset className={css.fieldset} data-testid="product-sales-window">
        <legend>{ta("adminProduct.salesWindow")}</legend>
        <p className={css.hint}>{ta("adminProduct.salesWindowHint")}</p>
        <div className={css.grid}>
          <Input label={ta("adminProduct.salesStart")} type="datetime-local" hint={ta("adminProduct.japanTime")} {...text("sales_start")} />
          <Input label={ta("adminProduct.salesEnd")} type="datetime-local" hint={ta("adminProduct.japanTime")} {...text("sales_end")} />
          <Input label={ta("adminProduct.releaseDate")} type="date" hint={ta("adminProduct.releaseDateHint")} {...text("release_date")} />
          <Input
            label={ta("adminProduct.preorderAllocation")}
            hint={ta("adminProduct.preorderAllocationHint")}
            inputMode="numeric"
            {...text("preorder_allocation")}
          />
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend>{ta("adminProduct.switches")}</legend>
        <Checkbox
          label={ta("adminProduct.published")}
          name="published"
          checked={draft.published}
          onChange={(event) => set("published", event.currentTarget.checked)}
        />
        <Checkbox
          label={ta("adminProduct.soldOutFlag")}
          name="sold_out_flag"
          checked={draft.sold_out_flag}
          onChange={(event) => set("sold_out_flag", event.currentTarget.checked)}
        />
        <Checkbox
          label={ta("adminProduct.mailOrderAllowed")}
          name="mail_order_allowed"
          checked={draft.mail_order_allowed}
          onChange={(event) => set("mail_order_allowed", event.currentTarget.checked)}
        />
      </fieldset>
      <SaveButton saving={saving} label={props.submitLabel} />
    </form>
  );
}
