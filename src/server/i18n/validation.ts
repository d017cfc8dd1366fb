import type { DomainError } from "../../domain/errors.ts";
import { validationFailed } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ValidationKind } from "../../domain/field-messages.ts";
import { kindMessage } from "../../domain/field-messages.ts";

export type { ValidationKind };

// Server validation messages, worded as rails-i18n (ja) and Rails (en) word them, with
// Devise's extra kinds (expired, already confirmed, not found). A full message is the attribute name
// followed by the message: "メールアドレスを入力してください" / "Email can't be blank".

/** Attribute names as devise-i18n and the shop's forms call them. */
const attributes = {
  ja: {
    // A body that is not a form at all (only a crafted request sends one): its problem is the whole input's.
    base: "入力内容",
    email: "メールアドレス",
    password: "パスワード",
    password_confirmation: "パスワード（確認用）",
    current_password: "現在のパスワード",
    reset_password_token: "パスワードリセット用トークン",
    confirmation_token: "確認用トークン",
    unlock_token: "ロック解除用トークン",
    user_name: "お名前",
    tel: "電話番号",
    name: "お名前",
    subject: "件名",
    // The contact form: the order asked about (optional).
    order_number: "ご注文番号",
    message: "お問い合わせ内容",
    country: "国",
    zip: "郵便番号",
    prefecture: "都道府県",
    address: "住所",
    building_name: "建物名",
    // Mail magazine sign-up: the consent checkbox.
    consent: "プライバシーポリシー",
    // Checkout: the amount POST /api/fee prices the cod fee on.
    price: "金額",
    // Checkout: the order form (POST /api/checkout).
    phone: "電話番号",
    // Checkout and the address book: お届け先 when the parcel goes to someone else.
    recipient_name: "お届け先のお名前",
    recipient_phone: "お届け先の電話番号",
    recipient_kana: "お届け先のフリガナ",
    payment_method: "お支払い方法",
    desired_delivery_date: "お届け希望日",
    desired_delivery_timezone: "お届け希望時間帯",
    // Checkout's gift options, changed before shipping (decision 074).
    wrapping: "ラッピング",
    noshi: "のし",
    message_card: "メッセージカード",
    hide_prices: "金額を記載しない納品書",
    birth_date: "生年月日",
    memo: "備考",
    // Back office: the order list's filters and the slip number of a shipment.
    slip_number: "送り状番号",
    notify: "お客様へのメール",
    // Back office: a discount or correction line (decision 070).
    amount_before_tax: "金額(税抜)",
    tax_rate: "税率",
    addressee: "宛名",
    proviso: "但し書き",
    carrier: "配送業者",
    status: "ステータス",
    order: "選択した注文",
    from: "開始日",
    to: "終了日",
    overdue: "支払期限超過",
    role: "権限",
    year: "年度",
    body: "本文",
    // Back office: the catalogue (products, images, exhibits, series, liquor types).
    name_ja: "名前(日本語)",
    name_en: "名前(英語)",
    description_ja: "説明(日本語)",
    description_en: "説明(英語)",
    stock: "在庫数",
    amount: "数量",
    buyable_limit: "購入数の上限",
    sold_out_flag: "売り切れ表示",
    shipping_type: "配送方法",
    series_ids: "シリーズ",
    liquor_type: "酒類",
    sort_order: "表示順",
    published: "公開",
    volume_ml: "容量(ml)",
    alcohol_percent: "アルコール度数(%)",
    mail_order_allowed: "通信販売",
    origin_country_ja: "産地・国(日本語)",
    origin_country_en: "産地・国(英語)",
    origin_region_ja: "産地・地域(日本語)",
    origin_region_en: "産地・地域(英語)",
    producer_ja: "生産者(日本語)",
    producer_en: "生産者(英語)",
    ingredients_ja: "品種・原料(日本語)",
    ingredients_en: "品種・原料(英語)",
    vintage: "ヴィンテージ",
    sweetness: "味わい(辛口〜甘口)",
    body_level: "味わい(ライト〜フル)",
    storage_ja: "保存方法(日本語)",
    storage_en: "保存方法(英語)",
    liquor_category: "酒類の品目",
    tax_class: "税率区分",
    sales_start: "販売開始日時",
    sales_end: "販売終了日時",
    release_date: "発売日",
    preorder_allocation: "予約受付数",
    point_rate_percent: "商品ごとのポイント還元率",
    top: "トップページに表示",
    product_ids: "関連する商品",
    filename: "ファイル名",
    content_type: "ファイルの種類",
    byte_size: "ファイルサイズ",
    checksum: "チェックサム",
    signed_id: "アップロードしたファイル",
    image_ids: "画像",
    parent_id: "親シリーズ",
    key: "キー",
    label_ja: "表示名(日本語)",
    label_en: "表示名(英語)",
    // Back office: the liquor ledger (receivings, adjustments, the books' period).
    received_on: "仕入日",
    supplier_name: "仕入先の名称",
    supplier_address: "仕入先の所在地",
    quantity: "数量",
    unit_cost: "仕入単価",
    kind: "区分",
    reason: "理由",
    category: "品目",
    // The books by 税率の適用区分 (docs/decisions/061): suppliers, stock-takes, monthly totals.
    supplier_id: "仕入先",
    invoice_number: "登録番号",
    supplier_invoice_number: "仕入先の登録番号",
    taken_on: "棚卸日",
    note: "メモ",
    mode: "記帳の方法",
    // The kept transaction records' search (decision 062).
    min_amount: "取引金額(下限)",
    max_amount: "取引金額(上限)",
    counterparty: "取引先",
    // A return after shipping (decision 079): its lines' quantities.
    lines: "返品する数量",
  },
  en: {
    base: "The input",
    email: "Email",
    password: "Password",
    password_confirmation: "Password confirmation",
    current_password: "Current password",
    reset_password_token: "Reset password token",
    confirmation_token: "Confirmation token",
    unlock_token: "Unlock token",
    user_name: "Name",
    tel: "Phone",
    name: "Name",
    subject: "Subject",
    order_number: "Order number",
    message: "Message",
    country: "Country",
    zip: "Zip",
    prefecture: "Prefecture",
    address: "Address",
    building_name: "Building name",
    // Mail magazine sign-up: the consent checkbox.
    consent: "Privacy policy",
    // Checkout: the amount POST /api/fee prices the cod fee on.
    price: "Price",
    // Checkout: the order form (POST /api/checkout).
    phone: "Phone",
    // Checkout and the address book: the recipient when the parcel goes to someone else.
    recipient_name: "Recipient's name",
    recipient_phone: "Recipient's phone",
    recipient_kana: "Recipient's furigana",
    payment_method: "Payment method",
    desired_delivery_date: "Desired delivery date",
    desired_delivery_timezone: "Desired delivery time",
    wrapping: "Gift wrapping",
    noshi: "Noshi",
    message_card: "Message card",
    hide_prices: "Delivery note without prices",
    birth_date: "Date of birth",
    memo: "Memo",
    // Back office: the order list's filters and the slip number of a shipment.
    slip_number: "Slip number",
    notify: "Mail to the customer",
    amount_before_tax: "Amount (excl. tax)",
    tax_rate: "Tax rate",
    addressee: "Addressee",
    proviso: "Description (但し書き)",
    carrier: "Carrier",
    status: "Status",
    order: "Selected orders",
    from: "From",
    to: "To",
    overdue: "Overdue",
    role: "Role",
    year: "Fiscal year",
    body: "Body",
    // Back office: the catalogue (products, images, exhibits, series, liquor types).
    name_ja: "Name (Japanese)",
    name_en: "Name (English)",
    description_ja: "Description (Japanese)",
    description_en: "Description (English)",
    stock: "Stock",
    amount: "Amount",
    buyable_limit: "Purchase limit",
    sold_out_flag: "Sold-out flag",
    shipping_type: "Shipping type",
    series_ids: "Series",
    liquor_type: "Liquor type",
    sort_order: "Sort order",
    published: "Published",
    volume_ml: "Volume (ml)",
    alcohol_percent: "Alcohol (%)",
    mail_order_allowed: "Mail order",
    origin_country_ja: "Country (Japanese)",
    origin_country_en: "Country (English)",
    origin_region_ja: "Region (Japanese)",
    origin_region_en: "Region (English)",
    producer_ja: "Producer (Japanese)",
    producer_en: "Producer (English)",
    ingredients_ja: "Grapes or ingredients (Japanese)",
    ingredients_en: "Grapes or ingredients (English)",
    vintage: "Vintage",
    sweetness: "Taste (dry to sweet)",
    body_level: "Taste (light to full)",
    storage_ja: "Storage (Japanese)",
    storage_en: "Storage (English)",
    liquor_category: "Liquor tax category",
    tax_class: "Tax class",
    sales_start: "Sales start",
    sales_end: "Sales end",
    release_date: "Release date",
    preorder_allocation: "Pre-order allocation",
    point_rate_percent: "Product's own point rate",
    top: "Show on the home page",
    product_ids: "Related products",
    filename: "Filename",
    content_type: "Content type",
    byte_size: "File size",
    checksum: "Checksum",
    signed_id: "Uploaded file",
    image_ids: "Images",
    parent_id: "Parent series",
    key: "Key",
    label_ja: "Label (Japanese)",
    label_en: "Label (English)",
    // Back office: the liquor ledger (receivings, adjustments, the books' period).
    received_on: "Date received",
    supplier_name: "Supplier name",
    supplier_address: "Supplier address",
    quantity: "Quantity",
    unit_cost: "Unit cost",
    kind: "Kind",
    reason: "Reason",
    category: "Liquor tax category",
    // The books by 税率の適用区分 (docs/decisions/061): suppliers, stock-takes, monthly totals.
    supplier_id: "Supplier",
    invoice_number: "Registration number",
    supplier_invoice_number: "Supplier's registration number",
    taken_on: "Stock-take date",
    note: "Note",
    mode: "Booking method",
    min_amount: "Minimum amount (yen)",
    max_amount: "Maximum amount (yen)",
    counterparty: "Counterparty",
    lines: "Bottles returned",
  },
} satisfies Record<Locale, Record<string, string>>;

export type ValidatedAttribute = keyof (typeof attributes)["ja"];

export function isValidatedAttribute(name: string): name is ValidatedAttribute {
  return Object.hasOwn(attributes.ja, name);
}

export function attributeName(attribute: ValidatedAttribute, locale: Locale): string {
  return attributes[locale][attribute];
}

/** The message alone ("を入力してください"), for showing under a labelled field. */
export function validationMessage(locale: Locale, kind: ValidationKind, params: { count?: number; attribute?: ValidatedAttribute } = {}): string {
  return kindMessage(locale, kind, { count: params.count, attribute: params.attribute ? attributeName(params.attribute, locale) : undefined });
}

/** The full message ("メールアドレスを入力してください" / "Email can't be blank"), for error lists. */
export function fullValidationMessage(
  locale: Locale,
  attribute: ValidatedAttribute,
  kind: ValidationKind,
  params: { count?: number; attribute?: ValidatedAttribute } = {},
): string {
  const text = validationMessage(locale, kind, params);
  return locale === "ja" ? `${attributeName(attribute, locale)}${text}` : `${attributeName(attribute, locale)} ${text}`;
}

/** Collects per-field full messages, in the order the checks ran. */
export class FieldErrors {
  readonly fields: Record<string, string[]> = {};
  constructor(private readonly locale: Locale) {}

  add(attribute: ValidatedAttribute, kind: ValidationKind, params: { count?: number; attribute?: ValidatedAttribute } = {}): void {
    (this.fields[attribute] ??= []).push(fullValidationMessage(this.locale, attribute, kind, params));
  }

  /** A message written for the field (not one of the kinds'). */
  addText(attribute: ValidatedAttribute, text: string): void {
    (this.fields[attribute] ??= []).push(text);
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  /** Every message in one list (the errors list of sign-up and password reset). */
  list(): string[] {
    return Object.values(this.fields).flat();
  }
}

/** The refusal of a form for one message on one field: `throw fieldRefusal(locale, "year", "inclusion")`. */
export function fieldRefusal(
  locale: Locale,
  attribute: ValidatedAttribute,
  kind: ValidationKind,
  params: { count?: number; attribute?: ValidatedAttribute } = {},
): DomainError {
  const errors = new FieldErrors(locale);
  errors.add(attribute, kind, params);
  return validationFailed(errors);
}
