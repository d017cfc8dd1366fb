import { providePageTexts } from "./i18n.tsx";
import { rankPagesJa } from "./rank-pages.ja.ts";
import { rankPagesEn } from "./rank-pages.en.ts";

// The texts of My Page's member rank section, out of the dictionary every page loads (the first-page
// JavaScript budget): every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: rankPagesJa, en: rankPagesEn });
