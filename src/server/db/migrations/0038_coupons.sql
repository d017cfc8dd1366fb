CREATE TABLE "birthday_coupon_issues" (
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_coupon_issues_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "birthday_coupon_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"active" boolean NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"minimum_order" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_coupon_settings_one_row" CHECK ("birthday_coupon_settings"."id" = 1),
	CONSTRAINT "birthday_coupon_settings_value" CHECK ("birthday_coupon_settings"."value" >= 1 and ("birthday_coupon_settings"."kind" <> 'percent' or "birthday_coupon_settings"."value" <= 100)),
	CONSTRAINT "birthday_coupon_settings_days" CHECK ("birthday_coupon_settings"."valid_days" between 1 and 366),
	CONSTRAINT "birthday_coupon_settings_minimum" CHECK ("birthday_coupon_settings"."minimum_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"discount" integer NOT NULL,
	"discount_with_tax" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_back_at" timestamp with time zone,
	CONSTRAINT "coupon_uses_order" UNIQUE("coupon_id","order_id"),
	CONSTRAINT "coupon_uses_discount" CHECK ("coupon_uses"."discount" >= 0 and "coupon_uses"."discount_with_tax" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_ja" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_order" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"total_limit" integer,
	"per_member_limit" integer,
	"target" jsonb NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"member_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_value" CHECK ("coupons"."value" >= 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" between 1 and 100) and ("coupons"."kind" <> 'fixed' or "coupons"."value" >= 1)),
	CONSTRAINT "coupons_minimum_order" CHECK ("coupons"."minimum_order" >= 0),
	CONSTRAINT "coupons_validity" CHECK ("coupons"."valid_from" <= "coupons"."valid_until"),
	CONSTRAINT "coupons_limits" CHECK (("coupons"."total_limit" is null or "coupons"."total_limit" >= 1) and ("coupons"."per_member_limit" is null or "coupons"."per_member_limit" >= 1)),
	CONSTRAINT "coupons_used_count" CHECK ("coupons"."used_count" >= 0 and ("coupons"."total_limit" is null or "coupons"."used_count" <= "coupons"."total_limit")),
	CONSTRAINT "coupons_code" CHECK ("coupons"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday_coupon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "birthday_coupon_issues" ADD CONSTRAINT "birthday_coupon_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birthday_coupon_issues" ADD CONSTRAINT "birthday_coupon_issues_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_staff_id_staff_members_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_member_idx" ON "coupon_uses" USING btree ("coupon_id","user_id");