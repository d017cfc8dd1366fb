import { PAYMENT_STATE_LABELS, SHIPMENT_STATE_LABELS } from "../../../domain/payments-and-shipments.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import { displayZip } from "../../../domain/address.ts";
import { giftLines, giftOptionsOf } from "../../../domain/gift.ts";
import "../../i18n/destinations-pages-texts.ts";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { CARRIER_CODES, CARRIERS, DEFAULT_CARRIER, trackingUrl } from "../../../domain/carriers.ts";
import { Button } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { MoveOutcome } from "./order-moves.ts";
import { parcelsToShip, slipNumberProblem } from "./order-moves.ts";

type MoveFetcher = ReturnType<typeof useFetcher<MoveOutcome>>;

/**
 * One parcel's own ship (decision 091): its carrier and slip, posted to the page's action as
 * `ship-parcel` with its number; the order is read again afterwards, as for the order's moves. The
 * table's one fetcher keeps the outcome, as the row's form is gone once its parcel has shipped.
 */
function ParcelShip({ n, fetcher, serverError }: { n: number; fetcher: MoveFetcher; serverError: string | undefined }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const [slip, setSlip] = useState("");
  const [carrier, setCarrier] = useState<string>(DEFAULT_CARRIER);
  const [slipError, setSlipError] = useState<string | null>(null);
  function ship(event: FormEvent<HTMLFormElement>) {
    const problem = slipNumberProblem(slip.trim(), locale);
    setSlipError(problem);
    if (problem) event.preventDefault();
  }
  return (
    <fetcher.Form method="post" onSubmit={ship} noValidate data-testid={`parcel-ship-${n}`} aria-label={ta("adminOrder.parcelShipHint", { n })}>
      <input type="hidden" name="move" value="ship-parcel" />
      <input type="hidden" name="parcel" value={n} />
      <Select
        label={ta("adminOrder.carrier")}
        name="carrier"
        value={carrier}
        onChange={(event) => setCarrier(event.target.value)}
        options={CARRIER_CODES.map((code) => ({ value: code, label: CARRIERS[code].label[locale] }))}
      />
      <Input
        label={ta("adminOrder.slipNumber")}
        name="slip_number"
        value={slip}
        onChange={(event) => setSlip(event.target.value)}
        maxLength={40}
        autoComplete="off"
        error={slipError ?? serverError}
        required
      />
      <Button type="submit" block disabled={fetcher.state !== "idle"}>
        {ta("adminOrder.parcelShip")}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The order's payments and parcels (decision 076), each in its own state: the order's status above
 * is derived from them. Read-only here; the moves act on them through the order's actions.
 */
export function OrderPayments({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { yen, locale } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="order-payments">
      <h2 id="order-payments" className={styles.sectionTitle}>
        {ta("adminOrder.payments")}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="order-payments">
          <thead>
            <tr>
              <th scope="col">{ta("adminOrder.paymentMethod")}</th>
              <th scope="col" className={styles.number}>
                {ta("adminOrder.paymentAmount")}
              </th>
              <th scope="col">{ta("adminOrder.paymentRefunded")}</th>
              <th scope="col">{ta("adminOrder.partState")}</th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((payment, index) => (
              <tr key={`${payment.created_at}-${index}`} data-testid="order-payment-row">
                <td>{storedPaymentMethod(payment.method).label[locale]}</td>
                <td className={styles.number}>{yen(payment.amount)}</td>
                <td className={styles.number}>{payment.refunded_amount > 0 ? yen(payment.refunded_amount) : ""}</td>
                <td>{PAYMENT_STATE_LABELS[payment.state][locale]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function OrderShipments({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { locale, t, yen } = useI18n();
  const shippable = parcelsToShip(order);
  const snackbar = useSnackbar();
  const fetcher = useFetcher<MoveOutcome>();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  // The parcel the last ship was for: its row shows the server's refusal under its slip field.
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) snackbar.show("success", outcome.message);
    else snackbar.show("danger", outcome.errors);
  }, [outcome, snackbar]);
  const refusal = outcome && !outcome.ok ? (outcome.fields.slip_number?.[0] ?? outcome.errors[0]) : undefined;
  return (
    <section className={styles.section} aria-labelledby="order-shipments">
      <h2 id="order-shipments" className={styles.sectionTitle}>
        {ta("adminOrder.shipments")}
      </h2>
      {outcome?.ok && (
        <Notice tone="success" testId="parcel-ship-result">
          <p>{outcome.message}</p>
        </Notice>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="order-shipments">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{ta("adminOrder.shipmentRecipient")}</th>
              <th scope="col">{ta("adminOrder.shipmentLines")}</th>
              <th scope="col">{ta("adminOrder.partState")}</th>
              <th scope="col">{ta("adminOrder.shipmentCarrier")}</th>
              <th scope="col">{ta("adminOrder.shipmentSlip")}</th>
            </tr>
          </thead>
          <tbody>
            {order.shipments.map((shipment) => (
              <tr key={shipment.position} data-testid="order-shipment-row">
                <td>{ta("adminOrder.shipmentNumber", { n: shipment.position + 1 })}</td>
                <td>
                  {/* Each destination's own address and phone (decision 087): the packer checks the label against it. */}
                  {shipment.recipient ? (
                    <>
                      <div>{shipment.recipient.name}</div>
                      <div className={styles.nowrap}>{displayZip(shipment.recipient.country, shipment.recipient.zip)}</div>
                      <div>
                        {shipment.recipient.address} {shipment.recipient.building_name}
                      </div>
                      <div className={styles.nowrap}>{shipment.recipient.phone}</div>
                    </>
                  ) : (
                    ta("adminOrder.shipmentToBuyer")
                  )}
                </td>
                <td className={styles.wideCell}>
                  {shipment.lines.map((line) => (
                    <div key={line.order_item_id}>{ta("adminOrder.shipmentLine", { name: line.name, quantity: line.quantity })}</div>
                  ))}
                  {shipment.ships_on && <div data-testid="order-shipment-ships-on">{ta("adminOrder.shipmentShipsOn", { date: shipment.ships_on })}</div>}
                  {/* Each parcel's own wish, fee and gift (decision 087). */}
                  <div>
                    {t("destinations.adminWish")}:{" "}
                    {shipment.desired_delivery_date || shipment.desired_delivery_timezone
                      ? [shipment.desired_delivery_date, shipment.desired_delivery_timezone].filter(Boolean).join(" ")
                      : t("destinations.adminWishNone")}
                  </div>
                  <div>
                    {t("destinations.adminFee")}: {yen(shipment.fee)}
                  </div>
                  {giftLines(giftOptionsOf(shipment.gift), locale).map((line) => (
                    <div key={line.label}>
                      {line.label}: {line.value}
                    </div>
                  ))}
                </td>
                <td className={styles.nowrap}>{SHIPMENT_STATE_LABELS[shipment.state][locale]}</td>
                <td>{shipment.carrier_label ?? ""}</td>
                <td data-testid="order-shipment-slip">
                  {shipment.slip_number ? (
                    <>
                      <div className={styles.nowrap}>{shipment.slip_number}</div>
                      {trackingUrl(shipment.carrier, shipment.slip_number, locale) ? (
                        <a href={trackingUrl(shipment.carrier, shipment.slip_number, locale)!} target="_blank" rel="noreferrer">
                          {ta("adminOrder.shipmentTracking")}
                        </a>
                      ) : null}
                    </>
                  ) : shippable.includes(shipment.position + 1) ? (
                    <div onSubmitCapture={() => setAsked(shipment.position + 1)}>
                      <ParcelShip n={shipment.position + 1} fetcher={fetcher} serverError={asked === shipment.position + 1 ? refusal : undefined} />
                    </div>
                  ) : (
                    ""
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
