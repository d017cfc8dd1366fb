import type { Locale } from "./locale.ts";

// The messages of the forms' field rules (the schemas in src/domain, built from field-rules.ts and
// shared by the page and the route; decision 075). A failed rule's message is a kind below, never a text: the page and the server word it with the
// field's label in the visitor's language, in the Rails wording the shop's messages use
// (rails-i18n for ja, Rails for en, with Devise's extra kinds). A full message is the field's label
// followed by the kind's text: "メールアドレスを入力してください" / "Email can't be blank".

export type ValidationKind =
  | "blank"
  | "too_short"
  | "too_long"
  | "taken"
  | "invalid"
  | "invalid_characters"
  | "not_a_number"
  | "not_an_integer"
  | "confirmation"
  | "accepted"
  | "inclusion"
  | "exclusion"
  | "greater_than"
  | "greater_than_or_equal_to"
  | "less_than"
  | "less_than_or_equal_to"
  | "equal_to"
  | "expired"
  | "already_confirmed"
  | "not_found"
  | "not_kana"
  | "not_invoice_number"
  | "zip_format"
  | "not_order_number";

const VALIDATION_TEXTS: Record<Locale, Record<ValidationKind, string>> = {
  ja: {
    blank: "を入力してください",
    too_short: "は%{count}文字以上で入力してください",
    too_long: "は%{count}文字以内で入力してください",
    taken: "はすでに存在します",
    invalid: "は不正な値です",
    invalid_characters: "に使用できない文字が含まれています",
    not_a_number: "は数値で入力してください",
    not_an_integer: "は整数で入力してください",
    confirmation: "と%{attribute}の入力が一致しません",
    accepted: "を受諾してください",
    inclusion: "は一覧にありません",
    exclusion: "は予約されています",
    greater_than: "は%{count}より大きい値にしてください",
    greater_than_or_equal_to: "は%{count}以上の値にしてください",
    less_than: "は%{count}より小さい値にしてください",
    less_than_or_equal_to: "は%{count}以下の値にしてください",
    equal_to: "は%{count}にしてください",
    expired: "の有効期限が切れました。新しくリクエストしてください。",
    already_confirmed: "は既に登録済みです。ログインしてください。",
    not_found: "は見つかりませんでした。",
    not_kana: "はカタカナまたはひらがなで入力してください",
    not_invoice_number: "は「T」と13桁の数字で入力してください(例: T1234567890123)",
    // A Japanese postcode (no Rails default wording; rails-i18n's pattern, attribute + は…).
    zip_format: "は7桁の数字で入力してください",
    not_order_number: "は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください",
  },
  en: {
    blank: "can't be blank",
    too_short: "is too short (minimum is %{count} characters)",
    too_long: "is too long (maximum is %{count} characters)",
    taken: "has already been taken",
    invalid: "is invalid",
    invalid_characters: "contains characters that cannot be used",
    not_a_number: "is not a number",
    not_an_integer: "must be an integer",
    confirmation: "doesn't match %{attribute}",
    accepted: "must be accepted",
    inclusion: "is not included in the list",
    exclusion: "is reserved",
    greater_than: "must be greater than %{count}",
    greater_than_or_equal_to: "must be greater than or equal to %{count}",
    less_than: "must be less than %{count}",
    less_than_or_equal_to: "must be less than or equal to %{count}",
    equal_to: "must be equal to %{count}",
    expired: "has expired, please request a new one",
    already_confirmed: "was already confirmed, please try signing in",
    not_found: "not found",
    not_kana: "must be written in katakana or hiragana",
    not_invoice_number: 'must be "T" and 13 digits (e.g. T1234567890123)',
    zip_format: "must be 7 digits",
    not_order_number: "must be 12 letters and digits, like 7K3M-Q9XA-2BCD",
  },
};

function isValidationKind(value: string): value is ValidationKind {
  return Object.hasOwn(VALIDATION_TEXTS.ja, value);
}

/** A kind's text alone ("を入力してください"), its %{count} and %{attribute} filled in. */
export function kindMessage(locale: Locale, kind: ValidationKind, params: { count?: number; attribute?: string } = {}): string {
  return VALIDATION_TEXTS[locale][kind].replace("%{count}", String(params.count ?? "")).replace("%{attribute}", params.attribute ?? "");
}

/** The full message: the field's label, then the kind's text ("お名前を入力してください" / "Name can't be blank"). */
export function fieldMessage(locale: Locale, label: string, problem: FieldProblem): string {
  const text = kindMessage(locale, problem.kind, { count: problem.count });
  return locale === "ja" ? `${label}${text}` : `${label} ${text}`;
}

/** Why one field failed: a kind and, for limits, the count its message names. */
export interface FieldProblem {
  kind: ValidationKind;
  count?: number;
}

/** A failed rule as zod reports it (a ZodError's issue, or one handed over by the route). */
export interface RuleIssue {
  path: readonly PropertyKey[];
  message: string;
  /** zod's `maximum` (too_big) / `minimum` (too_small), or a refinement's `params.count`. */
  maximum?: unknown;
  minimum?: unknown;
  params?: unknown;
}

function countOf(issue: RuleIssue): number | undefined {
  const params = issue.params as { count?: unknown } | undefined;
  const count = params?.count ?? issue.maximum ?? issue.minimum;
  return typeof count === "number" ? count : typeof count === "bigint" ? Number(count) : undefined;
}

/**
 * The first problem of each field (its path joined with "."), in the order the schema checked them,
 * which is the form's order: a field that is blank is not also reported as malformed. An issue
 * that is not one of the kinds (a wrong type zod found itself) reads as "invalid".
 */
export function fieldProblems(issues: readonly RuleIssue[]): Record<string, FieldProblem> {
  const found: Record<string, FieldProblem> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "base";
    if (found[field]) continue;
    const kind = isValidationKind(issue.message) ? issue.message : "invalid";
    // Only a kind whose text names a count carries one ("blank" is zod's min(1), and names none).
    const count = VALIDATION_TEXTS.en[kind].includes("%{count}") ? countOf(issue) : undefined;
    found[field] = { kind, ...(count === undefined ? {} : { count }) };
  }
  return found;
}

/** Every field's full message, keyed as the 422's `fields` are ({ name: ["お名前を入力してください"] }). */
export function fieldMessages(problems: Record<string, FieldProblem>, labelOf: (field: string) => string, locale: Locale): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, problem] of Object.entries(problems)) fields[field] = [fieldMessage(locale, labelOf(field), problem)];
  return fields;
}
