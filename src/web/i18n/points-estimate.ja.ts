// Texts of 獲得予定ポイント (decision 089): the cart drawer's line (every page's) and the checkout summary's.
export const pointsEstimateJa = {
  "pointsEstimate.label": "獲得予定ポイント",
  "pointsEstimate.value": "{points}pt",
  "pointsEstimate.guest": "会員登録・ログインしてご購入いただくとポイントが貯まります",
  "pointsEstimate.member": "ポイントは{when}に付与されます",
  "pointsEstimate.whenOrdered": "ご注文の確定時",
  "pointsEstimate.whenPaymentArrives": "ご入金の確認後",
  "pointsEstimate.whenShipped": "商品の発送後",
  "pointsEstimate.whenPaid": "お支払いの確認後",
};
