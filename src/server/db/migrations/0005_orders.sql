CREATE TABLE "checkout_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" integer,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_requests_owner_key_unique" UNIQUE("owner_key","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"name_ja" text NOT NULL,
	"name_en" text NOT NULL,
	"unit_price" integer NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"amount" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_items_amount_positive" CHECK ("order_items"."amount" > 0),
	CONSTRAINT "order_items_unit_price_nonnegative" CHECK ("order_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"zip" text NOT NULL,
	"prefecture" smallint,
	"address" text NOT NULL,
	"building_name" text DEFAULT '' NOT NULL,
	"desired_delivery_date" date,
	"desired_delivery_timezone" text,
	"memo" text DEFAULT '' NOT NULL,
	"items_total" integer NOT NULL,
	"shipping_fee" integer NOT NULL,
	"payment_method_fee" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"price" integer NOT NULL,
	"tax_rate_percent" integer NOT NULL,
	"slip_number" text,
	"payment_intent_id" text,
	"charge_started_at" timestamp with time zone,
	"locale" text NOT NULL,
	"reserved_until" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending', 'await_payment', 'deposited', 'sent', 'cancelled')),
	CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('bank', 'cod', 'credit')),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."items_total" >= 0 and "orders"."shipping_fee" >= 0 and "orders"."payment_method_fee" >= 0 and "orders"."tax_total" >= 0 and "orders"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_requests_created_idx" ON "checkout_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_history_idx" ON "orders" USING btree ("user_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "orders_status_reserved_idx" ON "orders" USING btree ("status","reserved_until");