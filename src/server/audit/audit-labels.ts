import type { Locale } from "../../domain/locale.ts";

/**
 * What the owner reads for each action code of the audit log (audit-actions.ts, and the sign-in
 * steps the hook names itself), in both languages. audit-log.test.ts fails on an action without one;
 * an old entry whose code has no label is shown as its code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, { ja: string; en: string }>> = {
  "staff.sign_in": { ja: "ログイン", en: "Sign-in" },
  "staff.sign_in_password": { ja: "ログイン(パスワード確認済み・二段階認証へ)", en: "Sign-in: password passed, second step next" },
  "staff.sign_in_code": { ja: "ログイン(確認コード)", en: "Sign-in: verification code" },
  "staff.sign_out": { ja: "ログアウト", en: "Sign-out" },
  "staff.two_factor_setup": { ja: "二段階認証の鍵を表示", en: "Two-step key shown" },
  "staff.two_factor_enable": { ja: "二段階認証を有効化", en: "Two-step verification turned on" },
  "staff.two_factor_reset": { ja: "二段階認証をリセット", en: "Two-step verification reset" },
  "staff.create": { ja: "スタッフを追加", en: "Staff member added" },
  "staff.remove": { ja: "スタッフを削除", en: "Staff member removed" },
  "settings.security_update": { ja: "アクセス制限を変更", en: "Access rules changed" },
  "settings.update": { ja: "ショップ設定を変更", en: "Shop settings changed" },
  "order.staff_create": { ja: "注文を入力(電話・FAX・店頭)", en: "Order entered (phone, FAX, in the shop)" },
  "order.deposit": { ja: "入金を確認", en: "Payment confirmed" },
  "order.ship": { ja: "発送済みにした", en: "Marked as shipped" },
  "order.ship_parcel": { ja: "配送便を発送済みにした", en: "Marked a parcel as shipped" },
  "order.slip_correct": { ja: "送り状番号を訂正", en: "Slip number corrected" },
  "order.parcel_slip_correct": { ja: "配送便の送り状番号を訂正", en: "A parcel's slip number corrected" },
  "order.adjust": { ja: "値引き・金額訂正を追加", en: "Discount or correction added" },
  "coupon.create": { ja: "クーポンを作成", en: "Coupon created" },
  "coupon.update": { ja: "クーポンを編集", en: "Coupon edited" },
  "coupon.birthday_update": { ja: "誕生日クーポンの設定を変更", en: "Birthday coupon changed" },
  "rank.update": { ja: "会員ランクの設定を変更", en: "Member ranks changed" },
  "points.settings_update": { ja: "ポイント設定を変更", en: "Point settings changed" },
  "points.adjust": { ja: "会員のポイントを付与・減算", en: "Member's points granted or removed" },
  "order.deferred_paid": { ja: "後払いの入金を確認", en: "Pay-later invoice marked paid" },
  "order.payment_link": { ja: "カード決済のリンクを送信", en: "Card payment link sent" },
  "order.partial_cancel": { ja: "一部キャンセル", en: "Part of the order cancelled" },
  "order.return": { ja: "返品を記録", en: "Return recorded" },
  "order.return_refunded": { ja: "返品の返金(振込)を記録", en: "Return's bank refund marked transferred" },
  "order.bulk_move": { ja: "注文の一括操作", en: "Orders moved in bulk" },
  "order.cancel_and_refund": { ja: "キャンセル・返金", en: "Cancelled and refunded" },
  "order.receipt_issue": { ja: "領収書を発行", en: "Receipt issued" },
  "order.delivery_change": { ja: "お届け日時を変更", en: "Delivery date and time changed" },
  "order.recipient_change": { ja: "お届け先を変更", en: "Delivery address changed" },
  "order.gift_change": { ja: "ギフト設定を変更", en: "Gift options changed" },
  "shipments.issued_data_preview": { ja: "送り状番号ファイルを確認", en: "Issued-data file checked" },
  "shipments.issued_data_ship": { ja: "送り状番号ファイルを取り込み", en: "Issued-data file imported" },
  "upload.create": { ja: "画像のアップロードを開始", en: "Image upload started" },
  "upload.store": { ja: "画像をアップロード", en: "Image uploaded" },
  "product.create": { ja: "商品を追加", en: "Product added" },
  "product.update": { ja: "商品を変更", en: "Product changed" },
  "product.image_add": { ja: "商品画像を追加", en: "Product image added" },
  "product.images_update": { ja: "商品画像を並べ替え・削除", en: "Product images changed" },
  "exhibit.create": { ja: "特集を追加", en: "Feature added" },
  "exhibit.update": { ja: "特集を変更", en: "Feature changed" },
  "exhibit.delete": { ja: "特集を削除", en: "Feature deleted" },
  "exhibit.image_add": { ja: "特集の画像を追加", en: "Feature image added" },
  "exhibit.images_update": { ja: "特集の画像を変更", en: "Feature images changed" },
  "series.create": { ja: "シリーズを追加", en: "Series added" },
  "series.update": { ja: "シリーズを変更", en: "Series changed" },
  "series.delete": { ja: "シリーズを削除", en: "Series deleted" },
  "liquor_type.create": { ja: "酒類の品目を追加", en: "Liquor type added" },
  "liquor_type.update": { ja: "酒類の品目を変更", en: "Liquor type changed" },
  "liquor_type.delete": { ja: "酒類の品目を削除", en: "Liquor type deleted" },
  "stock.restock": { ja: "在庫を補充", en: "Restocked" },
  "stock.receiving": { ja: "仕入を記帳", en: "Receiving booked" },
  "stock.adjustment": { ja: "在庫を調整(破損など)", en: "Stock adjusted" },
  "supplier.create": { ja: "仕入先を追加", en: "Supplier added" },
  "supplier.update": { ja: "仕入先を変更", en: "Supplier changed" },
  "supplier.delete": { ja: "仕入先を削除", en: "Supplier deleted" },
  "ledger.stock_take": { ja: "棚卸を記帳", en: "Stock-take booked" },
  "ledger.stock_take_delete": { ja: "棚卸を取り消し", en: "Stock-take removed" },
  "ledger.move_delete": { ja: "帳簿の記帳を取り消し", en: "Ledger entry removed" },
  "magazine.send": { ja: "メールマガジンを配信", en: "Mail magazine sent" },
  "inquiry.handled": { ja: "お問い合わせを対応済みに", en: "Inquiry marked handled" },
  "inquiry.reply": { ja: "お問い合わせに返信", en: "Inquiry answered" },
  "member.lock": { ja: "会員をロック", en: "Member locked" },
  "member.unlock": { ja: "会員のロックを解除", en: "Member unlocked" },
  "member.confirmation_resend": { ja: "会員に確認メールを再送", en: "Confirmation mail resent" },
  "lottery.create": { ja: "抽選販売を作成", en: "Lottery opened" },
  "lottery.draw": { ja: "抽選を実施", en: "Lottery drawn" },
  "lottery.sweep": { ja: "抽選の購入期限を処理", en: "Lottery deadlines swept" },
};

/** What each kind of target is called. */
const TARGET_KIND_LABELS: Readonly<Record<string, { ja: string; en: string }>> = {
  order: { ja: "注文", en: "Order" },
  product: { ja: "商品", en: "Product" },
  staff: { ja: "スタッフ", en: "Staff" },
  member: { ja: "会員", en: "Member" },
  settings: { ja: "ショップ設定", en: "Settings" },
  upload: { ja: "画像", en: "Upload" },
  exhibit: { ja: "特集", en: "Feature" },
  series: { ja: "シリーズ", en: "Series" },
  liquor_type: { ja: "酒類の品目", en: "Liquor type" },
  supplier: { ja: "仕入先", en: "Supplier" },
  stock_take: { ja: "棚卸", en: "Stock-take" },
  ledger_move: { ja: "帳簿の記帳", en: "Ledger entry" },
  magazine_issue: { ja: "メールマガジン", en: "Mail magazine" },
  inquiry: { ja: "お問い合わせ", en: "Inquiry" },
  coupon: { ja: "クーポン", en: "Coupon" },
  lottery: { ja: "抽選販売", en: "Lottery" },
};

export function auditActionLabel(action: string, locale: Locale): string {
  return AUDIT_ACTION_LABELS[action]?.[locale] ?? action;
}

export function auditTargetKindLabel(kind: string, locale: Locale): string {
  return TARGET_KIND_LABELS[kind]?.[locale] ?? kind;
}
