import type { CardInputError } from "../../domain/card.ts";
import type { Locale } from "../../domain/locale.ts";

// What the built-in test gateway says, as Stripe (with Stripe.js set to the shopper's language)
// would: card messages for the shopper, and its 3-D Secure challenge page. The shop's own
// dictionaries are not used on purpose: these are the gateway's words, not the shop's.

const ja = {
  number_incomplete: "カード番号が不完全です。",
  number_invalid: "カード番号が無効です。",
  expiry_incomplete: "カードの有効期限が不完全です。",
  expiry_invalid: "カードの有効期限が無効です。",
  expiry_past: "カードの有効期限が過去の日付です。",
  cvc_incomplete: "カードのセキュリティコードが不完全です。",
  cvc_invalid: "カードのセキュリティコードが無効です。",
  notTestCard: "カードが拒否されました。テストモードでは、テスト用のカード番号(4242 4242 4242 4242 など)のみお使いいただけます。",
  generic_decline: "カードが拒否されました。",
  insufficient_funds: "カードの残高が不足しています。",
  expired_card: "カードの有効期限が切れています。",
  incorrect_cvc: "カードのセキュリティコードが正しくありません。",
  authenticationFailed: "3D認証に失敗しました。もう一度お試しください。",
  authenticationRequired: "カードが拒否されました。この取引には本人認証(3Dセキュア)が必要です。",
  challengeTitle: "3Dセキュア認証",
  challengeTestMode: "テストモード",
  challengeLead: "これはテスト用の本人認証画面です。カード会社の画面の代わりに、認証の結果を選んでください。",
  challengePayment: "お支払い金額: {amount}",
  challengeSetup: "カードの登録",
  challengeComplete: "認証を完了する",
  challengeFail: "認証に失敗する",
  challengeCompleted: "認証が完了しました。",
  challengeFailed: "認証に失敗しました。",
  challengeDone: "この画面は閉じてかまいません。",
  challengeGone: "この認証はすでに終わっているか、見つかりません。",
  challengeError: "結果を送れませんでした。もう一度お試しください。",
} as const;

export type GatewayTextKey = keyof typeof ja;

const en: Record<GatewayTextKey, string> = {
  number_incomplete: "Your card number is incomplete.",
  number_invalid: "Your card number is invalid.",
  expiry_incomplete: "Your card's expiration date is incomplete.",
  expiry_invalid: "Your card's expiration date is invalid.",
  expiry_past: "Your card's expiration year is in the past.",
  cvc_incomplete: "Your card's security code is incomplete.",
  cvc_invalid: "Your card's security code is invalid.",
  notTestCard: "Your card was declined. Your request was in test mode, but used a non test card (use a test card such as 4242 4242 4242 4242).",
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  authenticationFailed: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  authenticationRequired: "Your card was declined. This transaction requires authentication.",
  challengeTitle: "3D Secure authentication",
  challengeTestMode: "Test mode",
  challengeLead: "This is the test gateway's authentication page. Instead of your card issuer's screen, choose how the authentication ends.",
  challengePayment: "Amount: {amount}",
  challengeSetup: "Saving a card",
  challengeComplete: "Complete authentication",
  challengeFail: "Fail authentication",
  challengeCompleted: "Authentication complete.",
  challengeFailed: "Authentication failed.",
  challengeDone: "You may close this window.",
  challengeGone: "This authentication has already ended or does not exist.",
  challengeError: "The result could not be sent. Please try again.",
};

const texts: Record<Locale, Record<GatewayTextKey, string>> = { ja, en };

export function gatewayText(key: GatewayTextKey | CardInputError, locale: Locale, params: Record<string, string> = {}): string {
  return texts[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
