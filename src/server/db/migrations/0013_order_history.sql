CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_history_actor_kind_known" CHECK ("order_history"."actor_kind" in ('staff', 'member', 'guest', 'gateway', 'sweep', 'system'))
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at");
--> statement-breakpoint
-- hand-written:
-- Orders placed before the history: their creation in the first status their payment method gave
-- them (a card waits for its payment, the others for money or shipping), and — when they have moved
-- since — one move to where they are now, at their last change. Both by the shop ("system"), since
-- who did it was not kept.
INSERT INTO "order_history" ("order_id", "from_status", "to_status", "actor_kind", "note", "at")
SELECT "id", NULL, CASE WHEN "payment_method" = 'credit' THEN 'pending' ELSE 'await_payment' END, 'system', NULL, "created_at"
FROM "orders";--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "from_status", "to_status", "actor_kind", "note", "at")
SELECT "id", CASE WHEN "payment_method" = 'credit' THEN 'pending' ELSE 'await_payment' END, "status", 'system', NULL, "updated_at"
FROM "orders"
WHERE "status" <> CASE WHEN "payment_method" = 'credit' THEN 'pending' ELSE 'await_payment' END;
