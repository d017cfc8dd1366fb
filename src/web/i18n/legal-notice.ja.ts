// Texts of the legalNotice page (see legal-texts.ts). Shop data comes in as {parameters} from the shop profile.
export const legalNoticeJa = {
  "legalNotice.title": "特定商取引法に基づく表記",
  "legalNotice.description":
    "{shop}の特定商取引法に基づく表記です。販売業者、所在地、送料・手数料、お支払い方法、引渡し時期、返品・交換についてご案内します。",
  "legalNotice.seller": "販売業者",
  "legalNotice.address": "所在地",
  "legalNotice.phone": "電話番号",
  "legalNotice.contactHours": "お問い合わせ受付時間",
  "legalNotice.email": "メールアドレス",
  "legalNotice.operationsManager": "運営統括責任者",
  "legalNotice.extraCharges": "商品代金以外の必要料金",
  "legalNotice.shippingFee": "送料(1箱あたり・税抜)：{zones}",
  "legalNotice.shippingFlat": "全国一律 {amount}",
  "legalNotice.shippingZone": "{prefectures} {amount}",
  "legalNotice.shippingRest": "上記以外の地域 {amount}",
  "legalNotice.shippingBox": "1箱に750ml瓶{bottles}本まで入ります(一升瓶は2本分)。箱数に応じて送料がかかります。",
  "legalNotice.coolShippingFee": "クール便：1箱あたり{amount}(税抜)を加算(クール便の商品を含むご注文)",
  "legalNotice.freeShipping": "商品代金の合計が{amount}(税込)以上のご注文は送料無料",
  // Several destinations in one order (decision 087).
  "legalNotice.destinationsShipping": "複数のお届け先へのご注文は、お届け先ごとに送料がかかります。送料無料の基準も1配送先あたりの商品代金(税込)で判定します。",
  "legalNotice.taxNote": "消費税は商品代金・送料・手数料の合計に対してかかります。",
  "legalNotice.returns": "返品・交換について",
  "legalNotice.delivery": "引渡し時期",
  "legalNotice.shippingDays": "発送からお届けまでの日数：{transit}",
  "legalNotice.transitDays": "{days}日",
  "legalNotice.payment": "お支払い方法",
  "legalNotice.paymentDeadline": "お支払い期限",
  "legalNotice.liquorHeading": "酒類の販売について",
  "legalNotice.ageNotice":
    "20歳未満の者の飲酒は法律で禁止されています。当店では20歳未満の方への酒類の販売はいたしません。",
  "legalNotice.licence": "酒類販売業免許：{type} 免許番号 {number}({office})",
} as const;
