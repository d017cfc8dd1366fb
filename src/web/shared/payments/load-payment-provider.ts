import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { PaymentProvider } from "./payment-provider.ts";

// Apart from payment-provider.ts (the interface) so that each provider can import the interface
// without the interface's file importing the providers back (an import cycle, decision 028).

/**
 * Loads the provider the server chose (from the page's PaymentBrowserConfig). Each kind is its own
 * chunk, fetched only by the pages that take cards (/checkout, /mypage/credit). A Stripe.js that
 * cannot be loaded rejects with PaymentProviderLoadError ('Failed to load Stripe.js').
 */
export async function loadPaymentProvider(config: PaymentBrowserConfig, locale: Locale): Promise<PaymentProvider> {
  if (config.kind === "stripe") {
    const { loadStripeProvider } = await import("./stripe-provider.ts");
    return loadStripeProvider(config.publishableKey, locale);
  }
  const { createTestProvider } = await import("./test-provider.tsx");
  return createTestProvider(locale);
}
