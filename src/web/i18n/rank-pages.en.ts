import type { rankPagesJa } from "./rank-pages.ja.ts";

export const rankPagesEn: Record<keyof typeof rankPagesJa, string> = {
  "myRank.title": "Member rank",
  "myRank.current": "Your rank",
  "myRank.pointRate": "Earns {rate}% in points",
  "myRank.purchases": "Your purchases over the last 12 months",
  "myRank.since": "Orders from {date} to today (paid or shipped, tax included, without shipping and fees)",
  "myRank.toNext": "{amount} more to reach {rank}",
  "myRank.top": "You have reached our top rank. Thank you for shopping with us.",
  "myRank.none": "You have no rank yet.",
  "myRank.table": "Ranks and what they need",
  "myRank.columnRank": "Rank",
  "myRank.columnThreshold": "Purchases over 12 months",
  "myRank.columnRate": "Points",
  "myRank.thresholdValue": "{amount} or more",
  "myRank.note": "Your rank is checked again whenever an order is paid, cancelled or returned, and every day as orders older than 12 months drop out.",
  "myRank.failed": "Your rank could not be loaded. Please try again later.",
};
