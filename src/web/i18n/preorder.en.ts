import type { preorderJa } from "./preorder.ja.ts";

export const preorderEn: Record<keyof typeof preorderJa, string> = {
  "preorder.badge": "Pre-order",
  "preorder.releaseDate": "Release date",
  "preorder.shipsAround": "Ships around {date}",
  "preorder.beforeSale": "Not on sale yet (from {start})",
  "preorder.ended": "No longer on sale",
  "preorder.salesUntil": "On sale until {end}",
  "preorder.salesPeriod": "On sale",
  "preorder.shipping": "Shipping",
  "preorder.payment": "When you pay",
  "preorder.paymentText":
    "By credit card or PayPay, a pre-order is charged when you order (the charge is not held until the release date). By bank transfer or at a convenience store, pay by the deadline after ordering; cash on delivery is paid when the bottles arrive.",
  "preorder.confirmHeading": "Delivery and payment of pre-orders",
  "preorder.confirmLine": "{name} — release date {release}. {ships}.",
  "preorder.separateParcel": "Pre-ordered bottles ship on their release date, in a parcel of their own apart from the other items (at no extra shipping cost).",
  "preorder.paymentAtOrder": "Pre-ordered bottles are charged when you order, too; the charge is not held until the release date.",
  "preorder.paymentAsUsual": "Pre-ordered bottles are paid at the time above, too; they ship on or after the release date.",
  "preorder.orderShipsOn": "Pre-order: ships around {date}",
};
