import { providePageTexts } from "./i18n.tsx";
import { pointsPagesJa } from "./points-pages.ja.ts";
import { pointsPagesEn } from "./points-pages.en.ts";

// The texts of points (My Page's points page, the checkout's field, the product page's line), out of
// the dictionary every page loads: every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: pointsPagesJa, en: pointsPagesEn });
