import { providePageTexts } from "./i18n.tsx";
import { lotteryPagesJa } from "./lottery-pages.ja.ts";
import { lotteryPagesEn } from "./lottery-pages.en.ts";

// Texts of My Page's lottery entries and a win's page (the product page's panel keeps its own in the dictionary), out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: lotteryPagesJa, en: lotteryPagesEn });
