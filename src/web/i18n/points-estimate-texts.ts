import { providePageTexts } from "./i18n.tsx";
import { pointsEstimateJa } from "./points-estimate.ja.ts";
import { pointsEstimateEn } from "./points-estimate.en.ts";

// 獲得予定ポイント's texts (the cart drawer, the checkout summary), out of the main dictionary: every
// module that uses one imports this file, which adds them as it loads.
providePageTexts({ ja: pointsEstimateJa, en: pointsEstimateEn });
