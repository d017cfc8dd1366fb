import type { ExhibitResource, ProductResource } from "../catalog-api.ts";
import { z } from "../zod.ts";
import { dataOf, pageOfSchema, type SameShape } from "./common.ts";

/** The catalogue's answers (the spec's GET root, products, products/{id}, exhibit_products, exhibit_products/{id}). */

/** An uploaded image: its id and size in pixels (the storefront's image_details, the back office's images). */
export const imageDetailsSchema = z.object({ id: z.number(), width: z.number(), height: z.number() });

const specificationSchema = z.object({
  origin_country: z.string(),
  origin_region: z.string(),
  producer: z.string(),
  ingredients: z.string(),
  vintage: z.number().nullable(),
  volume_ml: z.number().nullable(),
  alcohol_percent: z.number().nullable(),
  sweetness: z.number().nullable(),
  body: z.number().nullable(),
  storage: z.string(),
  liquor_category: z
    .enum([
      "seishu",
      "gosei_seishu",
      "renzoku_shochu",
      "tanshiki_shochu",
      "mirin",
      "beer",
      "kajitsushu",
      "kanmi_kajitsushu",
      "whisky",
      "brandy",
      "genryo_alcohol",
      "happoshu",
      "sonota_jozoshu",
      "spirits",
      "liqueur",
      "funmatsushu",
      "zasshu",
    ])
    .nullable(),
  liquor_category_label: z.string(),
});

export const productResourceSchema = z.object({
  id: z.string(),
  type: z.literal("product"),
  attributes: z.object({
    name: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    image_details: z.array(imageDetailsSchema),
    price: z.number(),
    price_include_tax: z.number(),
    tax_rate: z.number(),
    shipping_type: z.enum(["normal", "cool"]),
    buyable_limit: z.number().nullable(),
    liquor_type: z.string().nullable(),
    sold_out: z.boolean(),
    leaf_series: z.array(z.object({ id: z.string(), type: z.literal("series"), attributes: z.object({ hashid: z.string(), name: z.string() }) })),
    specification: specificationSchema,
    sales: z.object({
      phase: z.enum(["before", "on_sale", "preorder", "ended"]),
      sales_start: z.string().nullable(),
      sales_end: z.string().nullable(),
      release_date: z.string().nullable(),
    }),
  }),
});
const productMatches: SameShape<z.output<typeof productResourceSchema>, ProductResource> = true;

export const exhibitResourceSchema = z.object({
  id: z.string(),
  type: z.literal("exhibit_product"),
  attributes: z.object({
    name: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    image_details: z.array(imageDetailsSchema),
    top: z.boolean(),
    product_ids: z.array(z.string()),
  }),
});
const exhibitMatches: SameShape<z.output<typeof exhibitResourceSchema>, ExhibitResource> = true;

/** GET /api/root: the home page's lists. */
export const rootAnswer = z.object({ exhibits: dataOf(z.array(exhibitResourceSchema)), products: dataOf(z.array(productResourceSchema)) });
/** GET /api/products: a page of products. */
export const productsAnswer = pageOfSchema(productResourceSchema);
/** GET /api/products/{id}. */
export const productAnswer = dataOf(productResourceSchema);
/** GET /api/exhibit_products: a page of exhibits. */
export const exhibitsAnswer = pageOfSchema(exhibitResourceSchema);
/** GET /api/exhibit_products/{id}. */
export const exhibitAnswer = dataOf(exhibitResourceSchema);

export const catalogShapesMatch = productMatches && exhibitMatches;
