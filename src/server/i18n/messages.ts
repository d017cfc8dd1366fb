import type { Locale } from "../../domain/locale.ts";

// Texts the server itself answers with (API errors). Japanese is the source; English must match its keys.
const ja = {
  notFound: "お探しのページは見つかりませんでした。",
  apiNotFound: "指定されたリソースは存在しません。",
  csrfInvalid: "ページの有効期限が切れました。ページを再読み込みしてからもう一度お試しください。",
  invalid: "入力内容に誤りがあります。",
  unauthorized: "ログインもしくはアカウント登録してください。",
  forbidden: "この操作を行う権限がありません。",
  conflict: "他の操作と競合しました。もう一度お試しください。",
  paymentFailed: "お支払いを完了できませんでした。",
  rateLimited: "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
  internal: "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。",
  databaseUnavailable: "データベースに接続できません。",
} as const;

export type MessageKey = keyof typeof ja;

const en: Record<MessageKey, string> = {
  notFound: "The page you were looking for could not be found.",
  apiNotFound: "The requested resource does not exist.",
  csrfInvalid: "This page has expired. Please reload the page and try again.",
  invalid: "Some of the values you entered are not valid.",
  unauthorized: "You need to sign in or sign up before continuing.",
  forbidden: "You are not allowed to do this.",
  conflict: "This clashed with another change. Please try again.",
  paymentFailed: "The payment could not be completed.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  internal: "Something went wrong on our side. Please try again in a moment.",
  databaseUnavailable: "The database cannot be reached.",
};

const dictionaries: Record<Locale, Record<MessageKey, string>> = { ja, en };

export function message(key: MessageKey, locale: Locale): string {
  return dictionaries[locale][key];
}
