import { providePageTexts } from "./i18n.tsx";
import { wishlistPagesJa } from "./wishlist-pages.ja.ts";
import { wishlistPagesEn } from "./wishlist-pages.en.ts";

// The texts of My Page's favourites and restock requests, and the pages the restock mails link to, out of the dictionary every page loads (the first-page JavaScript budget):
// every module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: wishlistPagesJa, en: wishlistPagesEn });
