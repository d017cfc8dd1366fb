import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { cardSavedAnswer, cardSetupAnswer } from "../../../domain/answers/member.ts";
import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { PaymentBrowserConfig, SavedCard } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { useAuth } from "../auth/auth-context.tsx";
import { callApi } from "../site/api.ts";
import type { CardEntryHandle, CardMessage } from "./card-entry.tsx";
import { CardEntry } from "./card-entry.tsx";
import { usePaymentProvider } from "./use-payment-provider.ts";
import "../../i18n/payment-forms-texts.ts";

interface CardSetupFormProps {
  config: PaymentBrowserConfig;
  /** Replacing a saved card: the button reads 更新する instead of 登録する. */
  replacing: boolean;
  onSaved(card: SavedCard): void;
}

type SaveAnswer = AnswerOrRefusal<typeof cardSavedAnswer>;

/**
 * The card form of /mypage/credit: idle or processing ('Processing...',
 * disabled, one submission at a time). The SetupIntent's client secret comes from
 * GET /api/cards/edit; the card goes to the gateway (createPaymentMethod, confirmCardSetup with its
 * 3-D Secure challenge), and only the SetupIntent's id goes to PUT /api/cards. A card error shows
 * under the card field and the focus returns to it.
 */
export function CardSetupForm({ config, replacing, onSaved }: CardSetupFormProps) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const providerState = usePaymentProvider(config);
  const card = useRef<CardEntryHandle>(null);
  const clientSecret = useRef<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<CardMessage | null>(null);

  async function fetchClientSecret(): Promise<string | null> {
    const answer = await callApi<AnswerOrRefusal<typeof cardSetupAnswer>>(locale, "/cards/edit");
    if (answer.ok && answer.body?.client_secret) return answer.body.client_secret;
    console.warn("card setup not started", answer.status);
    return null;
  }

  // The SetupIntent is asked for as the form opens; a declined card may retry on the same one.
  useEffect(() => {
    let current = true;
    fetchClientSecret()
      .then((secret) => {
        if (current && secret) clientSecret.current = secret;
      })
      .catch((failure: unknown) => console.warn("card setup not started", failure));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  function showCardError(error: CardMessage) {
    setCardError(error);
    // After React has shown the message, so the field is announced with it.
    requestAnimationFrame(() => card.current?.focus(error.field));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing || providerState.status !== "ready") return;
    const source = card.current?.source();
    if (!source) return;
    const provider = providerState.provider;
    setProcessing(true);
    setCardError(null);
    try {
      const secret = clientSecret.current ?? (await fetchClientSecret());
      if (!secret) return showCardError({ message: t("payments.unavailable") });
      clientSecret.current = secret;
      const method = await provider.createPaymentMethod(source, { name: user?.user_name, email: user?.email, phone: user?.tel });
      if (!method.ok) return showCardError(method);
      const setup = await provider.confirmCardSetup(secret, method.paymentMethodId);
      if (!setup.ok) return showCardError(setup);
      const saved = await callApi<SaveAnswer>(locale, "/cards", { method: "PUT", body: { setup_intent_id: setup.setupIntentId } });
      if (saved.ok && saved.body?.card) {
        clientSecret.current = null;
        onSaved(saved.body.card);
        return;
      }
      console.warn("card not saved", saved.status);
      showCardError({ message: saved.body?.errors?.[0] ?? t("payments.unavailable") });
    } catch (failure) {
      console.warn("card not saved", failure);
      showCardError({ message: t("payments.unavailable") });
    } finally {
      setProcessing(false);
    }
  }

  if (providerState.status === "failed") return <Notice tone="danger">{providerState.message}</Notice>;
  if (providerState.status === "loading") return <p role="status">{t("payments.loading")}</p>;
  return (
    <form noValidate onSubmit={save} aria-busy={processing}>
      <CardEntry ref={card} provider={providerState.provider} error={cardError} onEdit={() => setCardError(null)} />
      <Button type="submit" disabled={processing}>
        {processing ? t("payments.processing") : replacing ? t("mypageCredit.update") : t("mypageCredit.register")}
      </Button>
    </form>
  );
}
