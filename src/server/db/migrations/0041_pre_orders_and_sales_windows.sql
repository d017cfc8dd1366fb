ALTER TABLE "products" ADD COLUMN "sales_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sales_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_allocation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "preorder_ships_on" date;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ships_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_preorder_allocation_nonnegative" CHECK ("products"."preorder_allocation" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sales_window_order" CHECK ("products"."sales_start" is null or "products"."sales_end" is null or "products"."sales_end" > "products"."sales_start");