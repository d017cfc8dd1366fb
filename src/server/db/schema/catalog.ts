import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { TAX_CLASSES } from "../../../domain/tax-rates.ts";
import { bytea, cascadeRef, createdAt, restrictRef, serialId, stampedNow, timestamps, timestamptz } from "../columns.ts";

/** Kinds of liquor (wine, whisky, …), keyed for filters; labels in both languages. */
export const liquorTypesTable = pgTable("liquor_types", {
  key: text("key").primaryKey(),
  labelJa: text("label_ja").notNull(),
  labelEn: text("label_en").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A tree of any depth: ワイン › 赤, スピリッツ › ウイスキー, … Products hang off leaves. */
export const seriesTable = pgTable(
  "series",
  {
    id: serialId(),
    parentId: integer("parent_id").references((): AnyPgColumn => seriesTable.id, { onDelete: "restrict" }),
    nameJa: text("name_ja").notNull(),
    nameEn: text("name_en").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("series_parent_idx").on(table.parentId)],
);

/** Uploaded or seeded images, stored once; resized variants are derived from the original. */
export const imagesTable = pgTable("images", {
  id: serialId(),
  sha256: text("sha256").notNull().unique(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

/** Resized encodings of an image, made on first request and kept. */
export const imageVariantsTable = pgTable(
  "image_variants",
  {
    imageId: cascadeRef("image_id", () => imagesTable.id),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width, table.format] })],
);

export const productsTable = pgTable(
  "products",
  {
    id: serialId(),
    nameJa: text("name_ja").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionJa: text("description_ja").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    /** Yen before tax; the tax-included price is derived so the two never disagree. */
    price: integer("price").notNull(),
    shippingType: text("shipping_type", { enum: ["normal", "cool"] })
      .notNull()
      .default("normal"),
    buyableLimit: integer("buyable_limit"),
    /** Points earned on this product, percent (decision 089); null: the member's rate (rank or the shop's base). */
    pointRatePercent: integer("point_rate_percent"),
    liquorType: text("liquor_type").references(() => liquorTypesTable.key, { onDelete: "set null" }),
    stock: integer("stock").notNull().default(0),
    /** Marked sold out by the trader whatever the stock says. */
    soldOutFlag: boolean("sold_out_flag").notNull().default(false),
    published: boolean("published").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Liquor-law records: bottle volume in millilitres (for the yearly report in litres). */
    volumeMl: integer("volume_ml"),
    /** Alcohol strength in tenths of a percent (14.5% is 145), kept exact as an integer. */
    alcoholPermille: integer("alcohol_permille"),
    /** Whether the shop's mail-order licence covers this product; others are refused at checkout. */
    mailOrderAllowed: boolean("mail_order_allowed").notNull().default(true),
    // Specification shown on the product page and searched (docs/decisions/030): text in both
    // languages, empty when the trader leaves it out.
    originCountryJa: text("origin_country_ja").notNull().default(""),
    originCountryEn: text("origin_country_en").notNull().default(""),
    originRegionJa: text("origin_region_ja").notNull().default(""),
    originRegionEn: text("origin_region_en").notNull().default(""),
    producerJa: text("producer_ja").notNull().default(""),
    producerEn: text("producer_en").notNull().default(""),
    /** Grape varieties of a wine, or the raw materials of a spirit (品種 / 原料). */
    ingredientsJa: text("ingredients_ja").notNull().default(""),
    ingredientsEn: text("ingredients_en").notNull().default(""),
    vintage: integer("vintage"),
    /** Taste on five steps: 1 辛口 (dry) … 5 甘口 (sweet). */
    sweetness: integer("sweetness"),
    /** Taste on five steps: 1 ライト (light) … 5 フル (full-bodied). */
    body: integer("body"),
    storageJa: text("storage_ja").notNull().default(""),
    storageEn: text("storage_en").notNull().default(""),
    /** The liquor tax law's category (酒類の品目), a key of LIQUOR_CATEGORIES in domain/product-details.ts. */
    liquorCategory: text("liquor_category"),
    /** Consumption tax class (decision 036): standard 10% or reduced 8%; liquor is always standard. */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default("standard"),
    // 予約販売 and sales windows (decision 088): on sale from sales_start until sales_end (instants,
    // shown and typed in Japan time); a pre-order while today in Japan is before release_date (発売日),
    // sold against preorder_allocation, the bottles the trader set aside for pre-orders.
    salesStart: timestamptz("sales_start"),
    salesEnd: timestamptz("sales_end"),
    releaseDate: date("release_date", { mode: "string" }),
    preorderAllocation: integer("preorder_allocation").notNull().default(0),
    /**
     * Bottles sold as pre-orders and not yet shipped (nor cancelled): once the release date has come
     * they are in `stock` when they arrive, but owed to those orders, so what is for sale is stock
     * minus these (decision 092). Raised with the allocation taken, lowered when they ship or are cancelled.
     */
    preorderOwed: integer("preorder_owed").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    check("products_volume_positive", sql`${table.volumeMl} is null or ${table.volumeMl} > 0`),
    check("products_alcohol_range", sql`${table.alcoholPermille} is null or (${table.alcoholPermille} >= 0 and ${table.alcoholPermille} <= 1000)`),
    check("products_price_nonnegative", sql`${table.price} >= 0`),
    check("products_tax_class_known", sql`${table.taxClass} in ('standard', 'reduced')`),
    // Liquor (a liquor type, a liquor-tax category, or 1% alcohol or more: 酒税法 §2) is never at the
    // reduced rate; isLiquorProduct in domain/tax-rates.ts is the same rule (decision 050).
    check(
      "products_liquor_standard_rate",
      sql`${table.taxClass} = 'standard' or (${table.liquorType} is null and ${table.liquorCategory} is null and coalesce(${table.alcoholPermille}, 0) < 10)`,
    ),
    check("products_stock_nonnegative", sql`${table.stock} >= 0`),
    check("products_buyable_limit_positive", sql`${table.buyableLimit} is null or ${table.buyableLimit} > 0`),
    check("products_point_rate", sql`${table.pointRatePercent} is null or ${table.pointRatePercent} between 0 and 100`),
    check("products_sweetness_scale", sql`${table.sweetness} is null or (${table.sweetness} >= 1 and ${table.sweetness} <= 5)`),
    check("products_body_scale", sql`${table.body} is null or (${table.body} >= 1 and ${table.body} <= 5)`),
    check("products_preorder_allocation_nonnegative", sql`${table.preorderAllocation} >= 0`),
    check("products_preorder_owed_nonnegative", sql`${table.preorderOwed} >= 0`),
    check("products_sales_window_order", sql`${table.salesStart} is null or ${table.salesEnd} is null or ${table.salesEnd} > ${table.salesStart}`),
  ],
);

export const productImagesTable = pgTable(
  "product_images",
  {
    productId: cascadeRef("product_id", () => productsTable.id),
    imageId: restrictRef("image_id", () => imagesTable.id),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

export const productSeriesTable = pgTable(
  "product_series",
  {
    productId: cascadeRef("product_id", () => productsTable.id),
    seriesId: restrictRef("series_id", () => seriesTable.id),
  },
  (table) => [primaryKey({ columns: [table.productId, table.seriesId] }), index("product_series_series_idx").on(table.seriesId)],
);

/** Showcase items ("Our Products"); `top` ones also appear on the home page. */
export const exhibitsTable = pgTable("exhibits", {
  id: serialId(),
  nameJa: text("name_ja").notNull(),
  nameEn: text("name_en").notNull(),
  descriptionJa: text("description_ja").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  top: boolean("top").notNull().default(false),
  published: boolean("published").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps(),
});

export const exhibitImagesTable = pgTable(
  "exhibit_images",
  {
    exhibitId: cascadeRef("exhibit_id", () => exhibitsTable.id),
    imageId: restrictRef("image_id", () => imagesTable.id),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.exhibitId, table.position] })],
);

/** The bottles an exhibit (Our Products) is about, in the order the trader lists them. */
export const exhibitProductsTable = pgTable(
  "exhibit_products",
  {
    exhibitId: cascadeRef("exhibit_id", () => exhibitsTable.id),
    productId: cascadeRef("product_id", () => productsTable.id),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.exhibitId, table.productId] }), index("exhibit_products_product_idx").on(table.productId)],
);

/**
 * The liquor ledger (酒税法 §46, docs/decisions/038): every change of a product's stock as a move,
 * with who made it and when. products.stock is kept as the running figure (checkout locks that row)
 * and every write of it inserts its move in the same transaction, so the moves always add up to it.
 */
export const stockMovesTable = pgTable(
  "stock_moves",
  {
    id: serialId(),
    productId: cascadeRef("product_id", () => productsTable.id),
    /** A key of STOCK_MOVE_KINDS in domain/stock-ledger.ts. */
    kind: text("kind").notNull(),
    /** Signed bottles: in positive, out negative. */
    quantity: integer("quantity").notNull(),
    /** The business date in Japan: a receiving's date as the trader typed it, else the day of `at`. */
    movedOn: date("moved_on", { mode: "string" }).notNull(),
    /** Yen before tax a bottle: the cost of a receiving, the price of a sale or its cancellation. */
    unitYen: integer("unit_yen"),
    supplierName: text("supplier_name"),
    supplierAddress: text("supplier_address"),
    reason: text("reason"),
    actorKind: text("actor_kind", { enum: ["staff", "order", "system"] }).notNull(),
    /** The staff member's id for a staff move. */
    actorId: text("actor_id"),
    /** The order of a sale or cancellation (the orders module's id; no reference across modules). */
    orderId: integer("order_id"),
    at: stampedNow("at"),
    /** The supplier record a receiving names (docs/decisions/061); its name and address are copied above. */
    supplierId: integer("supplier_id").references(() => suppliersTable.id, { onDelete: "restrict" }),
    /** The supplier's invoice registration number (T + 13 digits) when the receiving was booked; null: not registered. */
    supplierInvoiceNumber: text("supplier_invoice_number"),
    /** The product's 品目 and strength when the move was booked (a database trigger copies them), for 税率の適用区分. */
    liquorCategory: text("liquor_category"),
    alcoholPermille: integer("alcohol_permille"),
  },
  (table) => [
    index("stock_moves_product_idx").on(table.productId, table.id),
    index("stock_moves_kind_date_idx").on(table.kind, table.movedOn),
    check("stock_moves_kind", sql`${table.kind} in ('opening', 'receiving', 'sale', 'cancellation', 'return', 'breakage', 'tasting', 'correction')`),
    check("stock_moves_unit_yen_nonnegative", sql`${table.unitYen} is null or ${table.unitYen} >= 0`),
    check("stock_moves_supplier_invoice_number", sql`${table.supplierInvoiceNumber} is null or ${table.supplierInvoiceNumber} ~ '^T[0-9]{13}$'`),
  ],
);

/**
 * Suppliers of liquor as the 仕入帳 names them (酒税法施行令 §52: name and address), with their
 * invoice registration number when they are 適格請求書発行事業者 (docs/decisions/061).
 */
export const suppliersTable = pgTable(
  "suppliers",
  {
    id: serialId(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    /** "T" + 13 digits; null: not registered (the transitional deduction applies). */
    invoiceNumber: text("invoice_number"),
    ...timestamps(),
  },
  (table) => [check("suppliers_invoice_number", sql`${table.invoiceNumber} is null or ${table.invoiceNumber} ~ '^T[0-9]{13}$'`)],
);

/** 実地棚卸し: the day the trader counted the whole stock, which monthly sales totals require every three months. */
export const stockTakesTable = pgTable("stock_takes", {
  id: serialId(),
  takenOn: date("taken_on", { mode: "string" }).notNull(),
  note: text("note").notNull().default(""),
  staffId: integer("staff_id"),
  at: stampedNow("at"),
});
