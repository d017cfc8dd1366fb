CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "restock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"locale" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_requests_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "restock_requests_status" CHECK ("restock_requests"."status" in ('pending', 'open', 'notified', 'cancelled')),
	CONSTRAINT "restock_requests_closed" CHECK (("restock_requests"."status" in ('notified', 'cancelled')) = ("restock_requests"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_product" ON "favorites" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_waiting_once" ON "restock_requests" USING btree ("email","product_id") WHERE "restock_requests"."status" in ('pending', 'open');--> statement-breakpoint
CREATE INDEX "restock_requests_open_by_product" ON "restock_requests" USING btree ("product_id") WHERE "restock_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "restock_requests_user" ON "restock_requests" USING btree ("user_id");