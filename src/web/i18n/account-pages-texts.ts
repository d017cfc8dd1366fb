import { providePageTexts } from "./i18n.tsx";
import { accountPagesJa } from "./account-pages.ja.ts";
import { accountPagesEn } from "./account-pages.en.ts";

// The texts of the pages of a member's account: My Page's profile, address, card and account, sign-up, confirmation, password and unlock pages, out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: accountPagesJa, en: accountPagesEn });
