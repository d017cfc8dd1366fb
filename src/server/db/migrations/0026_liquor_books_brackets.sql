CREATE TABLE "stock_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_invoice_number" CHECK ("suppliers"."invoice_number" is null or "suppliers"."invoice_number" ~ '^T[0-9]{13}$')
);
--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "supplier_invoice_number" text;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "liquor_category" text;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "alcohol_permille" integer;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_supplier_invoice_number" CHECK ("stock_moves"."supplier_invoice_number" is null or "stock_moves"."supplier_invoice_number" ~ '^T[0-9]{13}$');--> statement-breakpoint
-- hand-written (docs/decisions/061): the moves booked so far take their product's 品目 and strength
-- of today; from now on a trigger copies them when a move is booked, so a later edit of the product
-- does not move past entries to another 税率の適用区分.
UPDATE "stock_moves" SET "liquor_category" = "products"."liquor_category", "alcohol_permille" = "products"."alcohol_permille"
FROM "products" WHERE "products"."id" = "stock_moves"."product_id";
--> statement-breakpoint
CREATE FUNCTION "stock_moves_copy_product_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."liquor_category" IS NULL AND NEW."alcohol_permille" IS NULL THEN
    SELECT "liquor_category", "alcohol_permille" INTO NEW."liquor_category", NEW."alcohol_permille"
    FROM "products" WHERE "id" = NEW."product_id";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_moves_copy_product_facts" BEFORE INSERT ON "stock_moves"
FOR EACH ROW EXECUTE FUNCTION "stock_moves_copy_product_facts"();
--> statement-breakpoint
-- The books are kept five years after closing (酒税法施行令 §52): an entry is never changed, and is
-- deleted (also through a product's deletion) only after 31 March of the fifth year after the fiscal
-- year it falls in. The application refuses first with a message; this is the guard behind it.
CREATE FUNCTION "liquor_books_kept_until"("entry_date" date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(extract(year FROM "entry_date")::int + CASE WHEN extract(month FROM "entry_date") >= 4 THEN 6 ELSE 5 END, 3, 31)
$$;
--> statement-breakpoint
CREATE FUNCTION "liquor_books_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "entry_date" date;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'liquor_books_retention: % rows are never changed; book a correction instead', TG_TABLE_NAME
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'liquor_books_retention: % is kept five years after closing', TG_TABLE_NAME
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_TABLE_NAME = 'stock_takes' THEN
    "entry_date" := OLD."taken_on";
  ELSE
    "entry_date" := OLD."moved_on";
  END IF;
  IF (now() AT TIME ZONE 'Asia/Tokyo')::date <= "liquor_books_kept_until"("entry_date") THEN
    RAISE EXCEPTION 'liquor_books_retention: % row % of % is kept until %', TG_TABLE_NAME, OLD."id", "entry_date", "liquor_books_kept_until"("entry_date")
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_moves_kept" BEFORE UPDATE OR DELETE ON "stock_moves"
FOR EACH ROW EXECUTE FUNCTION "liquor_books_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "stock_moves_not_truncated" BEFORE TRUNCATE ON "stock_moves"
FOR EACH STATEMENT EXECUTE FUNCTION "liquor_books_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "stock_takes_kept" BEFORE UPDATE OR DELETE ON "stock_takes"
FOR EACH ROW EXECUTE FUNCTION "liquor_books_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "stock_takes_not_truncated" BEFORE TRUNCATE ON "stock_takes"
FOR EACH STATEMENT EXECUTE FUNCTION "liquor_books_refuse_change"();
