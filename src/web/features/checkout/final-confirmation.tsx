import { Link } from "react-router";
import type { PaymentMethodChoice } from "../../../domain/payment-methods/payment-method.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { japanDateOf } from "../../../domain/japan-time.ts";
import { shippingPromise } from "../../../domain/delivery-calendar.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { AgeNotice } from "../../shared/site/age-notice.tsx";
import styles from "./checkout.module.css";
import "../../i18n/checkout-texts.ts";
import "../../i18n/preorder-texts.ts";
import "../../i18n/catalog-sales-texts.ts";
import type { CartItem } from "../../../domain/cart.ts";
import { formatJapanDate, shortJapanDate } from "../../../domain/sales-window.ts";

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Today in Japan as yyyy-mm-dd: the latest date the picker offers. */
function todayInJapan(): string {
  const today = japanDateOf(new Date());
  return `${today.year}-${pad2(today.month)}-${pad2(today.day)}`;
}

export const LEGAL_NOTICE_PATH = "/specified-commercial-transaction-act-notes";

interface FinalConfirmationProps {
  method: PaymentMethodChoice;
  /** The bottles ordered: a pre-order's release date says when it ships and is paid (decision 088). */
  items?: readonly CartItem[];
  bottles: number;
  total: number;
  /** The order form's age field (decision 036), shown with the under-20 notice. */
  birthDate: string;
  onBirthDate(value: string): void;
  birthDateError: string | undefined;
}

/**
 * The final confirmation next to the order button that the 2022 amendment of the Act on Specified
 * Commercial Transactions requires (最終確認画面): quantity and price, payment method and when it
 * is paid, delivery timing, returns and cancellation, and the legal notice; plus the under-20 notice
 * a liquor seller shows. Periods come from the shop profile, as the legal notice prints them.
 */
export function FinalConfirmation({ method, items = [], bottles, total, birthDate, onBirthDate, birthDateError }: FinalConfirmationProps) {
  const { t, yen, locale } = useI18n();
  const { shop } = useSite();
  const { terms } = shop;
  const chosen = paymentMethodChoice(method);
  const paymentTiming = chosen.withTerms(chosen.texts.timing, terms, locale, yen);
  // 予約商品 (decision 088): 特商法 §12の6 asks this screen to say when each ships and when it is paid.
  const preorders = items.filter((item) => item.amount > 0 && item.ships_on);
  // Paid through the gateway while ordering (card, saved card, PayPay): charged now, never held until the release date.
  const onlyPreorders = preorders.length > 0 && preorders.length === items.filter((item) => item.amount > 0).length;
  const chargedAtOrder = chosen.checkoutInput === "card" || chosen.checkoutInput === "saved_card" || chosen.checkoutInput === "redirect";

  return (
    <section className={styles.confirmation} aria-labelledby="checkout-confirmation" data-testid="final-confirmation">
      <h2 id="checkout-confirmation" className={styles.sectionHeading}>
        {t("checkout.confirmHeading")}
      </h2>
      <p className={styles.confirmLead}>{t("checkout.confirmLead")}</p>
      <dl className={styles.confirmList}>
        <dt>{t("checkout.confirmAmount")}</dt>
        <dd data-testid="confirm-amount" data-price="">
          {t("checkout.confirmAmountText", { count: bottles, total: yen(total) })}
        </dd>
        <dt>{t("checkout.confirmPayment")}</dt>
        <dd data-testid="confirm-payment">
          {chosen.label[locale]}
          <br />
          {paymentTiming}
          {preorders.length > 0 && (
            <>
              <br />
              <span data-testid="confirm-preorder-payment">{t(chargedAtOrder ? "preorder.paymentAtOrder" : "preorder.paymentAsUsual")}</span>
            </>
          )}
        </dd>
        <dt>{t("checkout.confirmDelivery")}</dt>
        <dd>
          {/* The shop's one shipping promise, from its delivery calendar (decision 054). */}
          {/* An order of pre-orders only ships on their release dates: the usual promise would mislead. */}
          {!onlyPreorders && t("legalNotice.deliveryText", { promise: shippingPromise(shop.deliveryCalendar, locale), days: terms.arrivalWithinDays })}
          {preorders.length > 0 && (
            <div data-testid="confirm-preorder" className={styles.preorder}>
              <p>
                <strong>{t("preorder.confirmHeading")}</strong>
              </p>
              <ul>
                {preorders.map((item) => (
                  <li key={item.id}>
                    {t("preorder.confirmLine", {
                      name: item.name,
                      release: formatJapanDate(item.ships_on!, locale),
                      ships: t("preorder.shipsAround", { date: shortJapanDate(item.ships_on!, locale, new Date()) }),
                    })}
                  </li>
                ))}
              </ul>
              {preorders.length < items.filter((item) => item.amount > 0).length && <p>{t("preorder.separateParcel")}</p>}
            </div>
          )}
        </dd>
        <dt>{t("checkout.confirmReturns")}</dt>
        <dd>
          <p>{t("checkout.confirmCancel")}</p>
          <p>{t("legalNotice.returnsOwnReason")}</p>
          <p>{t("legalNotice.returnsDefective")}</p>
        </dd>
      </dl>
      <p className={styles.legalLink}>
        <Link to={LEGAL_NOTICE_PATH} target="_blank" rel="noopener">
          {t("footer.legalNotice")}
          <span className="visually-hidden">{t("nav.opensInNewTab")}</span>
        </Link>
      </p>
      <div className={styles.ageCheck}>
        <AgeNotice level="total" wording="order" id="checkout-age-notice" />
        <Input
          label={
            <>
              {t("checkout.birthDate")}{" "}
              <span className={styles.required} aria-hidden="true">
                {t("checkout.required")}
              </span>
            </>
          }
          name="birth_date"
          type="date"
          autoComplete="bday"
          required
          max={todayInJapan()}
          hint={t("checkout.birthDateHint")}
          value={birthDate}
          onChange={(event) => onBirthDate(event.target.value)}
          error={birthDateError}
          className={styles.birthDate}
        />
      </div>
    </section>
  );
}
