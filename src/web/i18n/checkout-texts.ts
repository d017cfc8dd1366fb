import { providePageTexts } from "./i18n.tsx";
import { checkoutJa } from "./checkout.ja.ts";
import { checkoutEn } from "./checkout.en.ts";

// The texts of checkout pages, out of the dictionary every page loads (the first-page
// JavaScript budget): every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: checkoutJa, en: checkoutEn });
