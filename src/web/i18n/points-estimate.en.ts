import type { pointsEstimateJa } from "./points-estimate.ja.ts";

export const pointsEstimateEn: Record<keyof typeof pointsEstimateJa, string> = {
  "pointsEstimate.label": "Points to earn",
  "pointsEstimate.value": "{points} pt",
  "pointsEstimate.guest": "Sign up or sign in before you order to earn points",
  "pointsEstimate.member": "Points are granted {when}",
  "pointsEstimate.whenOrdered": "when your order is confirmed",
  "pointsEstimate.whenPaymentArrives": "once your payment is received",
  "pointsEstimate.whenShipped": "once the order is shipped",
  "pointsEstimate.whenPaid": "once payment is confirmed",
};
