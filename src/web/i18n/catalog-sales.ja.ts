// Texts the catalogue's tiles and product page show of pre-orders and sales windows (decision 088) and points (decision 089),
// apart from those bundles' other texts (the first-page JavaScript budget).
export const catalogSalesJa = {
  "preorder.badge": "予約商品",
  "preorder.beforeSale": "販売開始前（{start}から）",
  "preorder.ended": "販売終了",
  "preorder.payment": "お支払い時期",
  "preorder.paymentText":
    "クレジットカード・PayPayは、予約商品もご注文時に決済いたします（発売日まで決済を保留しません）。銀行振込・コンビニ払いはご注文後の期限までに、代金引換は商品のお届け時にお支払いください。",
  "preorder.releaseDate": "発売日",
  "preorder.salesPeriod": "販売期間",
  "preorder.salesUntil": "{end}まで販売",
  "preorder.shipsAround": "{date}頃発送",
  "points.earn": "{points}ポイント獲得",
  "points.earnMembers": "会員さまは{points}ポイント獲得",
} as const;
