CREATE TABLE "member_ranks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"purchases" integer NOT NULL,
	"rank_position" integer,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ranks_purchases" CHECK ("member_ranks"."purchases" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rank_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name_ja" text NOT NULL,
	"name_en" text NOT NULL,
	"threshold" integer NOT NULL,
	"point_rate_percent" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rank_definitions_position" UNIQUE("position"),
	CONSTRAINT "rank_definitions_position_positive" CHECK ("rank_definitions"."position" >= 1),
	CONSTRAINT "rank_definitions_threshold" CHECK ("rank_definitions"."threshold" >= 0),
	CONSTRAINT "rank_definitions_point_rate" CHECK ("rank_definitions"."point_rate_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "member_ranks" ADD CONSTRAINT "member_ranks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;