CREATE TABLE "transaction_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"transaction_date" date NOT NULL,
	"amount" integer NOT NULL,
	"counterparty" text NOT NULL,
	"order_ref" text,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_records_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "transaction_records_sha256_of_content" CHECK ("transaction_records"."sha256" = encode(sha256("transaction_records"."content"), 'hex')),
	CONSTRAINT "transaction_records_amount_nonnegative" CHECK ("transaction_records"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "transaction_records_date_idx" ON "transaction_records" USING btree ("transaction_date");--> statement-breakpoint
CREATE INDEX "transaction_records_amount_idx" ON "transaction_records" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "transaction_records_order_idx" ON "transaction_records" USING btree ("order_ref");--> statement-breakpoint
-- 電子帳簿保存法 §7 (decision 062): a kept transaction record is never changed nor removed. The
-- database refuses it whoever asks, the application included; only adding rows is possible.
CREATE FUNCTION "transaction_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'transaction_records is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_records_no_update_or_delete" BEFORE UPDATE OR DELETE ON "transaction_records" FOR EACH ROW EXECUTE FUNCTION "transaction_records_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "transaction_records_no_truncate" BEFORE TRUNCATE ON "transaction_records" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_records_refuse_change"();
