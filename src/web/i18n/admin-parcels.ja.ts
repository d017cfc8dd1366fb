// Texts of each parcel's block on the order page and of its own page (issue 33, decision 097). A file
// of their own, as admin-lines.ja.ts; they travel in the admin chunks only.
export const adminParcelsJa = {
  "parcels.title": "注文 {number} の{n}個口目",
  "parcels.of": "全{count}個口",
  "parcels.back": "← 注文の詳細へ",
  "parcels.open": "この荷物のページを開く",
  "parcels.notFound": "この荷物は見つかりません。注文番号と個口の番号をお確かめください。",
  "parcels.destination": "お届け先",
  "parcels.bottles": "内容",
  "parcels.state": "状態",
  "parcels.slip": "配送伝票番号",
  "parcels.carrier": "配送業者",
  "parcels.none": "—",
  "parcels.shipTitle": "この荷物を発送する",
  "parcels.shipLead": "配送業者と伝票番号を入力して発送済みにします。お客様にこのお届け先の発送のお知らせメールが届きます。",
  "parcels.correctTitle": "送り状番号を訂正する",
  "parcels.correctLead": "この荷物の送り状番号・配送業者が誤っていたときに直します。訂正の記録は対応履歴に残ります。",
  "parcels.correctSubmit": "この荷物の送り状番号を訂正する",
  "parcels.notYet": "この荷物はまだ発送できません(ご入金待ち、予約商品の発売前、または注文の状態によるものです)。",
  "parcels.shipped": "{n}個口目を発送済みにしました(伝票番号 {slip})。お客様にメールでお知らせします。",
  "parcels.corrected": "{n}個口目の送り状番号を {slip} に訂正しました。お客様へのメールは送っていません。",
  "parcels.correctedMailed": "{n}個口目の送り状番号を {slip} に訂正しました。お客様にメールでお知らせします。",
  "parcels.failed": "処理できませんでした。時間をおいてもう一度お試しください。",
} as const;

export type AdminParcelsKey = keyof typeof adminParcelsJa;
export type AdminParcelsDictionary = Record<AdminParcelsKey, string>;
