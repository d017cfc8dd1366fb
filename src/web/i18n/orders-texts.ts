import { providePageTexts } from "./i18n.tsx";
import { ordersJa } from "./orders.ja.ts";
import { ordersEn } from "./orders.en.ts";

// The texts of orders pages, out of the dictionary every page loads (the first-page
// JavaScript budget): every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: ordersJa, en: ordersEn });
