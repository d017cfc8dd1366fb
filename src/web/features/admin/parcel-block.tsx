import type { ReactNode } from "react";
import { displayZip } from "../../../domain/address.ts";
import { trackingUrl } from "../../../domain/carriers.ts";
import { giftLines, giftOptionsOf } from "../../../domain/gift.ts";
import type { AdminShipmentAnswer } from "../../../domain/order-view.ts";
import { SHIPMENT_STATE_LABELS } from "../../../domain/payments-and-shipments.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import "../../i18n/destinations-pages-texts.ts";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import block from "./parcel-block.module.css";
import { useParcelsText } from "./parcels-i18n.ts";

/** A parcel's own page, drawn on the server (decision 097): its number is 1 for the first, as 個口 and B2's `<order>-<n>` count. */
export function parcelPath(orderId: string, n: number): string {
  return `/admin/orders/${encodeURIComponent(orderId)}/shipments/${n}`;
}

/**
 * One parcel as a block (decision 097): destination, bottles, state, slip and carrier stacked on a
 * phone, and the ship or correct form (`form`) under them, or beside them on a desktop. The order
 * page and the parcel's own page draw it alike.
 */
export function ParcelBlock({
  shipment,
  count,
  head,
  form,
  testId = "order-shipment-row",
}: {
  shipment: AdminShipmentAnswer;
  count: number;
  /** What the head carries on the right (the link to the parcel's page). */
  head?: ReactNode;
  form?: ReactNode;
  testId?: string;
}) {
  const tp = useParcelsText();
  const ta = useAdminText();
  const { locale, t, yen } = useI18n();
  const n = shipment.position + 1;
  const tracking = trackingUrl(shipment.carrier, shipment.slip_number, locale);
  const headingId = `parcel-${n}`;
  return (
    <article className={block.block} data-testid={testId} aria-labelledby={headingId}>
      <div className={block.head}>
        <h3 id={headingId}>
          {ta("adminOrder.shipmentNumber", { n })}
          <span className={block.count}>{tp("parcels.of", { count })}</span>
        </h3>
        {head}
      </div>
      <div className={[block.body, form ? block.withForm : ""].filter(Boolean).join(" ")}>
        <dl className={block.facts}>
          <dt>{tp("parcels.destination")}</dt>
          <dd>
            {/* Each destination's own address and phone (decision 087): the packer checks the label against it. */}
            {shipment.recipient ? (
              <>
                <div>{shipment.recipient.name}</div>
                <div>
                  {displayZip(shipment.recipient.country, shipment.recipient.zip)} {shipment.recipient.address} {shipment.recipient.building_name}
                </div>
                <div className={styles.nowrap}>{shipment.recipient.phone}</div>
              </>
            ) : (
              ta("adminOrder.shipmentToBuyer")
            )}
          </dd>
          <dt>{tp("parcels.bottles")}</dt>
          <dd>
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
          </dd>
          <dt>{tp("parcels.state")}</dt>
          <dd data-testid="order-shipment-state">{SHIPMENT_STATE_LABELS[shipment.state][locale]}</dd>
          <dt>{tp("parcels.slip")}</dt>
          <dd data-testid="order-shipment-slip">
            {shipment.slip_number ? (
              <>
                <span className={styles.nowrap}>{shipment.slip_number}</span>{" "}
                {tracking ? (
                  <a href={tracking} target="_blank" rel="noreferrer">
                    {ta("adminOrder.shipmentTracking")}
                  </a>
                ) : null}
              </>
            ) : (
              tp("parcels.none")
            )}
          </dd>
          <dt>{tp("parcels.carrier")}</dt>
          <dd>{shipment.carrier_label ?? tp("parcels.none")}</dd>
        </dl>
        {form ? <div className={block.form}>{form}</div> : null}
      </div>
    </article>
  );
}
