import { CatalogFactory } from "./catalog-factory.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The bottles the cart's tests (API and form actions) put in the cart, one for each answer the
 * cart gives: a plain wine, a whisky limited to 3 a customer, the last 2 bottles, a sold-out one.
 */
export async function cartProducts(shop: TestApp): Promise<Record<"plain" | "limited" | "scarce" | "soldOut", number>> {
  const make = new CatalogFactory(shop.database.db);
  return {
    plain: await make.product({ name: { ja: "普通のワイン", en: "Plain wine" }, price: 2000, stock: 50 }),
    limited: await make.product({ name: { ja: "限定ウイスキー", en: "Limited whisky" }, price: 10000, stock: 50, buyableLimit: 3 }),
    scarce: await make.product({ name: { ja: "残りわずか", en: "Last bottles" }, stock: 2 }),
    soldOut: await make.product({ name: { ja: "完売", en: "Sold out" }, stock: 0 }),
  };
}
