import type { Stripe } from "@stripe/stripe-js";
// The pure entry injects nothing by itself: Stripe.js is fetched only here, when a card is taken.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { BillingDetails } from "../../../domain/card.ts";
import type { Locale } from "../../../domain/locale.ts";
import { translate } from "../../i18n/i18n.tsx";
import type { CardSource, ProviderResult, StripeProvider } from "./payment-provider.ts";
import { PaymentProviderLoadError } from "./payment-provider.ts";
import "../../i18n/payment-forms-texts.ts";

/** Stripe wants only the details it was given, without empty strings. */
function billingOf(details: BillingDetails): BillingDetails {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value === "string" && value.trim() !== "")) as BillingDetails;
}

export async function loadStripeProvider(publishableKey: string, locale: Locale): Promise<StripeProvider> {
  let stripe: Stripe | null;
  try {
    stripe = await loadStripe(publishableKey, { locale });
  } catch (failure) {
    console.warn("Stripe.js not available", failure);
    throw new PaymentProviderLoadError();
  }
  if (!stripe) {
    console.warn("Stripe.js not available");
    throw new PaymentProviderLoadError();
  }
  const loaded = stripe;
  const elements = loaded.elements({ locale });
  const authenticationFailed = translate(locale, "payments.authenticationFailed");
  const failed = (message: string | undefined, fallback: string): ProviderResult<never> => ({ ok: false, message: message || fallback });

  return {
    kind: "stripe",
    mountCard(container, onMessage) {
      const element = elements.create("card", {
        hidePostalCode: true,
        style: { base: { fontSize: "16px", color: "#2a2421" }, invalid: { color: "#a42a2a" } },
      });
      element.mount(container);
      element.on("change", (event) => onMessage(event.error?.message ?? null));
      return { element, focus: () => element.focus(), destroy: () => element.destroy() };
    },

    async createPaymentMethod(card: CardSource, billing_details) {
      if (card.kind !== "stripe") throw new Error("Stripe takes cards from its own element only");
      const result = await loaded.createPaymentMethod({ type: "card", card: card.element, billing_details: billingOf(billing_details) });
      if (result.error) return failed(result.error.message, translate(locale, "payments.unavailable"));
      return { ok: true, paymentMethodId: result.paymentMethod.id };
    },

    async handleCardAction(clientSecret) {
      // Automatic confirmation (see stripe-gateway.ts): after the challenge the intent is paid by itself.
      const result = await loaded.handleNextAction({ clientSecret });
      if (result.error) return failed(result.error.message, authenticationFailed);
      const intent = result.paymentIntent;
      if (intent && (intent.status === "succeeded" || intent.status === "processing")) return { ok: true, paymentIntentId: intent.id };
      return failed(intent?.last_payment_error?.message, authenticationFailed);
    },

    async confirmCardSetup(clientSecret, paymentMethodId) {
      const result = await loaded.confirmCardSetup(clientSecret, { payment_method: paymentMethodId });
      if (result.error) return failed(result.error.message, authenticationFailed);
      return { ok: true, setupIntentId: result.setupIntent.id };
    },
  };
}
