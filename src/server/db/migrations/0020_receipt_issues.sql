CREATE TABLE "receipt_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"addressee" text NOT NULL,
	"proviso" text NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_issues_order_number_unique" UNIQUE("order_id","number")
);
--> statement-breakpoint
ALTER TABLE "receipt_issues" ADD CONSTRAINT "receipt_issues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_issues_order_idx" ON "receipt_issues" USING btree ("order_id");