CREATE TABLE "order_points" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"used_standing" integer DEFAULT 0 NOT NULL,
	"to_earn" integer DEFAULT 0 NOT NULL,
	"earned_standing" integer DEFAULT 0 NOT NULL,
	"granted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "order_points_figures" CHECK ("order_points"."used" >= 0 and "order_points"."used_standing" between 0 and "order_points"."used" and "order_points"."to_earn" >= 0 and "order_points"."earned_standing" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"expires_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"order_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_ledger_points" CHECK ("point_ledger"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "point_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"base_rate_percent" integer NOT NULL,
	"grant_on" text NOT NULL,
	"expiry_months" integer NOT NULL,
	"on_charges" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_settings_one_row" CHECK ("point_settings"."id" = 1),
	CONSTRAINT "point_settings_rate" CHECK ("point_settings"."base_rate_percent" between 0 and 100),
	CONSTRAINT "point_settings_months" CHECK ("point_settings"."expiry_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "point_rate_percent" integer;--> statement-breakpoint
ALTER TABLE "order_points" ADD CONSTRAINT "order_points_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_points" ADD CONSTRAINT "order_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_points_member_idx" ON "order_points" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "point_ledger_member_idx" ON "point_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_ledger_order_idx" ON "point_ledger" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_point_rate" CHECK ("products"."point_rate_percent" is null or "products"."point_rate_percent" between 0 and 100);