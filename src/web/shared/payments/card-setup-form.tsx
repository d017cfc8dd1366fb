import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { cardSavedAnswer, cardSetupAnswer } from "../../../domain/answers/member.ts";
import { useEffect, useRef } from "react";
import type { FormEvent } from "react";
import type { PaymentBrowserConfig, SavedCard } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../auth/auth-context.tsx";
import { callApi } from "../site/api.ts";
import { CardForm, useCardForm } from "./card-form.tsx";
import type { CardSource, PaymentProvider } from "./payment-provider.ts";
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
  const form = useCardForm(config);
  const { showCardError } = form;
  const clientSecret = useRef<string | null>(null);

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

  async function saveCard(provider: PaymentProvider, source: CardSource) {
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
  }

  function save(event: FormEvent<HTMLFormElement>) {
    void form.submitWith(event, saveCard, (failure) => {
      console.warn("card not saved", failure);
      showCardError({ message: t("payments.unavailable") });
    });
  }

  return <CardForm form={form} onSubmit={save} label={replacing ? t("mypageCredit.update") : t("mypageCredit.register")} />;
}
