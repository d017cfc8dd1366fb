import type { pointsEstimateJa } from "./points-estimate.ja.ts";

export const pointsEstimateEn: Record<keyof typeof pointsEstimateJa, string> = {
  "pointsEstimate.label": "Points to earn",
  "pointsEstimate.value": "{points} pt",
  "pointsEstimate.guest": "Sign up or sign in before you order to earn points",
  "pointsEstimate.member": "Points are granted {when}",
  "pointsEstimate.whenPaid": "once payment is confirmed",
  "pointsEstimate.whenShipped": "once the order is shipped",
};
