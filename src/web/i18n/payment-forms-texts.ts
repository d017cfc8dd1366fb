import { providePageTexts } from "./i18n.tsx";
import { paymentFormsJa } from "./payment-forms.ja.ts";
import { paymentFormsEn } from "./payment-forms.en.ts";

// Texts of the card forms (checkout, My Page's card, the payment link) and their 3-D Secure step, out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: paymentFormsJa, en: paymentFormsEn });
