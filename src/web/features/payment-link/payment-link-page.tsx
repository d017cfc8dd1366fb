import { useState, useSyncExternalStore } from "react";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { formatDateTime, formatYen } from "../../../domain/format.ts";
import type { PaymentLinkView } from "../../../domain/payment-link.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { TestModeBadge } from "../../shared/payments/test-mode-badge.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import type { MessageKey } from "../../i18n/ja.ts";
import { Notice } from "../../ui/notice.tsx";
import type { NoticeTone } from "../../ui/notice.tsx";
import { PayByCard } from "./pay-by-card.tsx";
import styles from "./payment-link.module.css";
import "../../i18n/orders-texts.ts";

const noSubscription = () => () => undefined;

/** What the page says once the card is paid here (`done`), or when the link was already done with (`state`). */
const OUTCOME_NOTICES = {
  paid: { tone: "success", text: "payLink.done" },
  processing: { tone: "info", text: "payLink.processing" },
} as const satisfies Record<string, { tone: NoticeTone; text: MessageKey }>;
const STATE_NOTICES = {
  paid: { tone: "success", text: "payLink.paid" },
  cancelled: { tone: "info", text: "payLink.cancelled" },
  expired: { tone: "danger", text: "payLink.expired" },
} as const satisfies Record<Exclude<PaymentLinkView["state"], "payable">, { tone: NoticeTone; text: MessageKey }>;

/**
 * /pay/{token}: the order a payment link names and, while it can be paid, the card form (decision
 * 082). Drawn on the server: the order, the total and the states (paid, cancelled, expired) show
 * without JavaScript; the card field needs the gateway's script, so without it the page says so and
 * gives the shop's phone number (card data never passes through the shop's own form).
 */
export function PaymentLinkPage({ view, token, payments }: { view: PaymentLinkView; token: string; payments: PaymentBrowserConfig }) {
  const { t, locale } = useI18n();
  const { shop } = useSite();
  const [outcome, setOutcome] = useState<"paid" | "processing" | null>(null);
  // The card form is drawn once the page runs its script; before that (or without it) the noscript line speaks.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const contact = { phone: shop.phone, email: shop.email };
  const yen = (amount: number) => formatYen(amount, locale);

  const state = outcome ? null : view.state;
  const stateNotice = state && state !== "payable" ? STATE_NOTICES[state] : undefined;
  return (
    <div className="page-narrow">
      <h1 className="page-title">
        {t("payLink.pageTitle")} <TestModeBadge config={payments} />
      </h1>
      {outcome && (
        <Notice tone={OUTCOME_NOTICES[outcome].tone} testId="pay-link-done">
          {t(OUTCOME_NOTICES[outcome].text)}
        </Notice>
      )}
      {stateNotice && (
        <Notice tone={stateNotice.tone} testId="pay-link-state">
          {t(stateNotice.text, contact)}
        </Notice>
      )}
      {state === "payable" && <p>{t("payLink.lead", { name: view.name, shop: shop.shopName[locale] })}</p>}
      <dl className={styles.facts}>
        <dt>{t("payLink.orderNumber")}</dt>
        <dd data-testid="pay-link-order">{view.order_number}</dd>
        {state === "payable" && (
          <>
            <dt>{t("payLink.deadline")}</dt>
            <dd>{formatDateTime(new Date(view.expires_at), locale)}</dd>
          </>
        )}
      </dl>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">{t("payLink.item")}</th>
            <th scope="col" className={styles.amount}>
              {t("payLink.quantity")}
            </th>
            <th scope="col" className={styles.amount}>
              {t("payLink.subtotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((item, index) => (
            <tr key={index}>
              <td>
                {item.reduced ? "※" : ""}
                {item.name}
              </td>
              <td className={styles.amount}>{item.amount}</td>
              <td className={styles.amount}>{yen(item.line_total)}</td>
            </tr>
          ))}
          {view.charges.map((charge, index) => (
            <tr key={`charge-${index}`}>
              <td colSpan={2}>{charge.label}</td>
              <td className={styles.amount}>{yen(charge.amount)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={2}>{t("payLink.tax")}</td>
            <td className={styles.amount}>{yen(view.tax)}</td>
          </tr>
        </tbody>
        <tfoot className={styles.total}>
          <tr>
            <th scope="row" colSpan={2}>
              {t("payLink.total")}
            </th>
            <td className={styles.amount} data-testid="pay-link-total">
              {yen(view.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {view.items.some((item) => item.reduced) && <p className={styles.note}>{t("payLink.reducedNote")}</p>}
      {state === "payable" && (
        <>
          <noscript>
            <Notice tone="info">{t("payLink.needsJavaScript", { phone: shop.phone })}</Notice>
          </noscript>
          {hydrated && (
            <PayByCard config={payments} token={token} label={t("payLink.pay", { total: yen(view.total) })} billingName={view.name} onPaid={setOutcome} />
          )}
          <p className={styles.secure}>{t("payLink.secure")}</p>
        </>
      )}
    </div>
  );
}
