import { useState } from "react";
import type { FormEvent } from "react";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import type { PayByLinkAnswer, PayByLinkBody } from "../../../domain/payment-link.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { CardForm, useCardForm } from "../../shared/payments/card-form.tsx";
import type { CardSource, PaymentProvider } from "../../shared/payments/payment-provider.ts";
import { callApi } from "../../shared/site/api.ts";
import { newIdempotencyKey } from "../../shared/site/request-key.ts";
import { Notice } from "../../ui/notice.tsx";
import "../../i18n/orders-texts.ts";
import "../../i18n/payment-forms-texts.ts";

interface PayByCardProps {
  config: PaymentBrowserConfig;
  token: string;
  /** The button's words: 「7,810 円 を支払う」. */
  label: string;
  billingName: string;
  onPaid(outcome: "paid" | "processing"): void;
}

/**
 * The payment link's card form (decision 082): the checkout's card field over the gateway's script
 * (Stripe's element, or the test gateway's field), then POST /api/pay/{token} with the payment
 * method the gateway made — the card itself never reaches the shop. When the gateway asks for 3-D
 * Secure, the challenge runs and the page posts again with the payment it settled, as checkout does.
 * A refused card shows the gateway's message under the field; another press is a new attempt.
 */
export function PayByCard({ config, token, label, billingName, onPaid }: PayByCardProps) {
  const { t, locale } = useI18n();
  const form = useCardForm(config);
  const { showCardError } = form;
  const [failure, setFailure] = useState<string | null>(null);

  function post(body: PayByLinkBody) {
    // A new key per post: a lost answer resent by the browser is the same attempt, a new press is not.
    return callApi<PayByLinkAnswer>(locale, `/pay/${encodeURIComponent(token)}`, { method: "POST", body, headers: { "idempotency-key": newIdempotencyKey() } });
  }

  async function payWith(provider: PaymentProvider, source: CardSource) {
    setFailure(null);
    const method = await provider.createPaymentMethod(source, { name: billingName });
    if (!method.ok) return showCardError(method);
    let answer = await post({ payment_method_id: method.paymentMethodId });
    if (answer.ok && answer.body?.require_action && answer.body.payment_intent_client_secret) {
      const action = await provider.handleCardAction(answer.body.payment_intent_client_secret);
      if (!action.ok) return showCardError({ message: action.message || t("payments.authenticationFailed") });
      answer = await post({ payment_intent_id: action.paymentIntentId });
      if (answer.ok && answer.body?.require_action) return showCardError({ message: t("payments.authenticationFailed") });
    }
    if (answer.ok && answer.body?.paid) return onPaid("paid");
    if (answer.ok && !answer.body?.require_action) return onPaid("processing");
    const message = answer.body?.errors?.[0];
    if (answer.status === 402) return showCardError({ message: message ?? t("payments.unavailable") });
    setFailure(message ?? t("payLink.failed"));
  }

  function pay(event: FormEvent<HTMLFormElement>) {
    void form.submitWith(event, payWith, (error) => {
      console.warn("payment link not paid", error);
      setFailure(t("payLink.failed"));
    });
  }

  return (
    <CardForm form={form} onSubmit={pay} label={label} block testId="pay-by-card">
      {failure && <Notice tone="danger">{failure}</Notice>}
    </CardForm>
  );
}
