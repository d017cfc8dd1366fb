import type { lotteryPagesJa } from "./lottery-pages.ja.ts";

export const lotteryPagesEn: Record<keyof typeof lotteryPagesJa, string> = {
  "lottery.mine": "Lotteries",
  "lottery.mineLead": "The lotteries you entered and their results.",
  "lottery.mineEmpty": "You have not entered any lottery.",
  "lottery.resultEntered": "Awaiting the draw",
  "lottery.resultWon": "Won",
  "lottery.resultPurchased": "Bought",
  "lottery.resultLapsed": "Time to buy passed",
  "lottery.resultLost": "Not selected",
  "lottery.deadline": "Buy by",
  "lottery.winBottles": "Bottles you may buy",
  "lottery.buy": "Add to cart and check out",
  "lottery.winTitle": "You won the lottery",
  "lottery.winLead": "Congratulations. Please order before the deadline, as you would any order.",
  "lottery.winClosed": "This win can no longer be bought (already bought, or the time to buy has passed).",
  "lottery.details": "Details",
};
