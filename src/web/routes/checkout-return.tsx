import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { checkoutAnswer } from "../../domain/answers/checkout.ts";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/checkout-return";
import { useCart } from "../shared/cart/cart-context.tsx";
import { CHECKOUT_COMPLETE_PATH } from "../features/checkout/use-checkout.ts";
import { forgetCheckoutCopy } from "../features/checkout/use-checkout-items.ts";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/checkout-texts.ts";
import "../i18n/payment-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), { name: "robots", content: "noindex" }];
}

/**
 * /checkout/return: where a gateway's approval page (PayPay) sends the shopper back, with the order
 * and, as Stripe adds them, payment_intent and redirect_status. The server settles the order from
 * the gateway; paid → the complete page, a cancelled approval → back to checkout with the
 * gateway's message, as a declined card.
 */
export default function CheckoutReturn() {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const cart = useCart();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const body = { order_id: search.get("order_id") ?? "", payment_intent_id: search.get("payment_intent") ?? "" };
    void callApi<AnswerOrRefusal<typeof checkoutAnswer>>(locale, "/checkout/return", { method: "POST", body }).then((result) => {
      if (result.ok && result.body?.require_action === false) {
        forgetCheckoutCopy();
        void Promise.resolve(navigate(CHECKOUT_COMPLETE_PATH, { replace: true, state: { orderId: body.order_id } })).finally(() => cart.empty());
        return;
      }
      const message = result.body?.errors?.[0] ?? t("checkout.failed");
      void navigate("/checkout", { replace: true, state: { paymentError: message } });
    });
  }, [cart, locale, navigate, search, t]);

  return (
    <div className="page-narrow">
      <p role="status">{t("payments.loading")}</p>
    </div>
  );
}
