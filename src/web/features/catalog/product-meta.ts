import type { MetaDescriptor } from "react-router";
import type { Product } from "../../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../../domain/catalog-api.ts";
import type { Locale } from "../../../domain/locale.ts";
import { translate } from "../../i18n/i18n.tsx";
import { specificationRows } from "./product-specification.tsx";

const DESCRIPTION_LENGTH = 120;

export function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_LENGTH ? `${flat.slice(0, DESCRIPTION_LENGTH - 1)}…` : flat;
}

/** The head every page made to be shared starts with (products, exhibits): its title, description, canonical address and Open Graph's own. */
export function sharedPageMeta(page: { title: string; description: string; url: string; type: "product" | "article"; shopName: string }): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.url },
    { property: "og:type", content: page.type },
    { property: "og:site_name", content: page.shopName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
  ];
}

/**
 * Title, description, canonical link, Open Graph, Twitter card and schema.org Product JSON-LD, so a
 * product shared on LINE or X shows the bottle and its price, and search engines read the offer.
 */
export function productMeta(product: Product, site: { shopName: string; publicUrl: string; locale: Locale }): MetaDescriptor[] {
  const url = `${site.publicUrl}/products/${product.id}`;
  const images = product.image_details.map((image) => `${site.publicUrl}${imageVariantUrl(image.id, 1200, "jpg")}`);
  const description = summaryOf(product.description);
  const title = `${product.name} | ${site.shopName}`;
  const spec = product.specification;
  // Every row of the page's specification table, as schema.org PropertyValues (name as shown).
  const additionalProperty = specificationRows(spec, (key, params) => translate(site.locale, key, params)).map((row) => ({
    "@type": "PropertyValue",
    name: row.label,
    ...(row.scale ? { value: row.scale.value, minValue: 1, maxValue: 5, description: row.text } : { value: row.text }),
  }));
  return [
    ...sharedPageMeta({ title, description, url, type: "product", shopName: site.shopName }),
    { property: "og:locale", content: site.locale === "ja" ? "ja_JP" : "en_US" },
    ...(images[0] ? [{ property: "og:image", content: images[0] }] : []),
    { property: "product:price:amount", content: String(product.price_include_tax) },
    { property: "product:price:currency", content: "JPY" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(images[0] ? [{ name: "twitter:image", content: images[0] }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: images,
        sku: product.id,
        brand: { "@type": "Brand", name: spec.producer || site.shopName },
        ...(spec.producer ? { manufacturer: { "@type": "Organization", name: spec.producer } } : {}),
        ...(spec.origin_country ? { countryOfOrigin: { "@type": "Country", name: spec.origin_country } } : {}),
        ...(spec.liquor_category_label ? { category: spec.liquor_category_label } : {}),
        ...(spec.volume_ml !== null ? { size: `${spec.volume_ml} ml` } : {}),
        ...(additionalProperty.length > 0 ? { additionalProperty } : {}),
        offers: {
          "@type": "Offer",
          url,
          price: product.price_include_tax,
          priceCurrency: "JPY",
          availability: product.sold_out ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
          seller: { "@type": "Organization", name: site.shopName },
        },
      },
    },
  ];
}
