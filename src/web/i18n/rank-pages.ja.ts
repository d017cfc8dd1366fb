// Texts of My Page's member rank section (issue 34 item 3, decision 090).
export const rankPagesJa = {
  "myRank.title": "会員ランク",
  "myRank.current": "現在のランク",
  "myRank.pointRate": "ポイント還元率 {rate}%",
  "myRank.purchases": "過去12か月のお買い物金額",
  "myRank.since": "{date}から今日までのご注文（入金済み・発送済み、税込・送料等を除く）",
  "myRank.toNext": "あと{amount}のお買い物で{rank}",
  "myRank.top": "最上位のランクです。いつもありがとうございます。",
  "myRank.none": "ランクはまだありません。",
  "myRank.table": "ランクと条件",
  "myRank.columnRank": "ランク",
  "myRank.columnThreshold": "過去12か月のお買い物",
  "myRank.columnRate": "ポイント還元率",
  "myRank.thresholdValue": "{amount}以上",
  "myRank.note": "ランクはご入金・キャンセル・返品のたびに見直し、毎日、12か月を過ぎたご注文を外して計算し直します。",
  "myRank.failed": "会員ランクを読み込めませんでした。時間をおいてもう一度お試しください。",
} as const;
