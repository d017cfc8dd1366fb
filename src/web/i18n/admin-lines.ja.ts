// Texts of the partial cancellation page (issue 32 item 5, decision 078). A file of their own, as
// admin-bulk.ja.ts; they travel in the admin chunks only.
export const adminLinesJa = {
  "lines.title": "注文 {number} の一部キャンセル",
  "lines.link": "一部キャンセル(数量の変更・商品の取り消し)",
  "lines.linkHint":
    "発送前の注文の商品を減らしたり取り消したりします。カード・PayPayは差額を返金し、銀行振込はご返金額を記録し、代金引換は集金額を変更します。",
  "lines.back": "← 注文の詳細へ",
  "lines.lead": "発送前のご注文の数量を減らすか、商品を取り消します。送料・手数料・消費税はご注文時と同じ計算で計算し直し、お客様にメールでお知らせします。",
  "lines.warning": "ボタンを押すとすぐに確定します。カード・PayPayでお支払い済みの場合は、差額をその場で返金します。",
  "lines.notChangeable": "この注文は一部キャンセルできません(発送の準備済み・キャンセル済み・お支払い手続き中、またはコンビニ払いの入金前です)。",
  "lines.product": "商品",
  "lines.unitPrice": "単価(税抜)",
  "lines.current": "現在の数量",
  "lines.quantity": "変更後の数量",
  "lines.lower": "この数量に減らす",
  "lines.remove": "この商品を取り消す",
  "lines.lastLine": "最後の商品は取り消せません。注文全体を取り消す場合は注文の詳細の「キャンセル」を使ってください。",
  "lines.total": "ご注文金額(税込)",
  "lines.done": "一部キャンセルしました。変更後のご注文金額は {total} です。",
  "lines.refunded": "返金額: {amount}(お支払いに使われたカード・PayPayへ返金しました)",
  "lines.owed": "ご返金額: {amount}(お客様へのお振込などで返金してください)",
  "lines.newAmount": "お支払い金額を {total} に変更しました。",
  "lines.owedTotal": "この注文のご返金額(累計): {amount}",
  "lines.failed": "一部キャンセルできませんでした。しばらくしてからもう一度お試しください。",
  "lines.notFound": "この注文は見つかりません。",
} as const;

export type AdminLinesKey = keyof typeof adminLinesJa;
export type AdminLinesDictionary = Record<AdminLinesKey, string>;
