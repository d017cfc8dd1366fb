import type { Locale } from "../../domain/locale.ts";

/**
 * Why an order cannot be moved, in the trader's words, where the order list's bulk moves and the
 * carrier's issued-data upload refuse for the same reason: one wording for both screens.
 */
export const ORDER_REFUSAL_TEXTS = {
  unknown_order: { ja: "この番号の注文はありません。", en: "No order has this number." },
  cancelled: { ja: "キャンセルされた注文です。", en: "The order is cancelled." },
  pending: { ja: "決済が完了していない注文です。", en: "The order's payment is not complete." },
  unpaid: { ja: "入金待ちの注文です(入金の確認が先です)。", en: "The order awaits payment (confirm the payment first)." },
  shipped_other_slip: { ja: "別の伝票番号で発送済みです。", en: "The order was shipped already with another slip number." },
} satisfies Record<string, Record<Locale, string>>;
