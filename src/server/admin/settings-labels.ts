import { prefectureName } from "../../domain/address.ts";
import type { Locale } from "../../domain/locale.ts";
import { fillText } from "../../domain/fill-text.ts";
import { isPaymentMethodChoice, paymentMethodChoice } from "../../domain/payment-methods/payment-method.registry.ts";

// Names of the shop profile's fields as the settings page labels them, for the 422 messages of
// POST /admin/api/settings. Keys are zod paths with list positions as "*".

type Label = { ja: string; en: string };

const localized = (ja: string, en: string, lang = true): Record<string, Label> =>
  lang ? { ja: { ja: `${ja}(日本語)`, en: `${en} (Japanese)` }, en: { ja: `${ja}(英語)`, en: `${en} (English)` } } : {};

function group(prefix: string, ja: string, en: string): Record<string, Label> {
  const result: Record<string, Label> = { [prefix]: { ja, en } };
  for (const [lang, label] of Object.entries(localized(ja, en))) result[`${prefix}.${lang}`] = label;
  return result;
}

const labels: Record<string, Label> = {
  ...group("shopName", "ショップ名", "Shop name"),
  ...group("companyName", "会社名", "Company name"),
  ...group("representative", "代表者", "Representative"),
  ...group("operationsManager", "運営責任者", "Operations manager"),
  zip: { ja: "郵便番号", en: "Zip" },
  ...group("address", "住所", "Address"),
  phone: { ja: "電話番号", en: "Phone" },
  email: { ja: "メールアドレス", en: "Email" },
  shipsAbroad: { ja: "海外への発送", en: "Ship abroad" },
  invoiceRegistrationNumber: { ja: "適格請求書発行事業者登録番号", en: "Invoice registration number" },
  ...group("businessHours", "営業時間", "Business hours"),
  ...group("contactHours", "お問い合わせ受付時間", "Contact hours"),
  ...group("liquorLicence.type", "酒類販売業免許の種類", "Licence type"),
  "liquorLicence.number": { ja: "酒類販売業免許番号", en: "Licence number" },
  ...group("liquorLicence.issuingTaxOffice", "免許を付与した税務署", "Issuing tax office"),
  ...group("liquorSalesManager.name", "酒類販売管理者", "Liquor-sales manager"),
  "liquorSalesManager.trainingDate": { ja: "研修受講日", en: "Training date" },
  "liquorSalesManager.nextTrainingDeadline": { ja: "次回研修の受講期限", en: "Next training deadline" },
  ...group("liquorSalesManager.trainingBody", "研修実施団体", "Training body"),
  "terms.taxRatePercent": { ja: "消費税率", en: "Tax rate" },
  "terms.shipping.fees": { ja: "送料表", en: "Shipping table" },
  "terms.shipping.fees.*": { ja: "{prefecture}の送料", en: "Shipping to {prefecture}" },
  "terms.shipping.transitDays": { ja: "お届け日数", en: "Days in transit" },
  "terms.shipping.transitDays.*": { ja: "{prefecture}のお届け日数", en: "Days in transit to {prefecture}" },
  "terms.shipping.bottlesPerBox": { ja: "1箱に入る本数", en: "Bottles per box" },
  "terms.shipping.coolSurchargePerBox": { ja: "クール便の加算額", en: "Refrigerated surcharge per box" },
  "terms.shipping.freeShippingFrom": { ja: "送料無料になる金額", en: "Free shipping from" },
  "terms.shipping.remoteIslandsNote.ja": { ja: "離島・一部地域についての表記(日本語)", en: "Note on remote islands (Japanese)" },
  "terms.shipping.remoteIslandsNote.en": { ja: "離島・一部地域についての表記(英語)", en: "Note on remote islands (English)" },
  "deliveryCalendar.cutoff": { ja: "当日発送の締め時刻", en: "Same-day cutoff" },
  "deliveryCalendar.closedWeekdays": { ja: "定休日(曜日)", en: "Closed weekdays" },
  "deliveryCalendar.closedWeekdays.*": { ja: "定休日(曜日)", en: "Closed weekdays" },
  "terms.arrivalWithinDays": { ja: "お届けまでの日数", en: "Days to arrival" },
  deliveryTimeBands: { ja: "配達時間帯", en: "Delivery time bands" },
  "deliveryTimeBands.*": { ja: "配達時間帯{n}", en: "Delivery time band {n}" },
  "deliveryTimeBands.*.code": { ja: "配達時間帯{n}のコード", en: "Code of delivery time band {n}" },
  "deliveryTimeBands.*.ja": { ja: "配達時間帯{n}の表示名(日本語)", en: "Label of delivery time band {n} (Japanese)" },
  "deliveryTimeBands.*.en": { ja: "配達時間帯{n}の表示名(英語)", en: "Label of delivery time band {n} (English)" },
  businessHolidays: { ja: "休業日", en: "Business holidays" },
  "businessHolidays.*": { ja: "休業日{n}件目", en: "Business holiday {n}" },
  "gift.wrapping": { ja: "ギフトラッピング", en: "Gift wrapping" },
  "gift.noshi": { ja: "のし", en: "Noshi" },
  "gift.messageCard": { ja: "メッセージカード", en: "Message card" },
  "gift.hidePrices": { ja: "金額を記載しない納品書", en: "Delivery note without prices" },
  "gift.wrappingFee": { ja: "ギフトラッピング料", en: "Gift wrapping fee" },
  "gift.omotegaki": { ja: "のしの表書き", en: "Noshi inscriptions" },
  "gift.omotegaki.*": { ja: "のしの表書き{n}行目", en: "Noshi inscription {n}" },
  bankAccounts: { ja: "振込先口座", en: "Bank accounts" },
  "bankAccounts.*.financial.ja": { ja: "口座{n}の金融機関名(日本語)", en: "Bank of account {n} (Japanese)" },
  "bankAccounts.*.financial.en": { ja: "口座{n}の金融機関名(英語)", en: "Bank of account {n} (English)" },
  "bankAccounts.*.branch.ja": { ja: "口座{n}の支店名(日本語)", en: "Branch of account {n} (Japanese)" },
  "bankAccounts.*.branch.en": { ja: "口座{n}の支店名(英語)", en: "Branch of account {n} (English)" },
  "bankAccounts.*.depositType": { ja: "口座{n}の種別", en: "Type of account {n}" },
  "bankAccounts.*.accountNumber": { ja: "口座{n}の口座番号", en: "Number of account {n}" },
  "bankAccounts.*.accountName": { ja: "口座{n}の口座名義", en: "Holder of account {n}" },
  "yamatoB2.customerCode": { ja: "B2クラウドの請求先顧客コード", en: "B2 Cloud customer code" },
  "yamatoB2.classificationCode": { ja: "B2クラウドの請求先分類コード", en: "B2 Cloud classification code" },
  "yamatoB2.freightNumber": { ja: "B2クラウドの運賃管理番号", en: "B2 Cloud freight number" },
  "social.instagram": { ja: "Instagram のURL", en: "Instagram URL" },
  "social.facebook": { ja: "Facebook のURL", en: "Facebook URL" },
  "social.twitter": { ja: "X (Twitter) のURL", en: "X (Twitter) URL" },
  "social.line": { ja: "LINE のURL", en: "LINE URL" },
};

/** A payment method's terms (terms.payments.<code>.…), named after the method by the caller. */
const paymentLabels: Record<string, Label> = {
  enabled: { ja: "{method}の表示", en: "Whether {method} is offered" },
  position: { ja: "{method}の表示順", en: "Order of {method}" },
  feeTiers: { ja: "{method}の手数料の段階", en: "Fee tiers of {method}" },
  // The tier in brackets, so its fee is named 金額 and 手数料 is said once (not 手数料の段階1の手数料).
  "feeTiers.*.upTo": { ja: "{method}の手数料（段階{n}）の上限金額", en: "{method}, fee tier {n}: upper amount" },
  "feeTiers.*.fee": { ja: "{method}の手数料（段階{n}）の金額", en: "{method}, fee tier {n}: amount" },
  min: { ja: "{method}の下限金額", en: "Lower limit of {method}" },
  max: { ja: "{method}の上限金額", en: "Upper limit of {method}" },
  daysToPay: { ja: "{method}のお支払い期限の日数", en: "Days to pay by {method}" },
  "notes.ja": { ja: "{method}の案内(日本語)", en: "Note on {method} (Japanese)" },
  "notes.en": { ja: "{method}の案内(英語)", en: "Note on {method} (English)" },
};

/** "terms.payments.cod.feeTiers.1.fee" → "代金引換の手数料（段階2）の金額"; unknown paths are named as they are. */
export function settingsLabel(path: (string | number)[], locale: Locale): string {
  if (path[0] === "terms" && path[1] === "payments" && typeof path[2] === "string") {
    const code = path[2];
    const rest = path.slice(3);
    const label = paymentLabels[rest.map((part) => (typeof part === "number" ? "*" : part)).join(".")]?.[locale];
    const index = rest.find((part): part is number => typeof part === "number");
    if (label) {
      const method = isPaymentMethodChoice(code) ? paymentMethodChoice(code).label[locale] : code;
      return fillText(label, { method, n: index === undefined ? "" : index + 1 });
    }
  }
  const key = path.map((part) => (typeof part === "number" ? "*" : part)).join(".");
  const position = path.find((part): part is number => typeof part === "number");
  const label = labels[key]?.[locale];
  if (!label) return path.join(".");
  // The shipping table's rows are prefectures (index = JIS code − 1): named, not numbered.
  const prefecture = position === undefined ? "" : (prefectureName(position + 1, locale) ?? String(position + 1));
  return fillText(label, { n: position === undefined ? "" : position + 1, prefecture });
}
