CREATE TABLE "order_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label_ja" text NOT NULL,
	"label_en" text NOT NULL,
	"amount" integer NOT NULL,
	"taxable" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_charges_amount_nonnegative" CHECK ("order_charges"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_charges_order_idx" ON "order_charges" USING btree ("order_id");--> statement-breakpoint
-- hand-written:
-- Every existing order's shipping and payment-method fee become its charge lines, as checkout now
-- writes them (src/domain/order-charges.ts): shipping always (position 0), the fee only when it cost
-- something (position 1), both taxed (spec §9). Only cash on delivery has ever charged a fee; its
-- name is the method's. The next migration drops the two columns.
INSERT INTO "order_charges" ("order_id", "kind", "label_ja", "label_en", "amount", "taxable", "position")
SELECT "id", 'shipping', '送料', 'Shipping', "shipping_fee", true, 0 FROM "orders";--> statement-breakpoint
INSERT INTO "order_charges" ("order_id", "kind", "label_ja", "label_en", "amount", "taxable", "position")
SELECT "id", 'payment_fee',
  CASE WHEN "payment_method" = 'cod' THEN '代引き手数料' ELSE '決済手数料' END,
  CASE WHEN "payment_method" = 'cod' THEN 'Cash on delivery fee' ELSE 'Payment fee' END,
  "payment_method_fee", true, 1
FROM "orders" WHERE "payment_method_fee" > 0;
