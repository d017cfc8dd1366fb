import type { preorderJa } from "./preorder.ja.ts";

export const preorderEn: Record<keyof typeof preorderJa, string> = {
  "preorder.shipping": "Shipping",
  "preorder.confirmHeading": "Delivery and payment of pre-orders",
  "preorder.confirmLine": "{name} — release date {release}. {ships}.",
  "preorder.separateParcel": "Pre-ordered bottles ship on their release date, in a parcel of their own apart from the other items (at no extra shipping cost).",
  "preorder.paymentAtOrder": "Pre-ordered bottles are charged when you order, too; the charge is not held until the release date.",
  "preorder.paymentAsUsual": "Pre-ordered bottles are paid at the time above, too; they ship on or after the release date.",
  "preorder.orderShipsOn": "Pre-order: ships around {date}",
};
