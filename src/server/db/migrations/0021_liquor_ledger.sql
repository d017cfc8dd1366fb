CREATE TABLE "stock_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"moved_on" date NOT NULL,
	"unit_yen" integer,
	"supplier_name" text,
	"supplier_address" text,
	"reason" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_moves_kind" CHECK ("stock_moves"."kind" in ('opening', 'receiving', 'sale', 'cancellation', 'return', 'breakage', 'tasting', 'correction')),
	CONSTRAINT "stock_moves_unit_yen_nonnegative" CHECK ("stock_moves"."unit_yen" is null or "stock_moves"."unit_yen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_moves_product_idx" ON "stock_moves" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_moves_kind_date_idx" ON "stock_moves" USING btree ("kind","moved_on");--> statement-breakpoint
-- hand-written: the ledger starts from today's stock figures, one opening-balance move per product
-- (docs/decisions/038), dated the day of the migration in Japan, made by the shop itself.
INSERT INTO "stock_moves" ("product_id", "kind", "quantity", "moved_on", "actor_kind", "reason")
SELECT "id", 'opening', "stock", (now() AT TIME ZONE 'Asia/Tokyo')::date, 'system', '台帳開始時の在庫'
FROM "products" ORDER BY "id";
