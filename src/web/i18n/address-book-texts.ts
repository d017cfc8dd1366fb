import { providePageTexts } from "./i18n.tsx";
import { addressBookJa } from "./address-book.ja.ts";
import { addressBookEn } from "./address-book.en.ts";

// The texts of address-book pages, out of the dictionary every page loads (the first-page
// JavaScript budget): every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: addressBookJa, en: addressBookEn });
