CREATE TABLE "exhibit_products" (
	"exhibit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "exhibit_products_exhibit_id_product_id_pk" PRIMARY KEY("exhibit_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_country_ja" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_country_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_region_ja" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_region_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "producer_ja" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "producer_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients_ja" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vintage" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sweetness" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "body" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_ja" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "liquor_category" text;--> statement-breakpoint
ALTER TABLE "exhibit_products" ADD CONSTRAINT "exhibit_products_exhibit_id_exhibits_id_fk" FOREIGN KEY ("exhibit_id") REFERENCES "public"."exhibits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibit_products" ADD CONSTRAINT "exhibit_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibit_products_product_idx" ON "exhibit_products" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sweetness_scale" CHECK ("products"."sweetness" is null or ("products"."sweetness" >= 1 and "products"."sweetness" <= 5));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_body_scale" CHECK ("products"."body" is null or ("products"."body" >= 1 and "products"."body" <= 5));