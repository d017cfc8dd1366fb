import { useMemo, useState, useSyncExternalStore } from "react";
import type { ReactNode } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { DeliveryCalendarInput } from "../../../domain/delivery-calendar.ts";
import type { PaymentBrowserConfig } from "../../../domain/card.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Textarea } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { AddressFields, addressPayload } from "../../shared/address/address-fields.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { MEMO_MAX_LENGTH } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import { ContactFields } from "./contact-fields.tsx";
import { DeliveryChoice, deliveryPrefectureOf, useAddressBook } from "./delivery-choice.tsx";
import { DeliveryWishFields } from "./delivery-wish-fields.tsx";
import { GiftFields } from "./gift-fields.tsx";
import { giftOptionsOfForm } from "./checkout-order.ts";
import { giftOffered } from "../../../domain/gift.ts";
import { FinalConfirmation } from "./final-confirmation.tsx";
import type { RejectedItem } from "./items-rejected-dialog.tsx";
import { LeavePrompt } from "./leave-prompt.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { CouponField } from "./coupon-field.tsx";
import { PointsField, PointsToEarn } from "./points-field.tsx";
import { orderPointsToEarn } from "../../../domain/points.ts";
import { checkoutPointsOf } from "./checkout-points.ts";
import { refusedMethods } from "./checkout-method-state.ts";
import { appliedCouponsOf } from "./checkout-figures.ts";
import type { CouponPreview } from "../../../domain/coupon-input.ts";
import { PaymentSection } from "./payment-section.tsx";
import { useCheckout } from "./use-checkout.ts";
import { forgetCheckoutCopy } from "./use-checkout-items.ts";
import type { BankAccount, MemberData, PageReference } from "./use-checkout-reference.ts";
import { useBankAccounts, useCheckoutReference, useMemberData } from "./use-checkout-reference.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { RefusedNotice } from "../../shared/site/refused-notice.tsx";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { CONFIRMED_FIELD, ITEMS_FIELD, confirmedFieldOf, itemsFieldOf } from "./checkout-fields.ts";
import type { CheckoutStart } from "./use-checkout.ts";
import type { CheckoutRefusal } from "./checkout-action.ts";
import { checkoutFormOfFields } from "./checkout-fields.ts";
import { fieldErrorMessages, hasFieldErrors, serverFieldErrors } from "./checkout-order.ts";
import { initialCheckoutForm } from "./initial-checkout-form.ts";
import { useCheckoutFigures } from "./use-checkout-totals.ts";
import { useDeliveryDates } from "./use-delivery-dates.ts";
import { Checkbox } from "../../ui/field.tsx";
import { destinationQuotes, MAX_DESTINATIONS } from "../../../domain/destinations.ts";
import { DestinationsSummary, SeveralDestinations } from "./several-destinations.tsx";
import { DESTINATIONS_ACTION_FIELD, SEVERAL_FIELD, destinationsCharging, destinationsFieldMessages, splitShipmentFields } from "./destinations-form.ts";
import "../../i18n/destinations-pages-texts.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/payment-forms-texts.ts";
import "../../i18n/member-forms-texts.ts";

/**
 * What the page's loader read for the form (decision 058), so the server draws the whole form and
 * hydration draws the same; whatever is missing the browser fetches as before.
 */
export interface CheckoutPageData {
  reference: PageReference;
  member?: MemberData | undefined;
  addressBook?: AddressBookEntry[] | undefined;
  banks?: BankAccount[] | undefined;
  /** The request key of an order posted by the form without the script (Idempotency-Key, decision 049). */
  requestKey: string;
  /**
   * A member's points (decision 089): the balance, the rate they earn at and whether shipping and fees
   * earn too (the summary's 獲得予定ポイント); absent for a guest or when it could not be read.
   */
  points?: { balance: number; ratePercent?: number; onCharges?: boolean; grantOn?: "paid" | "shipped" } | undefined;
}

// Whether this is the browser after hydration: nothing to subscribe to.
const noSubscription = () => () => undefined;

/** The form as the last post left it, when it placed nothing: what was typed and the answer's messages. */
function useCheckoutStart(actionData: CheckoutRefusal | { ok: true } | undefined, book: AddressBookEntry[] | undefined): CheckoutStart | undefined {
  const { t } = useI18n();
  const { user } = useAuth();
  const { shop } = useSite();
  const defaultCountryName = t("address.defaultCountryName");
  return useMemo(() => {
    if (!actionData || actionData.ok) return undefined;
    const form = checkoutFormOfFields(actionData.values, initialCheckoutForm(user, defaultCountryName, shop), { defaultCountryName, book: book ?? [] });
    // The destinations' messages (shipments.3.recipient.zip…) go next to their block's fields (decision 096).
    const { shipments, others } = splitShipmentFields(actionData.fields);
    const { errors, unplaced } = serverFieldErrors(others);
    const placed = hasFieldErrors(errors) || Object.keys(shipments).length > 0;
    return {
      form,
      errors,
      loose: placed ? unplaced : actionData.errors,
      notice: actionData.notice,
      coupons: actionData.coupons,
      several: actionData.several ? { destinations: actionData.several.destinations, errors: shipments } : undefined,
    };
  }, [actionData, book, defaultCountryName, shop, user]);
}

/** Loads what checkout needs, then shows the form. */
export function CheckoutLoader({
  items,
  payments,
  deliveryCalendar,
  onRejected,
  preview,
  fromPage,
  posted,
}: {
  items: CartItem[];
  payments: PaymentBrowserConfig;
  deliveryCalendar: DeliveryCalendarInput;
  onRejected(items: RejectedItem[]): void;
  /** What shows while the figures load: the route's summary of the bottles. */
  preview: ReactNode;
  fromPage: CheckoutPageData;
  /** What the page's action answered, when the form was posted without the script and placed nothing. */
  posted?: CheckoutRefusal | { ok: true } | undefined;
}) {
  const { t } = useI18n();
  const { user } = useAuth();
  const start = useCheckoutStart(posted, fromPage.addressBook);
  const purchasableIds = items.filter((item) => item.amount > 0).map((item) => item.id);
  const reference = useCheckoutReference(purchasableIds, fromPage.reference);
  const member = useMemberData(user !== null, fromPage.member);
  const { shippingFee, taxRate, timezones } = reference;

  if (shippingFee === null || taxRate === null || timezones === null) return <Notice tone="danger">{t("checkout.loadFailed")}</Notice>;
  if (shippingFee === undefined || taxRate === undefined || timezones === undefined || member.address === undefined) return preview;
  return (
    <CheckoutForm
      items={items}
      payments={payments}
      deliveryCalendar={deliveryCalendar}
      taxRate={taxRate}
      timezones={timezones}
      member={member}
      onRejected={onRejected}
      fromPage={fromPage}
      start={start}
    />
  );
}

/** One of the form's sections, named by its heading. */
function FormSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

interface CheckoutFormProps {
  items: CartItem[];
  payments: PaymentBrowserConfig;
  /** The moment and the public holidays ahead, from the server: the delivery window follows the typed prefecture. */
  deliveryCalendar: DeliveryCalendarInput;
  taxRate: number;
  timezones: Record<string, string>;
  member: ReturnType<typeof useMemberData>;
  onRejected(items: RejectedItem[]): void;
  fromPage: CheckoutPageData;
  start?: CheckoutStart | undefined;
}

function CheckoutForm({ items, payments, deliveryCalendar, taxRate, timezones, member, onRejected, fromPage, start }: CheckoutFormProps) {
  const { user } = useAuth();
  const { t } = useI18n();
  const { shop } = useSite();
  const {
    formRef,
    purchasable,
    checkoutForm,
    destinations: severalState,
    payment,
    submission,
  } = useCheckout(items, payments, member.address, onRejected, start, fromPage.addressBook);
  const { form, errors, edit } = checkoutForm;
  const { several, destinations } = severalState;
  const addressBook = useAddressBook(user !== null, fromPage.addressBook);
  // Before hydration (or without JavaScript) the form is posted to the page's action (decision 058):
  // nothing may be disabled that only the script would enable.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Shipping and the delivery window follow where the parcel goes — the recipient's prefecture when
  // it goes to someone else — as it is chosen (shipping-table.ts, delivery-calendar.ts).
  const deliveryPrefecture = deliveryPrefectureOf(form.delivery, addressPayload(form.address).prefecture);
  // The coupons the server found usable together on this cart (decision 086): their 値引き lines are in the summary.
  const [couponPreviews, setCouponPreviews] = useState<CouponPreview[]>(start?.coupons ?? []);
  const appliedCoupons = appliedCouponsOf(couponPreviews, purchasable);
  // Points (decision 089): at most the balance and the goods after the coupon; the summary counts what may be used.
  const pointsBalance = fromPage.points?.balance ?? 0;
  const points = checkoutPointsOf(purchasable, taxRate, appliedCoupons, pointsBalance, form.usePoints);
  // Several destinations (decision 087): shipping and wrapping per destination, by the same domain rule the server charges with.
  const buyerPrefecture = addressPayload(form.address).prefecture;
  const charging = several ? destinationsCharging(destinations, purchasable, buyerPrefecture) : undefined;
  const { totals, refusals: figureRefusals } = useCheckoutFigures(
    purchasable,
    form.method,
    taxRate,
    { deliveryPrefecture, destinations: charging },
    several ? null : giftOptionsOfForm(form.gift),
    appliedCoupons,
    points.used,
  );
  const quotes = charging ? destinationQuotes(charging, { shipping: shop.terms.shipping, taxRatePercent: taxRate }) : [];
  const deliveryDates = useDeliveryDates(deliveryCalendar, deliveryPrefecture);
  const chosen = paymentMethodChoice(form.method);
  const banks = useBankAccounts(chosen.showsBankAccounts, fromPage.banks);
  // A chosen method the total (with its fee) no longer allows (cod) falls back to the first offered (credit by default).
  // Several parcels are never paid on delivery: the carrier collects on one (decision 087).
  const refusals = refusedMethods(figureRefusals, several, t("destinations.codRefused"));
  const chosenRefusal = refusals[form.method];
  if (chosenRefusal) payment.refuseMethod(form.method, chosenRefusal);
  const unavailable = items.filter((item) => item.amount === 0);
  const bottles = purchasable.reduce((sum, item) => sum + item.amount, 0);
  const purchaseDisabled = submission.processing || (hydrated && payment.needsProvider && payment.provider.status !== "ready");

  return (
    <>
      <form
        ref={formRef}
        method="post"
        className={styles.layout}
        noValidate
        onSubmit={submission.submit}
        aria-busy={submission.processing}
        data-testid="checkout-form"
        // Set once the script owns the form (its chunk hydrated): until then it is the server's plain form.
        data-interactive={hydrated ? "true" : undefined}
      >
        {/* Enter in a field submits with the form's first submit button: this copy of 購入 comes before the
            several destinations' add and remove buttons, so Enter never adds or removes a destination. Disabled
            as 購入 is (a disabled default button makes Enter do nothing). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={purchaseDisabled}>
          {t("checkout.submit")}
        </button>
        <CsrfField />
        <RequestKeyField value={fromPage.requestKey} />
        <input type="hidden" name={ITEMS_FIELD} value={itemsFieldOf(purchasable)} />
        {/* The amount the final confirmation shows: a post for another amount is asked to confirm again. */}
        <input type="hidden" name={CONFIRMED_FIELD} value={confirmedFieldOf(form.method, totals.total)} />
        <aside className={styles.aside} aria-labelledby="checkout-summary">
          <h2 id="checkout-summary" className={styles.sectionHeading}>
            {t("checkout.summaryHeading")}
          </h2>
          <OrderSummary items={purchasable} totals={totals} taxRate={taxRate} />
          {fromPage.points?.ratePercent !== undefined && (
            <PointsToEarn
              points={orderPointsToEarn(
                {
                  lines: purchasable.map((item, index) => ({ ...points.lines[index]!, productRatePercent: item.point_rate ?? null })),
                  couponLines: points.couponLines,
                  pointsUsed: points.used,
                  chargeLines: totals.chargeLines,
                  taxRatePercent: taxRate,
                },
                { ratePercent: fromPage.points.ratePercent, onCharges: fromPage.points.onCharges ?? false },
              )}
              grantOn={fromPage.points.grantOn ?? "paid"}
              paidWhen={chosen.paidWhen}
            />
          )}
          {several && <DestinationsSummary destinations={destinations} items={purchasable} quotes={quotes} />}
          <CouponField
            applied={couponPreviews}
            initialCodes={start ? [start.form.couponCode ?? "", ...(start.form.couponCodes ?? [])] : []}
            errors={errors.other}
            onApplied={(previews) => {
              setCouponPreviews(previews);
              edit.setCoupons(previews.map((each) => each.code));
            }}
            onRefused={(still, messages) => {
              setCouponPreviews(still);
              edit.setCoupons(
                still.map((each) => each.code),
                messages,
              );
            }}
            onRemoved={(still) => {
              setCouponPreviews(still);
              edit.setCoupons(still.map((each) => each.code));
            }}
          />
          {user !== null && fromPage.points && (pointsBalance > 0 || (form.usePoints ?? "") !== "") && (
            <PointsField
              balance={pointsBalance}
              usable={points.usable}
              value={form.usePoints ?? ""}
              error={errors.other.use_points}
              onChange={edit.setUsePoints}
            />
          )}
          {unavailable.length > 0 && <Notice tone="info">{t("checkout.unavailableItems", { names: unavailable.map((item) => item.name).join("、") })}</Notice>}
        </aside>

        <div className={styles.main}>
          {start?.notice && (
            <Notice tone="info" testId="checkout-confirm-again">
              {start.notice}
            </Notice>
          )}
          {start && <RefusedNotice errors={start.loose} />}
          {start && (hasFieldErrors(start.errors) || Object.keys(start.several?.errors ?? {}).length > 0) && (
            // A post answered without the script lands at the page's top: say here what is below.
            <Notice tone="danger" testId="checkout-field-summary">
              <p>{t("checkout.checkFieldsBelow")}</p>
              <ul>
                {[...fieldErrorMessages(start.errors), ...destinationsFieldMessages(start.several?.errors ?? {}, t)].map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Notice>
          )}
          <FormSection id="checkout-contact" heading={t("checkout.contactHeading")}>
            <ContactFields value={form.contact} onChange={edit.setContact} errors={errors.contact} />
          </FormSection>

          <FormSection id="checkout-address" heading={t("checkout.addressHeading")}>
            <AddressFields value={form.address} onChange={edit.setAddress} errors={errors.address} />
          </FormSection>

          <FormSection id="checkout-recipient" heading={t("recipient.heading")}>
            {/* Several destinations (decisions 087, 096): without the script, 「お届け先を追加」 posts the form and the page comes back with the blocks. */}
            <div className={styles.severalToggle}>
              <Checkbox
                label={t("destinations.toggle")}
                name={SEVERAL_FIELD}
                value="1"
                checked={several}
                onChange={(event) => severalState.setSeveral(event.target.checked)}
                data-testid="several-destinations-toggle"
              />
              <p className={styles.methodNote}>{t("destinations.toggleHint", { max: MAX_DESTINATIONS })}</p>
              {!hydrated && !several && (
                <noscript>
                  <p className={styles.methodNote}>{t("destinations.withoutJavaScript")}</p>
                  <Button type="submit" variant="secondary" name={DESTINATIONS_ACTION_FIELD} value="add">
                    {t("destinations.add")}
                  </Button>
                </noscript>
              )}
            </div>
            {several ? (
              <SeveralDestinations
                items={purchasable}
                destinations={destinations}
                onChange={severalState.setDestinations}
                book={addressBook}
                buyerPrefecture={buyerPrefecture}
                deliveryCalendar={deliveryCalendar}
                timezones={timezones}
                errors={severalState.destinationErrors}
                problems={severalState.destinationProblems}
                plain={!hydrated}
              />
            ) : (
              <DeliveryChoice value={form.delivery} onChange={edit.setDelivery} book={addressBook} errors={errors.recipient} />
            )}
          </FormSection>

          {/* With several destinations each block has its own wish and gift; the memo stays the order's. */}
          <section className={styles.section} aria-labelledby={several ? undefined : "checkout-delivery"}>
            {several ? null : (
              <>
                <h2 id="checkout-delivery" className={styles.sectionHeading}>
                  {t("checkout.deliveryHeading")}
                </h2>
                <DeliveryWishFields
                  value={form.wish}
                  onChange={edit.setWish}
                  dates={deliveryDates}
                  timezones={timezones}
                  errors={{ date: errors.other.desired_delivery_date, timezone: errors.other.desired_delivery_timezone }}
                />
              </>
            )}
            <Textarea
              label={t("checkout.memo")}
              name="memo"
              hint={t("checkout.memoHint", { max: MEMO_MAX_LENGTH })}
              maxLength={MEMO_MAX_LENGTH}
              rows={3}
              className={styles.memo}
              value={form.memo}
              onChange={(event) => edit.setMemo(event.target.value)}
              error={errors.other.memo}
            />
          </section>

          {!several && giftOffered(shop.gift) && (
            <section className={styles.section} aria-label={t("checkout.giftHeading")}>
              <GiftFields value={form.gift} onChange={edit.setGift} settings={shop.gift} errors={errors.gift} />
            </section>
          )}

          <PaymentSection
            method={form.method}
            payment={payment}
            savedCard={member.card}
            refusals={refusals}
            signedIn={user !== null}
            processing={submission.processing}
            banks={banks}
            methodError={errors.other.payment_method}
          />

          <FinalConfirmation
            method={form.method}
            items={purchasable}
            bottles={bottles}
            total={totals.total}
            birthDate={form.birthDate}
            onBirthDate={edit.setBirthDate}
            birthDateError={errors.other.birth_date}
          />

          <div className={styles.submitRow}>
            <Button type="submit" block className={styles.submit} disabled={purchaseDisabled}>
              {submission.processing ? t("payments.processing") : t("checkout.submit")}
            </Button>
          </div>
        </div>
      </form>
      <LeavePrompt shouldPrompt={submission.shouldPromptLeave} onLeave={forgetCheckoutCopy} />
    </>
  );
}
