import { providePageTexts } from "./i18n.tsx";
import { destinationsPagesJa } from "./destinations-pages.ja.ts";
import { destinationsPagesEn } from "./destinations-pages.en.ts";

// The texts of the checkout's several-destinations mode, out of the dictionary every page loads:
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: destinationsPagesJa, en: destinationsPagesEn });
