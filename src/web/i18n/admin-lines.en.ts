import type { AdminLinesDictionary } from "./admin-lines.ja.ts";

export const adminLinesEn: AdminLinesDictionary = {
  "lines.title": "Cancel part of order {number}",
  "lines.link": "Cancel part of the order (lower a quantity, remove an item)",
  "lines.linkHint":
    "Lower or remove items of an order not yet shipped. Card and PayPay are refunded the difference, a bank transfer records the amount to give back, cash on delivery collects the new amount.",
  "lines.back": "← Order details",
  "lines.lead":
    "Lower a quantity or remove an item of an order not yet shipped. Shipping, fees and tax are worked out again as at checkout, and the customer is mailed.",
  "lines.warning": "The button takes effect at once. An order paid by card or PayPay is refunded the difference immediately.",
  "lines.notChangeable":
    "Part of this order cannot be cancelled (it is ready to ship, cancelled, its payment is under way, or it is a convenience-store payment not yet made).",
  "lines.product": "Item",
  "lines.unitPrice": "Unit price (excl. tax)",
  "lines.current": "Quantity now",
  "lines.quantity": "New quantity",
  "lines.lower": "Lower to this quantity",
  "lines.remove": "Remove this item",
  "lines.lastLine": "The last item cannot be removed. To cancel the whole order, use Cancel on the order's page.",
  "lines.total": "Order total (incl. tax)",
  "lines.done": "Part of the order was cancelled. The new order total is {total}.",
  "lines.refunded": "Refunded: {amount} (to the card or PayPay used)",
  "lines.owed": "To give back: {amount} (return it to the customer by bank transfer or the like)",
  "lines.newAmount": "The amount to pay is now {total}.",
  "lines.owedTotal": "Given back on this order so far: {amount}",
  "lines.failed": "Part of the order could not be cancelled. Please try again in a moment.",
  "lines.notFound": "This order was not found.",
};
