import type { SeriesNode } from "../../domain/catalog.ts";
import type { ExhibitResource, LiquorTypeOption, ProductResource, SeriesTreeNode } from "../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../domain/catalog-api.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ProductDetails, ProductSpecification } from "../../domain/product-details.ts";
import { LIQUOR_CATEGORIES } from "../../domain/product-details.ts";
import { salesPhase } from "../../domain/sales-window.ts";
import type { CatalogExhibit, CatalogProduct, CatalogSnapshot } from "./catalog.snapshot.ts";

const LIST_IMAGE_WIDTH = 720;

/** What a product and an exhibit both show: their name and description in the locale, and their pictures. */
function shownAttributes(item: Pick<CatalogProduct & CatalogExhibit, "name" | "description" | "images">, locale: Locale) {
  return {
    name: item.name[locale],
    description: item.description[locale],
    images: item.images.map((image) => imageVariantUrl(image.id, LIST_IMAGE_WIDTH, "jpg")),
    image_details: item.images,
  };
}

export function productResource(product: CatalogProduct, snapshot: CatalogSnapshot, locale: Locale): ProductResource {
  return {
    id: String(product.id),
    type: "product",
    attributes: {
      ...shownAttributes(product, locale),
      price: product.price,
      price_include_tax: product.priceIncludingTax,
      tax_rate: product.taxRatePercent,
      shipping_type: product.shippingType,
      buyable_limit: product.buyableLimit,
      liquor_type: product.liquorType,
      sold_out: product.soldOut,
      leaf_series: product.seriesIds.flatMap((id) => {
        const series = snapshot.seriesById.get(id);
        return series ? [{ id: String(series.id), type: "series" as const, attributes: { hashid: series.hashid, name: series.name[locale] } }] : [];
      }),
      specification: specificationOf(product.details, locale),
      sales: {
        phase: salesPhase(product.sales, new Date()),
        sales_start: product.sales.salesStart?.toISOString() ?? null,
        sales_end: product.sales.salesEnd?.toISOString() ?? null,
        release_date: product.sales.releaseDate,
      },
    },
  };
}

function specificationOf(details: ProductDetails, locale: Locale): ProductSpecification {
  return {
    origin_country: details.originCountry[locale],
    origin_region: details.originRegion[locale],
    producer: details.producer[locale],
    ingredients: details.ingredients[locale],
    vintage: details.vintage,
    volume_ml: details.volumeMl,
    alcohol_percent: details.alcoholPermille === null ? null : details.alcoholPermille / 10,
    sweetness: details.sweetness,
    body: details.body,
    storage: details.storage[locale],
    liquor_category: details.liquorCategory,
    liquor_category_label: details.liquorCategory ? LIQUOR_CATEGORIES[details.liquorCategory][locale] : "",
  };
}

export function exhibitResource(exhibit: CatalogExhibit, locale: Locale): ExhibitResource {
  return {
    id: String(exhibit.id),
    type: "exhibit_product",
    attributes: {
      ...shownAttributes(exhibit, locale),
      top: exhibit.top,
      product_ids: exhibit.productIds.map(String),
    },
  };
}

export function seriesTreeFor(nodes: SeriesNode[], locale: Locale): SeriesTreeNode[] {
  return nodes.map((node) => ({
    id: String(node.id),
    hashid: node.hashid,
    name: node.name[locale],
    children: seriesTreeFor(node.children, locale),
  }));
}

export function liquorTypeOptions(snapshot: CatalogSnapshot, locale: Locale): LiquorTypeOption[] {
  return snapshot.liquorTypes.map((type) => ({ key: type.key, label: type.label[locale] }));
}
