-- Liquor is never at the reduced rate (decision 050). A row a race left so (issue 28) is put back to
-- the standard rate first, as the law taxes it, so the constraint can be added on a live shop.
UPDATE "products" SET "tax_class" = 'standard', "updated_at" = now() WHERE "tax_class" <> 'standard' AND ("liquor_type" IS NOT NULL OR "liquor_category" IS NOT NULL OR coalesce("alcohol_permille", 0) >= 10);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_liquor_standard_rate" CHECK ("products"."tax_class" = 'standard' or ("products"."liquor_type" is null and "products"."liquor_category" is null and coalesce("products"."alcohol_permille", 0) < 10));
