// Texts of the back office's points page (issue 34 item 1, decision 089). A file of their own, as
// admin-lottery.ja.ts; they travel in the admin chunks only.
export const adminPointsJa = {
  "adminPoints.title": "ポイント",
  "adminPoints.liability": "未使用ポイント残高（ポイント引当の目安）",
  "adminPoints.liabilityFigure": "{points}ポイント（{yen}円）／保有会員 {members}名",
  "adminPoints.liabilityNote": "1ポイント＝1円として、会員さまが保有している未使用・有効期限内のポイントの合計です。",
  "adminPoints.csv": "会員別残高をCSVでダウンロード",
  "adminPoints.settings": "ポイント設定",
  "adminPoints.baseRate": "基本ポイント還元率（%）",
  "adminPoints.baseRateHint":
    "会員ランクのある会員は、ランクのポイント率で貯まります（会員ランクの画面で設定。基本還元率に上乗せされるものではありません）。基本還元率は、ランクのない会員の還元率と、ゲストや商品ページに表示する「会員さまは○ポイント獲得」の率です。通常はレギュラー（1行目のランク）と同じ率にしてください。0にするとポイントの付与を停止します（商品ごとの還元率を設定した商品を除く）。",
  "adminPoints.grantOn": "ポイント付与のタイミング",
  "adminPoints.grantOnPaid": "ご入金の確認時（代引きは発送時）",
  "adminPoints.grantOnShipped": "発送時",
  "adminPoints.expiryMonths": "有効期限（最後の獲得からの月数）",
  "adminPoints.onCharges": "送料・手数料にもポイントを付与する",
  "adminPoints.save": "設定を保存",
  "adminPoints.saved": "ポイント設定を保存しました。",
  "adminPoints.ownerOnly": "ポイント設定の変更はオーナーのみ行えます。",
  "adminPoints.member": "会員のポイント",
  "adminPoints.memberId": "会員ID",
  "adminPoints.show": "表示",
  "adminPoints.balance": "保有ポイント：{points}ポイント",
  "adminPoints.expiresOn": "有効期限：{date}",
  "adminPoints.noExpiry": "有効期限：なし",
  "adminPoints.adjust": "ポイントの付与・減算",
  "adminPoints.adjustPoints": "ポイント数（減算はマイナス）",
  "adminPoints.adjustReason": "理由（会員さまのマイページにも表示されます）",
  "adminPoints.adjustSubmit": "付与・減算する",
  "adminPoints.adjusted": "ポイントを更新しました。残高は{points}ポイントです。",
  "adminPoints.history": "履歴",
  "adminPoints.historyEmpty": "履歴はありません。",
  "adminPoints.date": "日時",
  "adminPoints.what": "内容",
  "adminPoints.change": "ポイント",
  "adminPoints.reason": "理由",
  "adminPoints.failed": "処理できませんでした。もう一度お試しください。",
  "adminPoints.notFound": "この会員IDの会員は見つかりません。",
} as const;

export type AdminPointsKey = keyof typeof adminPointsJa;
export type AdminPointsDictionary = Record<AdminPointsKey, string>;
