CREATE TABLE "lotteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"bottles" integer NOT NULL,
	"per_member" integer NOT NULL,
	"entry_starts_at" timestamp with time zone NOT NULL,
	"entry_ends_at" timestamp with time zone NOT NULL,
	"claim_days" integer NOT NULL,
	"seed" text,
	"drawn_at" timestamp with time zone,
	"drawn_by_staff_id" integer,
	"finished_at" timestamp with time zone,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotteries_bottles_positive" CHECK ("lotteries"."bottles" > 0),
	CONSTRAINT "lotteries_per_member_positive" CHECK ("lotteries"."per_member" > 0),
	CONSTRAINT "lotteries_claim_days_positive" CHECK ("lotteries"."claim_days" > 0),
	CONSTRAINT "lotteries_period" CHECK ("lotteries"."entry_ends_at" > "lotteries"."entry_starts_at"),
	CONSTRAINT "lotteries_drawn_with_seed" CHECK (("lotteries"."drawn_at" is null) = ("lotteries"."seed" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lottery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"locale" text NOT NULL,
	"result" text DEFAULT 'entered' NOT NULL,
	"draw_rank" integer,
	"draw_key" text,
	"bottles" integer,
	"offered_at" timestamp with time zone,
	"claim_deadline" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_entries_one_per_member" UNIQUE("lottery_id","user_id"),
	CONSTRAINT "lottery_entries_result" CHECK ("lottery_entries"."result" in ('entered', 'won', 'purchased', 'lapsed', 'lost')),
	CONSTRAINT "lottery_entries_won_has_deadline" CHECK ("lottery_entries"."result" <> 'won' or ("lottery_entries"."bottles" > 0 and "lottery_entries"."claim_deadline" is not null))
);
--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_drawn_by_staff_id_staff_members_id_fk" FOREIGN KEY ("drawn_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_created_by_staff_id_staff_members_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lotteries_product_idx" ON "lotteries" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "lottery_entries_user_idx" ON "lottery_entries" USING btree ("user_id");