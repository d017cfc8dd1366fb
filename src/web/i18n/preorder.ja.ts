// Texts of 予約販売 and sales windows (decision 088): the product page and grid, the checkout's final
// confirmation, My Page's orders. Provided by preorder-texts.ts, which each module using them imports.
export const preorderJa = {
  "preorder.shipping": "発送時期",
  "preorder.confirmHeading": "予約商品のお届けとお支払い",
  "preorder.confirmLine": "{name}：発売日 {release}、{ships}",
  "preorder.separateParcel": "予約商品は発売日に合わせて、ほかの商品とは別便でお送りします（追加の送料はかかりません）。",
  "preorder.paymentAtOrder": "予約商品の代金も、ご注文時に決済いたします。発売日まで決済を保留することはありません。",
  "preorder.paymentAsUsual": "予約商品のお支払いも、上記の時期のとおりです。発送は発売日以降になります。",
  "preorder.orderShipsOn": "予約商品：{date}頃発送",
} as const;
