CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_state_known" CHECK ("order_payments"."state" in ('pending', 'authorized', 'paid', 'partly_refunded', 'refunded', 'failed', 'cancelled')),
	CONSTRAINT "order_payments_amounts" CHECK ("order_payments"."amount" >= 0 and "order_payments"."refunded_amount" >= 0 and "order_payments"."refunded_amount" <= "order_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "order_shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_lines_item_unique" UNIQUE("shipment_id","order_item_id"),
	CONSTRAINT "order_shipment_lines_quantity_positive" CHECK ("order_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"recipient" jsonb,
	"desired_delivery_date" date,
	"desired_delivery_timezone" text,
	"gift" jsonb,
	"fee" integer DEFAULT 0 NOT NULL,
	"carrier" text,
	"slip_number" text,
	"state" text NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_order_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_shipments_state_known" CHECK ("order_shipments"."state" in ('waiting', 'ready', 'shipped', 'delivered', 'returned')),
	CONSTRAINT "order_shipments_fee_nonnegative" CHECK ("order_shipments"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_intent_idx" ON "order_payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "order_shipment_lines_item_idx" ON "order_shipment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_shipments_state_idx" ON "order_shipments" USING btree ("state");--> statement-breakpoint
-- Every existing order gets one payment and one shipment standing for its status, so that the
-- status derived from them (src/domain/payments-and-shipments.ts, deriveOrderStatus) is the one
-- stored: the same table as statesForStatus. Cash on delivery (the one method that ships unpaid)
-- waits ready to ship; a cancelled order that had been paid was refunded.
INSERT INTO "order_payments" ("order_id", "method", "amount", "refunded_amount", "state", "payment_intent_id", "created_at", "updated_at")
SELECT o."id", o."payment_method", o."price",
	CASE WHEN o."status" = 'cancelled' AND EXISTS (SELECT 1 FROM "order_history" h WHERE h."order_id" = o."id" AND h."to_status" = 'deposited') THEN o."price" ELSE 0 END,
	CASE o."status"
		WHEN 'pending' THEN 'pending'
		WHEN 'await_payment' THEN 'authorized'
		WHEN 'deposited' THEN 'paid'
		WHEN 'sent' THEN 'paid'
		ELSE CASE WHEN EXISTS (SELECT 1 FROM "order_history" h WHERE h."order_id" = o."id" AND h."to_status" = 'deposited') THEN 'refunded' ELSE 'cancelled' END
	END,
	o."payment_intent_id", o."created_at", o."updated_at"
FROM "orders" o;
--> statement-breakpoint
INSERT INTO "order_shipments" ("order_id", "position", "recipient", "desired_delivery_date", "desired_delivery_timezone", "gift", "fee", "carrier", "slip_number", "state", "shipped_at", "created_at", "updated_at")
SELECT o."id", 0, o."recipient", o."desired_delivery_date", o."desired_delivery_timezone", o."gift",
	GREATEST(0, COALESCE((SELECT sum(c."amount") FROM "order_charges" c WHERE c."order_id" = o."id" AND c."kind" = 'shipping'), 0)),
	o."carrier", o."slip_number",
	CASE o."status"
		WHEN 'sent' THEN 'shipped'
		WHEN 'deposited' THEN 'ready'
		WHEN 'await_payment' THEN CASE WHEN o."payment_method" = 'cod' THEN 'ready' ELSE 'waiting' END
		ELSE 'waiting'
	END,
	CASE WHEN o."status" = 'sent' THEN COALESCE((SELECT max(h."at") FROM "order_history" h WHERE h."order_id" = o."id" AND h."to_status" = 'sent'), o."updated_at") END,
	o."created_at", o."updated_at"
FROM "orders" o;
--> statement-breakpoint
INSERT INTO "order_shipment_lines" ("shipment_id", "order_item_id", "quantity")
SELECT s."id", i."id", i."amount"
FROM "order_shipments" s JOIN "order_items" i ON i."order_id" = s."order_id";
