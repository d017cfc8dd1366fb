ALTER TABLE "products" ADD COLUMN "volume_ml" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "alcohol_permille" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mail_order_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_volume_positive" CHECK ("products"."volume_ml" is null or "products"."volume_ml" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_alcohol_range" CHECK ("products"."alcohol_permille" is null or ("products"."alcohol_permille" >= 0 and "products"."alcohol_permille" <= 1000));