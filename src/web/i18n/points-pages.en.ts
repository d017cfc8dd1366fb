import type { pointsPagesJa } from "./points-pages.ja.ts";

export const pointsPagesEn: Record<keyof typeof pointsPagesJa, string> = {
  "points.title": "Points",
  "points.balance": "Your points",
  "points.balanceValue": "{points} points",
  "points.expiresOn": "Valid until {date}",
  "points.noExpiry": "No expiry",
  "points.expiryNote": "All your points expire {months} months after the last day you earned points.",
  "points.pending": "To be granted: {points} points (once payment or shipping is confirmed)",
  "points.rateNote": "Every purchase earns {rate}% of the goods (tax included, after discounts) in points. One point is worth ¥1.",
  "points.history": "Points history",
  "points.historyEmpty": "No points history yet.",
  "points.date": "Date",
  "points.what": "Details",
  "points.change": "Points",
  "points.order": "Order {id}",
  "points.use": "Use points",
  "points.useHint": "You have {points} points (1 point = ¥1, whole points)",
  "points.useAll": "Use all",
  "points.useNone": "Use none",
  "points.earnEstimate": "This order earns {points} points",
};
