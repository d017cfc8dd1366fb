import { PaymentInstructionsView } from "./payment-instructions.tsx";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useId } from "react";
import { Link } from "react-router";
import { orderChangeRefusal } from "../../../domain/order-changes.ts";
import type { ReactNode } from "react";
import type { OrderResource } from "../../../domain/checkout.ts";
import { lineTotal } from "../../../domain/order-totals.ts";
import { formatDateTime, parseIsoDate, withTaxLabel } from "../../../domain/format.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { giftLines, giftOptionsOf } from "../../../domain/gift.ts";
import { Badge } from "../../ui/badge.tsx";
import { displayZip, statusTone } from "../../shared/orders/order-history.ts";
import styles from "./order-card.module.css";
import { receiptAvailable } from "../../../domain/order-documents.ts";
import { ReceiptForm } from "../../shared/orders/receipt-form.tsx";
import receiptStyles from "./order-receipt.module.css";
import { REDUCED_RATE_FOOTNOTE, REDUCED_RATE_MARK } from "../../../domain/tax-rates.ts";
import "../../i18n/orders-texts.ts";
import "../../i18n/destinations-pages-texts.ts";

type Order = OrderResource["attributes"];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DesiredDelivery({ order }: { order: Order }) {
  const { t, date } = useI18n();
  const day = order.desired_delivery_date ? parseIsoDate(order.desired_delivery_date) : null;
  const band = order.desired_delivery_timezone ? (order.desired_delivery_timezone_label ?? order.desired_delivery_timezone) : null;
  return (
    <>
      <span className={styles.part}>{day ? date(day) : t("orders.desiredDateNone")}</span>{" "}
      <span className={styles.part}>{band ?? t("orders.desiredTimeNone")}</span>
    </>
  );
}

function Destination({ address }: { address: Pick<Order["address"], "country" | "zip" | "address" | "building_name"> }) {
  return (
    <>
      <span className={styles.part}>{displayZip(address.country, address.zip)}</span> <span className={styles.part}>{address.address}</span>
      {address.building_name ? (
        <>
          {" "}
          <span className={styles.part}>{address.building_name}</span>
        </>
      ) : null}
    </>
  );
}

/** Several destinations (decision 087): each parcel with its recipient, bottles, wish, fee and gift. */
function Destinations({ order }: { order: Order }) {
  const { t, yen, locale, date } = useI18n();
  const shipments = order.shipments ?? [];
  // Parcels ship one by one (decision 091): while some have left, the card says so above them.
  const shipped = shipments.filter((shipment) => shipment.state === "shipped" || shipment.state === "delivered" || shipment.state === "returned").length;
  return (
    <div className={styles.destinations} data-testid="order-destinations">
      {shipped > 0 && shipped < shipments.length ? (
        <p className={styles.note} data-testid="order-partly-shipped">
          {t("destinations.orderPartlyShipped", { shipped, count: shipments.length })}
        </p>
      ) : null}
      {shipments.map((shipment, index) => {
        const day = shipment.desired_delivery_date ? parseIsoDate(shipment.desired_delivery_date) : null;
        const band = shipment.desired_delivery_timezone ? (shipment.desired_delivery_timezone_label ?? shipment.desired_delivery_timezone) : null;
        return (
          <section key={shipment.position} className={styles.destination} data-testid="order-destination">
            <h3 className={styles.destinationHeading}>{t("destinations.orderHeading", { n: index + 1, count: shipments.length })}</h3>
            <dl className={styles.rows}>
              <Row label={t("orders.destination")}>
                {shipment.recipient ? (
                  <>
                    <span className={styles.part}>{t("orders.recipientName", { name: shipment.recipient.name })}</span>{" "}
                    <Destination address={shipment.recipient} />
                  </>
                ) : (
                  <>
                    <span className={styles.part}>{t("destinations.orderBuyer")}</span> <Destination address={order.address} />
                  </>
                )}
              </Row>
              <Row label={t("destinations.orderBottles")}>
                {shipment.lines.map((line) => (
                  <span key={line.order_item_id} className={styles.part}>
                    {line.name} × {line.amount}{" "}
                  </span>
                ))}
              </Row>
              <Row label={t("orders.desiredDelivery")}>
                <span className={styles.part}>{day ? date(day) : t("orders.desiredDateNone")}</span>{" "}
                <span className={styles.part}>{band ?? t("orders.desiredTimeNone")}</span>
              </Row>
              <Row label={t("destinations.orderFee")}>{yen(shipment.fee)}</Row>
              {/* Each parcel's own state and slip (decision 091). */}
              {shipment.state ? (
                <Row label={t("destinations.orderState")}>
                  <span data-testid="order-destination-state">{shipment.state_label}</span>
                </Row>
              ) : null}
              {shipment.slip_number ? (
                <Row label={t("destinations.orderSlip")}>
                  <span className={styles.part}>
                    {shipment.carrier_label ? `${shipment.carrier_label} ` : ""}
                    {shipment.slip_number}
                  </span>{" "}
                  {shipment.tracking_url ? (
                    <a href={shipment.tracking_url} target="_blank" rel="noreferrer">
                      {t("destinations.orderTracking")}
                    </a>
                  ) : null}
                </Row>
              ) : null}
              {giftLines(giftOptionsOf(shipment.gift ?? null), locale).map((line) => (
                <Row key={line.label} label={line.label}>
                  <span className={styles.giftValue}>{line.value}</span>
                </Row>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

function OrderItems({ items }: { items: Order["order_items"] }) {
  const { t, yen } = useI18n();
  return (
    <ul className={styles.items} aria-label={t("orders.items")}>
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          {item.product.images[0] ? (
            <img className={styles.thumb} src={item.product.images[0]} alt="" width={56} height={70} loading="lazy" decoding="async" />
          ) : (
            <span className={styles.thumb} />
          )}
          <div className={styles.itemText}>
            <span className={`${styles.itemName} phrase-wrap`}>
              {item.product.name}
              {/* Reduced-rate items are marked ※ as the mail and the receipt mark them (decision 036). */}
              {item.reduced ? ` ${REDUCED_RATE_MARK}` : null}
            </span>
            <span className={styles.itemLine}>{t("orders.itemLine", { price: yen(item.unit_price), amount: item.amount })}</span>
          </div>
          <span className={styles.itemTotal}>
            <span className="visually-hidden">{t("orders.lineTotal")} </span>
            {yen(lineTotal(item.unit_price, item.amount))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The receipt (領収書) of a paid order, opened on demand; a note while it cannot be issued yet. */
function OrderReceipt({ order }: { order: OrderResource }) {
  const { t, locale } = useI18n();
  const status = order.attributes.status;
  if (status === "cancelled") return null;
  if (!receiptAvailable(status)) return <p className={receiptStyles.unavailable}>{t("receipt.unavailable")}</p>;
  return (
    <details className={receiptStyles.receipt} data-testid="order-receipt">
      <summary>{t("receipt.open")}</summary>
      {/* The orderer's name is the 宛名 to start from, as the guest's page and the back office give it. */}
      <ReceiptForm url={`/${locale}/api/orders/${encodeURIComponent(order.id)}/receipt`} defaultAddressee={order.attributes.name} />
    </details>
  );
}

/** One order of the purchase history. */
export function OrderCard({ order }: { order: OrderResource }) {
  const { t, yen, locale } = useI18n();
  const headingId = useId();
  const a = order.attributes;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="order-card" data-order-id={order.id}>
      <header className={styles.header}>
        <h2 className={styles.date} id={headingId}>
          <span className="visually-hidden">{t("orders.orderedAt")} </span>
          <time dateTime={a.created_at}>{formatDateTime(new Date(a.created_at), locale)}</time>
        </h2>
        <Badge tone={statusTone(a.status)}>
          <span className="visually-hidden">{t("orders.status")}: </span>
          {t(`orders.status.${a.status}`)}
        </Badge>
      </header>
      <dl className={styles.rows}>
        <Row label={t("orders.orderNumber")}>
          <span className={styles.orderNumber} data-testid="order-number">
            {orderNumberForShopper(order.id)}
          </span>
        </Row>
        <Row label={t("orders.paymentMethod")}>{storedPaymentMethod(a.payment_method).label[locale]}</Row>
        <Row label={t("orders.price")}>
          <strong>{yen(a.price)}</strong>
        </Row>
        <Row label={t("orders.slipNumber")}>
          {a.slip_number ? (
            <>
              <span className={styles.part}>
                {/* Read out to the carrier as one piece: never broken at its hyphens. */}
                <span className="no-break" data-testid="order-slip">
                  {a.slip_number}
                </span>
                {a.carrier_label ? (locale === "ja" ? `(${a.carrier_label})` : ` (${a.carrier_label})`) : ""}
              </span>{" "}
              {a.tracking_url && (
                // The carrier's own tracking page for this slip (carriers.ts), in a new tab.
                <a className={styles.part} href={a.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="order-tracking">
                  {t("orders.track")}
                </a>
              )}
            </>
          ) : (
            t("orders.slipNumberNone")
          )}
        </Row>
        {a.shipments ? (
          <Row label={t("orders.buyer")}>
            <span className={styles.part} data-testid="order-buyer-name">
              {t("orders.recipientName", { name: a.name })}
            </span>{" "}
            <Destination address={a.address} />
          </Row>
        ) : (
          <>
            <Row label={t("orders.desiredDelivery")}>
              <DesiredDelivery order={a} />
            </Row>
            {a.recipient ? (
              <>
                {/* A gift: the parcel went to someone else; the member ordered it (ご依頼主). */}
                <Row label={t("orders.destination")}>
                  <span className={styles.part}>{t("orders.recipientName", { name: a.recipient.name })}</span> <Destination address={a.recipient} />
                </Row>
                <Row label={t("orders.buyer")}>
                  {/* Who sent it, by name as on the slip's ご依頼主, then where from (issue 28). */}
                  <span className={styles.part} data-testid="order-buyer-name">
                    {t("orders.recipientName", { name: a.name })}
                  </span>{" "}
                  <Destination address={a.address} />
                </Row>
              </>
            ) : (
              <Row label={t("orders.destination")}>
                <Destination address={a.address} />
              </Row>
            )}
            {/* The gift options chosen (のし, 名入れ, wrapping, message card, no prices), as the order keeps them. */}
            {giftLines(giftOptionsOf(a.gift ?? null), locale).map((line) => (
              <Row key={line.label} label={line.label}>
                <span className={styles.giftValue} data-testid="order-gift">
                  {line.value}
                </span>
              </Row>
            ))}
          </>
        )}
      </dl>
      {a.shipments ? <Destinations order={a} /> : null}
      {a.payment_instructions ? <PaymentInstructionsView method={a.payment_method} instructions={a.payment_instructions} /> : null}
      <OrderItems items={a.order_items} />
      <dl className={styles.charges}>
        {/* The order's charge lines (shipping, the payment method's fee, any later kind), named as the order keeps them. */}
        {a.charges.map((charge, index) => (
          <Row key={`${charge.kind}-${index}`} label={charge.taxable ? withTaxLabel(charge.label, locale, "excluded") : charge.label}>
            {yen(charge.amount)}
          </Row>
        ))}
        {/* Tax per rate when the order has two (10% and the reduced 8%), one line otherwise. */}
        {a.taxes.length > 1 ? (
          a.taxes.map((each) => (
            <Row key={each.rate} label={t("orders.taxAt", { rate: each.rate, base: yen(each.base) })}>
              {yen(each.tax)}
            </Row>
          ))
        ) : (
          <Row label={t("orders.tax")}>{yen(a.tax_total)}</Row>
        )}
      </dl>
      {a.order_items.some((item) => item.reduced) ? <p className={styles.note}>{REDUCED_RATE_FOOTNOTE[locale]}</p> : null}
      <p className={styles.note}>{t("orders.pricesNote")}</p>
      {/* Until the order is ready to ship, the member may move its delivery wish, its address or its gift options (decision 074). */}
      {/* Changes act on one parcel (decision 074): an order to several destinations is changed by the shop (decision 087). */}
      {a.shipments && orderChangeRefusal({ status: a.status, slipNumber: a.slip_number }) === null ? (
        <p className={styles.note}>{t("destinations.orderChanges")}</p>
      ) : null}
      {!a.shipments && orderChangeRefusal({ status: a.status, slipNumber: a.slip_number }) === null ? (
        <p className={styles.note}>
          <Link to={`/mypage/orders/${encodeURIComponent(order.id)}/delivery`} data-testid="order-delivery-link">
            {t("orderDelivery.link")}
          </Link>
          {" ・ "}
          <Link to={`/mypage/orders/${encodeURIComponent(order.id)}/recipient`} data-testid="order-recipient-link">
            {t("orderRecipient.link")}
          </Link>
          {" ・ "}
          <Link to={`/mypage/orders/${encodeURIComponent(order.id)}/gift`} data-testid="order-gift-link">
            {t("orderGift.link")}
          </Link>
        </p>
      ) : null}
      <OrderReceipt order={order} />
    </article>
  );
}
