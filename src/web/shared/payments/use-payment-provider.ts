import { useEffect, useState } from "react";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import type { PaymentProvider } from "./payment-provider.ts";
import { loadPaymentProvider } from "./load-payment-provider.ts";
import { PaymentProviderLoadError } from "./payment-provider.ts";
import "../../i18n/payment-forms-texts.ts";

export type ProviderState = { status: "loading" } | { status: "ready"; provider: PaymentProvider } | { status: "failed"; message: string };

/**
 * The page's payment provider, loaded after hydration when `wanted` (the card form is shown).
 * Stripe.js that cannot be loaded gives the message 'Failed to load Stripe.js'.
 */
export function usePaymentProvider(config: PaymentBrowserConfig, wanted = true): ProviderState {
  const { locale, t } = useI18n();
  const [state, setState] = useState<ProviderState>({ status: "loading" });
  const key = config.kind === "stripe" ? config.publishableKey : "test";

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadPaymentProvider(config, locale).then(
      (provider) => current && setState({ status: "ready", provider }),
      (failure: unknown) => {
        if (!current) return;
        if (!(failure instanceof PaymentProviderLoadError)) console.warn("payment provider not loaded", failure);
        setState({ status: "failed", message: failure instanceof PaymentProviderLoadError ? failure.message : t("payments.unavailable") });
      },
    );
    return () => {
      current = false;
    };
    // The config object is new on every render; its kind and key are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, locale, wanted]);

  return state;
}
