import type { Locale } from "../../domain/locale.ts";
import { fillText } from "../../domain/fill-text.ts";

// What POST /api/checkout says about single items and fields, with values filled in ("{count}").
// Japanese is the source; English must match its keys. Plain API errors are in i18n/messages.ts.
const ja = {
  itemUnavailable: "この商品は現在お買い求めいただけません。",
  itemNotForMailOrder: "この商品は酒類の通信販売の免許の対象外のため、通信販売ではお買い求めいただけません。",
  itemStockShort: "在庫が不足しています。ご購入いただけるのは{count}点までです。",
  itemOverLimit: "この商品のご購入は{count}点までです。",
  itemDuplicated: "同じ商品が複数行にあります。カートを確認してください。",
  deliveryDateOutside: "お届け希望日は{first}から{last}までの日付を選んでください。",
  deliveryDateNone: "ただいまお届け日のご指定はお受けできません。「指定なし」でご注文ください。",
  registeredCardMissing: "登録済みのカードがありません。カード情報を入力してお支払いください。",
  cardMissing: "カード情報を入力してください。",
  pointsUnavailable: "このご注文ではポイントをご利用いただけません。",
  orderTotalTooLarge: "ご注文の合計金額が大きすぎます。1回のご注文は合計{max}円までです。数量を減らすか、ご注文を分けてください。",
  // Several destinations (decision 087).
  shipmentsTooMany: "お届け先は1回のご注文につき{max}件までです。ご注文を分けてください。",
  shipmentsUnassigned: "お届け先ごとの本数の合計が、ご注文の本数と合いません。お届け先ごとの本数を確認してください。",
  shipmentsItemUnknown: "ご注文にない商品がお届け先に含まれています。",
  shipmentsCashOnDelivery: "代金引換は、お届け先が1件のご注文でのみご利用いただけます。別のお支払い方法をお選びください。",
  shipmentsTopLevel: "複数のお届け先に送る場合は、お届け先・お届け希望日時・ギフト設定をお届け先ごとに指定してください。",
  // 予約販売 and sales windows (decision 088).
  itemBeforeSale: "この商品は販売開始前です。{start}から販売いたします。",
  itemSalesEnded: "この商品の販売は終了いたしました。",
  itemPreorderShort: "予約の受付数が残りわずかです。ご予約いただけるのは{count}点までです。",
  itemPreorderFull: "この商品は予約の受付数に達したため、ご予約を締め切りました。",
  preorderDeliveryDate: "予約商品は発売日（{date}）以降に発送いたします。お届け希望日は{date}以降の日付を選ぶか、「指定なし」でご注文ください。",
  preorderSeveralDestinations: "予約商品は、お届け先が1件のご注文でのみご予約いただけます。予約商品は別にご注文ください。",
} as const;

export type CheckoutTextKey = keyof typeof ja;

const en: Record<CheckoutTextKey, string> = {
  itemUnavailable: "This item can no longer be bought.",
  itemNotForMailOrder: "Our liquor mail-order licence does not cover this item, so it cannot be bought online.",
  itemStockShort: "Not enough in stock: you can buy up to {count} of this item.",
  itemOverLimit: "You can buy up to {count} of this item.",
  itemDuplicated: "This item appears on more than one line. Please check your cart.",
  deliveryDateOutside: "Please choose a delivery date from {first} to {last}.",
  deliveryDateNone: "A delivery date cannot be chosen at the moment. Please order with no date specified.",
  registeredCardMissing: "You have no saved card. Please pay by entering your card details.",
  cardMissing: "Please enter your card details.",
  shipmentsTooMany: "One order can go to at most {max} destinations. Please split your order.",
  shipmentsUnassigned: "The bottles assigned to the destinations do not add up to the bottles ordered. Please check each destination's bottles.",
  shipmentsItemUnknown: "A destination has an item that is not in the order.",
  shipmentsCashOnDelivery: "Cash on delivery is only available for orders to one address. Please choose another payment method.",
  shipmentsTopLevel: "When sending to several destinations, give the recipient, delivery date and time and gift options for each destination.",
  pointsUnavailable: "Points cannot be used on this order.",
  orderTotalTooLarge: "The order total is too large: one order can total at most ¥{max}. Please reduce the quantities or split the order.",
  itemBeforeSale: "This item is not on sale yet. It goes on sale on {start}.",
  itemSalesEnded: "This item is no longer on sale.",
  itemPreorderShort: "Only a few pre-orders are left: you can pre-order up to {count} of this item.",
  itemPreorderFull: "Pre-orders for this item are full and closed.",
  preorderDeliveryDate:
    "Pre-ordered items ship on their release date ({date}). Please choose a delivery date on or after {date}, or order with no date specified.",
  preorderSeveralDestinations: "Pre-orders can only be placed in orders to one address. Please order the pre-order item separately.",
};

const dictionaries: Record<Locale, Record<CheckoutTextKey, string>> = { ja, en };

export function checkoutText(key: CheckoutTextKey, locale: Locale, parameters: Record<string, string | number> = {}): string {
  return fillText(dictionaries[locale][key], parameters);
}
