// Texts of My Page's lottery entries and a win's page (the product page's panel keeps its own in the dictionary).
export const lotteryPagesJa = {
  "lottery.mine": "抽選販売",
  "lottery.mineLead": "ご応募いただいた抽選販売と、その結果です。",
  "lottery.mineEmpty": "ご応募いただいた抽選販売はありません。",
  "lottery.resultEntered": "抽選待ち",
  "lottery.resultWon": "当選",
  "lottery.resultPurchased": "購入済み",
  "lottery.resultLapsed": "購入期限切れ",
  "lottery.resultLost": "落選",
  "lottery.deadline": "購入期限",
  "lottery.winBottles": "ご購入いただける本数",
  "lottery.buy": "カートに入れて購入手続きへ",
  "lottery.winTitle": "抽選販売のご当選",
  "lottery.winLead": "おめでとうございます。購入期限までに、通常のご注文と同じ手順でご購入ください。",
  "lottery.winClosed": "この当選はご購入いただけません(購入済み、または購入期限を過ぎています)。",
  "lottery.details": "詳しく見る",
} as const;
