import { providePageTexts } from "./i18n.tsx";
import { memberFormsJa } from "./member-forms.ja.ts";
import { memberFormsEn } from "./member-forms.en.ts";

// The member forms' texts, out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: memberFormsJa, en: memberFormsEn });
