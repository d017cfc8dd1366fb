import type { BillingDetails, CardInputError, CardInputField } from "../../../domain/card.ts";
import { cardBrandOf, cardDigits, checkCardNumber, checkCvc, checkExpiry, parseExpiry } from "../../../domain/card.ts";
import { japanDateOf } from "../../../domain/japan-time.ts";
import type { Locale } from "../../../domain/locale.ts";
import { I18nProvider, translate } from "../../i18n/i18n.tsx";
import { csrfToken } from "../site/api.ts";
import { ChallengeDialog } from "./challenge-dialog.tsx";
import type { CardSource, ProviderResult, TestCardValues, TestProvider } from "./payment-provider.ts";
import "../../i18n/payment-forms-texts.ts";

/** What /test-gateway answers about an intent (BrowserIntent on the server). */
interface GatewayIntent {
  kind: "payment_intent" | "setup_intent";
  id: string;
  status: string;
  error: { message: string } | null;
}

/** The card field's own check, before anything is sent (Stripe's element does the same). */
export function cardValuesProblem(values: TestCardValues, today = japanDateOf(new Date())): { field: CardInputField; error: CardInputError } | null {
  const numberError = checkCardNumber(values.number);
  if (numberError) return { field: "number", error: numberError };
  const expiry = parseExpiry(values.expiry);
  if (expiry === "incomplete") return { field: "expiry", error: "expiry_incomplete" };
  if (expiry === "invalid") return { field: "expiry", error: "expiry_invalid" };
  const expiryError = checkExpiry(expiry.month, expiry.year, today);
  if (expiryError) return { field: "expiry", error: expiryError };
  const cvcError = checkCvc(values.cvc, cardBrandOf(cardDigits(values.number)));
  return cvcError ? { field: "cvc", error: cvcError } : null;
}

async function gatewayCall<T>(path: string, body?: unknown): Promise<{ ok: boolean; status: number; body: T }> {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json", "x-csrf-token": csrfToken() }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { ok: response.ok, status: response.status, body: (await response.json()) as T };
}

/**
 * Shows /test-gateway/3ds in the payment dialog and resolves when that page says the challenge
 * ended ("done") or the shopper closed the dialog ("closed"). Like Stripe.js, it draws its own
 * modal on top of whatever page asked, so pages need nothing for it.
 */
async function runChallenge(intentId: string, clientSecret: string, locale: Locale): Promise<"done" | "closed"> {
  // Imported here, not at the top: the server renders this module too and never needs react-dom/client
  // (~3 MB of its heap, decision 048); in the browser it is already loaded for hydration.
  const { createRoot } = await import("react-dom/client");
  return new Promise((resolve) => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    let frame: HTMLIFrameElement | null = null;
    const finish = (how: "done" | "closed") => {
      window.removeEventListener("message", onMessage);
      root.unmount();
      host.remove();
      resolve(how);
    };
    // Only the challenge page in our own frame may end the challenge.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: unknown; id?: unknown } | null;
      if (event.origin !== window.location.origin || !frame || event.source !== frame.contentWindow) return;
      if (data?.source === "kura-test-gateway" && data.id === intentId) finish("done");
    };
    window.addEventListener("message", onMessage);
    const url = `/test-gateway/3ds/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`;
    root.render(
      <I18nProvider locale={locale}>
        <ChallengeDialog url={url} frameRef={(element) => (frame = element)} onClose={() => finish("closed")} />
      </I18nProvider>,
    );
  });
}

/** The built-in test gateway's browser side: its card field's values go to /test-gateway only. */
export function createTestProvider(locale: Locale): TestProvider {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const unavailable = (): ProviderResult<never> => ({ ok: false, message: t("payments.unavailable") });

  async function readIntent(clientSecret: string): Promise<GatewayIntent | null> {
    const answer = await gatewayCall<GatewayIntent>(`/test-gateway/intent?client_secret=${encodeURIComponent(clientSecret)}`);
    return answer.ok ? answer.body : null;
  }

  /** A waiting intent goes through the challenge; the answer is how it stands afterwards. */
  async function authenticate(intent: GatewayIntent, clientSecret: string): Promise<GatewayIntent | null> {
    if (intent.status !== "requires_action") return intent;
    const how = await runChallenge(intent.id, clientSecret, locale);
    // An abandoned challenge fails, as Stripe's does.
    if (how === "closed") await gatewayCall(`/test-gateway/3ds/${encodeURIComponent(intent.id)}`, { client_secret: clientSecret, result: "fail" });
    return readIntent(clientSecret);
  }

  return {
    kind: "test",

    async createPaymentMethod(card: CardSource, billing_details: BillingDetails) {
      if (card.kind !== "test") throw new Error("The test gateway takes cards from its own field only");
      const problem = cardValuesProblem(card.values);
      if (problem) return { ok: false, message: t(`payments.error.${problem.error}`), field: problem.field };
      const expiry = parseExpiry(card.values.expiry) as { month: number; year: number };
      try {
        const answer = await gatewayCall<{ id: string; error?: { message: string; param?: string } }>("/test-gateway/payment_methods", {
          card: { number: cardDigits(card.values.number), exp_month: expiry.month, exp_year: expiry.year, cvc: card.values.cvc },
          billing_details,
          locale,
        });
        if (answer.ok) return { ok: true, paymentMethodId: answer.body.id };
        const param = answer.body.error?.param;
        const field = param === "cvc" ? "cvc" : param?.startsWith("exp") ? "expiry" : "number";
        return answer.body.error ? { ok: false, message: answer.body.error.message, field } : unavailable();
      } catch (failure) {
        console.warn("test gateway not reached", failure);
        return unavailable();
      }
    },

    async handleCardAction(clientSecret) {
      try {
        const intent = await readIntent(clientSecret);
        const settled = intent && (await authenticate(intent, clientSecret));
        if (!settled) return unavailable();
        if (settled.status === "succeeded") return { ok: true, paymentIntentId: settled.id };
        return { ok: false, message: settled.error?.message ?? t("payments.authenticationFailed") };
      } catch (failure) {
        console.warn("test gateway not reached", failure);
        return unavailable();
      }
    },

    async confirmCardSetup(clientSecret, paymentMethodId) {
      try {
        const answer = await gatewayCall<GatewayIntent>("/test-gateway/setup_intents/confirm", {
          client_secret: clientSecret,
          payment_method: paymentMethodId,
          locale,
        });
        if (!answer.ok) return unavailable();
        const settled = await authenticate(answer.body, clientSecret);
        if (!settled) return unavailable();
        if (settled.status === "succeeded") return { ok: true, setupIntentId: settled.id };
        return { ok: false, message: settled.error?.message ?? t("payments.authenticationFailed"), field: "number" };
      } catch (failure) {
        console.warn("test gateway not reached", failure);
        return unavailable();
      }
    },
  };
}
