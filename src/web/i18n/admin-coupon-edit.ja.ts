// Texts of one coupon's edit page (issue 34, decision 095). A file of their own, as admin-lines.ja.ts;
// they travel in the admin chunks only. The fields' labels are the coupon form's (admin.ja.ts).
export const adminCouponEditJa = {
  "couponEdit.title": "クーポンの編集 {code}",
  "couponEdit.back": "← クーポン一覧へ",
  "couponEdit.link": "編集",
  "couponEdit.lead": "保存した内容は、これからのご注文に使われます。すでにご利用いただいたご注文の値引きは変わりません。",
  "couponEdit.notFound": "このクーポンは見つかりません",
  "couponEdit.personal": "会員ID {member} の会員さま専用のクーポンです(誕生日クーポンなど)。",
  "couponEdit.usage": "ご利用状況",
  "couponEdit.uses": "利用数(注文数)",
  "couponEdit.usesOfLimit": "{uses}回 / 上限 {limit}回",
  "couponEdit.usesOnly": "{uses}回",
  "couponEdit.givenBack": "キャンセルで戻った利用",
  "couponEdit.members": "利用した会員",
  "couponEdit.membersCount": "{count}人",
  "couponEdit.discountGiven": "値引き合計(税込)",
  "couponEdit.basics": "コードと名前",
  "couponEdit.discount": "値引きの内容",
  "couponEdit.period": "有効期間(日本時間)",
  "couponEdit.periodHint": "利用開始日の0時から利用終了日の24時まで(日本時間)使えます。",
  "couponEdit.limits": "利用上限",
  "couponEdit.limitHint": "全体の上限は、これまでの利用数より少なくできません。",
  "couponEdit.targets": "対象",
  "couponEdit.settings": "利用の設定",
  "couponEdit.active": "有効(外すと、このコードは使えなくなります)",
  "couponEdit.save": "保存する",
  "couponEdit.saved": "クーポンを保存しました。",
  "couponEdit.refused": "保存できませんでした。赤字の項目をご確認ください。",
  "couponEdit.failed": "保存できませんでした。もう一度お試しください。",
} as const;

export type AdminCouponEditKey = keyof typeof adminCouponEditJa;
export type AdminCouponEditDictionary = Record<AdminCouponEditKey, string>;
