import type { catalogSalesJa } from "./catalog-sales.ja.ts";

export const catalogSalesEn: Record<keyof typeof catalogSalesJa, string> = {
  "preorder.badge": "Pre-order",
  "preorder.beforeSale": "Not on sale yet (from {start})",
  "preorder.ended": "No longer on sale",
  "preorder.payment": "When you pay",
  "preorder.paymentText":
    "By credit card or PayPay, a pre-order is charged when you order (the charge is not held until the release date). By bank transfer or at a convenience store, pay by the deadline after ordering; cash on delivery is paid when the bottles arrive.",
  "preorder.releaseDate": "Release date",
  "preorder.salesPeriod": "On sale",
  "preorder.salesUntil": "On sale until {end}",
  "preorder.shipsAround": "Ships around {date}",
  "points.earn": "Earn {points} points",
  "points.earnMembers": "Members earn {points} points",
};
