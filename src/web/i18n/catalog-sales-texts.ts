import { providePageTexts } from "./i18n.tsx";
import { catalogSalesJa } from "./catalog-sales.ja.ts";
import { catalogSalesEn } from "./catalog-sales.en.ts";

// The catalogue's pre-order, sales-window and points texts, out of the dictionary every page loads:
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: catalogSalesJa, en: catalogSalesEn });
