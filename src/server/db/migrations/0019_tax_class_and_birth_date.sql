ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_known" CHECK ("products"."tax_class" in ('standard', 'reduced'));