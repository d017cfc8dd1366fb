CREATE TABLE "request_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_key" text NOT NULL,
	"actor" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_key_actor_route_unique" UNIQUE("request_key","actor","route")
);
--> statement-breakpoint
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created_at");