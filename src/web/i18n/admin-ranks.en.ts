import type { AdminRanksDictionary } from "./admin-ranks.ja.ts";

export const adminRanksEn: AdminRanksDictionary = {
  "ranks.title": "Member ranks",
  "ranks.lead":
    "A member's rank follows their purchases over the last 12 months (Japan time, up to today): the goods of paid or shipped orders, tax included, after coupons and other discounts, without shipping and fees, less what was cancelled or returned.",
  "ranks.rows": "Ranks",
  "ranks.rateNote":
    "A rank's point rate is the rate its members earn at (it is not added to the base point rate). A base point rate of 0 in the points settings stops points, ranks' rates included.",
  "ranks.rowsNote":
    "A rank starts at the purchases over 12 months shown. The first row starts at 0 yen (every member has a rank). Each row below starts higher. Leave rows you do not use blank.",
  "ranks.row": "Rank {n}",
  "ranks.nameJa": "Name (Japanese)",
  "ranks.nameEn": "Name (English)",
  "ranks.threshold": "From (yen)",
  "ranks.pointRate": "Point rate (%)",
  "ranks.save": "Save",
  "ranks.saved": "Member ranks saved. Every member was ranked again by them.",
  "ranks.failed": "Could not save. Please try again.",
  "ranks.current": "Current ranks",
  "ranks.columnName": "Rank",
  "ranks.columnThreshold": "From",
  "ranks.columnRate": "Point rate",
  "ranks.thresholdValue": "{amount} or more",
  "members.rank": "Rank",
  "members.purchases": "Purchases (12 months)",
  "coupons.orders": "Orders",
  "coupons.givenBack": "Cancelled",
  "coupons.members": "Members",
  "coupons.download": "Coupons and their figures as CSV",
};
