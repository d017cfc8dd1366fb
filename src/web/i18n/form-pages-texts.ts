import { providePageTexts } from "./i18n.tsx";
import { formPagesJa } from "./form-pages.ja.ts";
import { formPagesEn } from "./form-pages.en.ts";

// The texts of the mail magazine's and the contact form's pages, out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: formPagesJa, en: formPagesEn });
