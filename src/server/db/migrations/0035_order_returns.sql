CREATE TABLE "order_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_item_unique" UNIQUE("return_id","order_item_id"),
	CONSTRAINT "order_return_lines_quantity_positive" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"broken" boolean NOT NULL,
	"remedy" text NOT NULL,
	"refund_shipping" boolean NOT NULL,
	"refund_amount" integer NOT NULL,
	"refund_route" text NOT NULL,
	"refund_state" text NOT NULL,
	"gateway_refund_id" text,
	"amounts" jsonb NOT NULL,
	"returned_on" date NOT NULL,
	"staff_id" integer,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_number_unique" UNIQUE("order_id","number"),
	CONSTRAINT "order_returns_number_positive" CHECK ("order_returns"."number" > 0),
	CONSTRAINT "order_returns_reason_known" CHECK ("order_returns"."reason" in ('defective', 'damaged_in_transit', 'wrong_item', 'other')),
	CONSTRAINT "order_returns_remedy_known" CHECK ("order_returns"."remedy" in ('refund', 'replacement')),
	CONSTRAINT "order_returns_refund_route_known" CHECK ("order_returns"."refund_route" in ('gateway', 'transfer', 'none')),
	CONSTRAINT "order_returns_refund_state_known" CHECK ("order_returns"."refund_state" in ('done', 'due', 'none')),
	CONSTRAINT "order_returns_refund_amount_nonnegative" CHECK ("order_returns"."refund_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_item_idx" ON "order_return_lines" USING btree ("order_item_id");