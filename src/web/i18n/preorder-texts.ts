import { providePageTexts } from "./i18n.tsx";
import { preorderJa } from "./preorder.ja.ts";
import { preorderEn } from "./preorder.en.ts";

// The texts of 予約販売 and sales windows (decision 088), out of the dictionary every page loads:
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: preorderJa, en: preorderEn });
