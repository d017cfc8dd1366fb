import type { legalNoticeJa } from "./legal-notice.ja.ts";

export const legalNoticeEn: Record<keyof typeof legalNoticeJa, string> = {
  "legalNotice.title": "Legal Notice under the Act on Specified Commercial Transactions",
  "legalNotice.description":
    "Legal notice of {shop} under the Act on Specified Commercial Transactions: seller, address, shipping and fees, payment methods, delivery times, returns and exchanges.",
  "legalNotice.seller": "Seller",
  "legalNotice.address": "Address",
  "legalNotice.phone": "Telephone",
  "legalNotice.contactHours": "Inquiry hours",
  "legalNotice.email": "Email",
  "legalNotice.operationsManager": "Head of operations",
  "legalNotice.extraCharges": "Charges other than the product price",
  "legalNotice.shippingFee": "Shipping (per box, excl. tax): {zones}",
  "legalNotice.shippingFlat": "{amount} anywhere in Japan",
  "legalNotice.shippingZone": "{prefectures} {amount}",
  "legalNotice.shippingRest": "elsewhere in Japan {amount}",
  "legalNotice.shippingBox": "A box holds up to {bottles} bottles of 750 ml (a 1.8 l bottle counts as two); shipping is charged per box.",
  "legalNotice.coolShippingFee": "Refrigerated shipping: {amount} (excl. tax) added per box (orders with refrigerated products)",
  "legalNotice.freeShipping": "Free shipping on orders of {amount} (incl. tax) or more in products",
  // Several destinations in one order (decision 087).
  "legalNotice.destinationsShipping":
    "An order sent to several addresses is charged shipping per address; free shipping, too, is judged on the products (incl. tax) sent to each address.",
  "legalNotice.taxNote": "Consumption tax is charged on the items, shipping and fee together.",
  "legalNotice.returns": "Returns and exchanges",
  "legalNotice.delivery": "Delivery time",
  "legalNotice.shippingDays": "Days from shipping to delivery: {transit}.",
  "legalNotice.transitDays": "{days} day(s)",
  "legalNotice.payment": "Payment methods",
  "legalNotice.paymentDeadline": "Payment deadline",
  "legalNotice.liquorHeading": "Sale of alcohol",
  "legalNotice.ageNotice": "Drinking by persons under 20 is prohibited by law in Japan. We do not sell alcohol to persons under 20.",
  "legalNotice.licence": "Liquor licence: {type}, licence no. {number} ({office})",
};
