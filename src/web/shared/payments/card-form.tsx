import { useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { CardEntryHandle, CardMessage } from "./card-entry.tsx";
import { CardEntry } from "./card-entry.tsx";
import type { CardSource, PaymentProvider } from "./payment-provider.ts";
import { usePaymentProvider } from "./use-payment-provider.ts";
import "../../i18n/payment-forms-texts.ts";

/**
 * A form of one card field over the gateway's script (My Page's card, the payment link): the
 * provider's state, the field, its message and one submission at a time. `submitWith` runs the
 * form's own work with the gateway and what was typed; `onFailure` takes what it threw.
 */
export function useCardForm(config: PaymentBrowserConfig) {
  const providerState = usePaymentProvider(config);
  const card = useRef<CardEntryHandle>(null);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<CardMessage | null>(null);

  function showCardError(error: CardMessage) {
    setCardError(error);
    // After React has shown the message, so the field is announced with it.
    requestAnimationFrame(() => card.current?.focus(error.field));
  }

  async function submitWith(
    event: FormEvent<HTMLFormElement>,
    work: (provider: PaymentProvider, source: CardSource) => Promise<void>,
    onFailure: (failure: unknown) => void,
  ) {
    event.preventDefault();
    if (processing || providerState.status !== "ready") return;
    const source = card.current?.source();
    if (!source) return;
    setProcessing(true);
    setCardError(null);
    try {
      await work(providerState.provider, source);
    } catch (failure) {
      onFailure(failure);
    } finally {
      setProcessing(false);
    }
  }

  return { providerState, card, processing, cardError, setCardError, showCardError, submitWith };
}

interface CardFormProps {
  form: ReturnType<typeof useCardForm>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The button's words (処理中… while a submission is out). */
  label: string;
  block?: boolean;
  testId?: string;
  /** Above the card field: the form's own notice. */
  children?: ReactNode;
}

/** The card form drawn: the gateway's failure or its loading, else the card field and the button. */
export function CardForm({ form, onSubmit, label, block = false, testId, children }: CardFormProps) {
  const { t } = useI18n();
  const { providerState, card, processing, cardError, setCardError } = form;
  if (providerState.status === "failed") return <Notice tone="danger">{providerState.message}</Notice>;
  if (providerState.status === "loading") return <p role="status">{t("payments.loading")}</p>;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={processing} data-testid={testId}>
      {children}
      <CardEntry ref={card} provider={providerState.provider} error={cardError} onEdit={() => setCardError(null)} />
      <Button type="submit" block={block} disabled={processing}>
        {processing ? t("payments.processing") : label}
      </Button>
    </form>
  );
}
