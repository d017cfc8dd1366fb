ALTER TABLE "orders" ADD COLUMN "entered_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entry_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staff_memo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_kana" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entry_channel_known" CHECK ("orders"."entry_channel" is null or "orders"."entry_channel" in ('phone', 'fax', 'shop'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entered_by_staff_with_channel" CHECK (("orders"."entered_by_staff_id" is null) = ("orders"."entry_channel" is null));