CREATE TABLE "card_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"session_key" text NOT NULL,
	"address_key" text NOT NULL,
	"card_key" text,
	"failed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_attempts_kind_known" CHECK ("card_attempts"."kind" in ('payment', 'registration'))
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_email" text,
	"staff_role" text,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "staff_audit_log_outcome_known" CHECK ("staff_audit_log"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE INDEX "card_attempts_session_idx" ON "card_attempts" USING btree ("session_key","created_at");--> statement-breakpoint
CREATE INDEX "card_attempts_address_idx" ON "card_attempts" USING btree ("address_key","created_at");--> statement-breakpoint
CREATE INDEX "card_attempts_card_idx" ON "card_attempts" USING btree ("card_key","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_staff_idx" ON "staff_audit_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_action_idx" ON "staff_audit_log" USING btree ("action","at");