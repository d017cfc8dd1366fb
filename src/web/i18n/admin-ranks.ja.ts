// Texts of the back office's member ranks page, the rank column of the member list and the coupon
// list's usage figures (issue 34 items 3 and 4, decision 090). A file of their own, as
// admin-lottery.ja.ts; they travel in the admin chunks only.
export const adminRanksJa = {
  "ranks.title": "会員ランク",
  "ranks.lead":
    "過去12か月（日本時間、今日まで）のお買い物金額でランクが決まります。お買い物金額は、入金済み・発送済みのご注文の商品代金（税込、クーポン等の値引き後、送料・手数料を除く）で、キャンセル・返品の分は差し引きます。",
  "ranks.rows": "ランクの設定",
  "ranks.rowsNote":
    "条件は過去12か月のお買い物金額です。1行目の条件は0円にしてください（全会員がいずれかのランクになります）。条件は下の行ほど大きくします。使わない行は空欄のままにします。",
  "ranks.row": "ランク{n}",
  "ranks.nameJa": "名前（日本語）",
  "ranks.nameEn": "名前（英語）",
  "ranks.threshold": "条件（円以上）",
  "ranks.pointRate": "ポイント率（%）",
  "ranks.rateNote":
    "ランクのポイント率が、そのランクの会員の還元率です（基本ポイント還元率への上乗せではありません）。ポイント設定の基本ポイント還元率を0にすると、ランクの率も使われずポイントの付与が止まります。",
  "ranks.save": "保存する",
  "ranks.saved": "会員ランクを保存しました。会員のランクを新しい条件で付け直しました。",
  "ranks.failed": "保存できませんでした。もう一度お試しください。",
  "ranks.current": "現在のランク",
  "ranks.columnName": "ランク",
  "ranks.columnThreshold": "条件",
  "ranks.columnRate": "ポイント率",
  "ranks.thresholdValue": "{amount}以上",
  "members.rank": "ランク",
  "members.purchases": "12か月のお買い物",
  "coupons.orders": "注文数",
  "coupons.givenBack": "取消",
  "coupons.members": "利用会員",
  "coupons.download": "クーポン一覧と利用実績のCSV",
} as const;

export type AdminRanksKey = keyof typeof adminRanksJa;
export type AdminRanksDictionary = Record<AdminRanksKey, string>;
