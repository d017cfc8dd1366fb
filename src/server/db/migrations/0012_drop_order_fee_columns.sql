ALTER TABLE "orders" DROP CONSTRAINT "orders_money_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_fee";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_method_fee";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."items_total" >= 0 and "orders"."tax_total" >= 0 and "orders"."price" >= 0);