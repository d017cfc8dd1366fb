import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { hasLeft, shippingProgress } from "../../../domain/payments-and-shipments.ts";
import type { ReactNode } from "react";
import { displayZip, prefectureName } from "../../../domain/address.ts";
import { formatDateTime, parseIsoDate } from "../../../domain/format.ts";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { statusTone } from "../../shared/orders/order-history.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import { useAdminText } from "./admin-i18n.ts";
import { enteredByLabel, useStaffOrderText } from "./staff-order-i18n.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { giftInstructions, giftLines, giftOptionsOf } from "../../../domain/gift.ts";
import { REDUCED_RATE_MARK } from "../../../domain/tax-rates.ts";
import styles from "./admin.module.css";
import detail from "./admin-order.module.css";
import "../../i18n/orders-texts.ts";
import "../../i18n/destinations-pages-texts.ts";
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={detail.row} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A country's name from the browser's own data (no list shipped): "日本", "France". */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function OrderSummary({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const so = useStaffOrderText();
  const { t, yen, locale } = useI18n();
  return (
    <AdminSection id="order-summary" title={ta("adminOrder.summary")}>
      <dl className={detail.rows}>
        <Row label={ta("adminOrder.createdAt")}>
          <time dateTime={order.created_at}>{formatDateTime(new Date(order.created_at), locale)}</time>
        </Row>
        <Row label={ta("adminOrder.status")} testId="order-status">
          <Badge tone={statusTone(order.status)}>{t(`orders.status.${order.status}`)}</Badge>
          {/* Some parcels gone, others not (decision 091): the status stays its payment's, the parcels' progress beside it. */}
          {shippingProgress(order.shipments.map((shipment) => shipment.state)) === "partial" && (
            <span data-testid="order-partly-shipped">
              {" "}
              {ta("adminOrder.partlyShipped", { shipped: order.shipments.filter((shipment) => hasLeft(shipment.state)).length, count: order.shipments.length })}
            </span>
          )}
        </Row>
        <Row label={ta("adminOrder.paymentMethod")}>{storedPaymentMethod(order.payment_method).label[locale]}</Row>
        {order.entered_by && (
          // An order staff entered (decision 081): how it came in and who took it.
          <Row label={so("staffOrder.enteredHeading")} testId="order-entered-by">
            {enteredByLabel(order.entered_by, so)}
          </Row>
        )}
        {order.staff_memo && (
          <Row label={so("staffOrder.staffMemoLabel")} testId="order-staff-memo">
            <span className={detail.memo}>{order.staff_memo}</span>
          </Row>
        )}
        <Row label={ta("adminOrder.total")}>
          <strong>{yen(order.price)}</strong>
        </Row>
        <Row label={ta("adminOrder.slipNumber")} testId="order-slip-number">
          {order.slip_number ? (
            <>
              {order.carrier_label ? `${order.carrier_label} ` : ""}
              {order.tracking_url ? (
                <a className="no-break" href={order.tracking_url} target="_blank" rel="noopener noreferrer">
                  {order.slip_number}
                </a>
              ) : (
                <span className="no-break">{order.slip_number}</span>
              )}
            </>
          ) : (
            ta("adminOrder.slipNumberNone")
          )}
        </Row>
        <Row label={ta("adminOrder.locale")}>{ta(`adminOrder.locale.${order.locale}`)}</Row>
      </dl>
    </AdminSection>
  );
}

function withoutPrefecture(address: string, prefecture: string | undefined): string {
  return prefecture && address.startsWith(prefecture) ? address.slice(prefecture.length) : address;
}

function PartyAddress({ party }: { party: Pick<AdminOrderDetail, "country" | "zip" | "prefecture" | "address" | "building_name"> }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  return (
    <dl className={detail.rows}>
      <Row label={ta("adminOrder.country")}>{countryName(party.country, locale)}</Row>
      <Row label={ta("adminOrder.zip")}>{displayZip(party.country, party.zip)}</Row>
      {party.prefecture !== null && <Row label={ta("adminOrder.prefecture")}>{prefectureName(party.prefecture, locale) ?? party.prefecture}</Row>}
      {/* The recipient's address comes as one line, prefecture first: the row above already names it. */}
      <Row label={ta("adminOrder.address")}>
        {withoutPrefecture(party.address, party.prefecture === null ? undefined : prefectureName(party.prefecture, "ja"))}
      </Row>
      {party.building_name ? <Row label={ta("adminOrder.buildingName")}>{party.building_name}</Row> : null}
    </dl>
  );
}

/** The gift options to pack by: the one-line instructions, then each option (the card's text as written). */
export function OrderGift({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const gift = giftOptionsOf(order.gift ?? null);
  if (!gift) return null;
  const instructions = giftInstructions(gift, { withCard: true });
  return (
    <AdminSection id="order-gift" title={ta("adminOrder.gift")} testId="order-gift">
      {instructions && <p className={detail.giftInstructions}>{instructions}</p>}
      <dl className={detail.rows}>
        {giftLines(gift, locale).map((line) => (
          <Row key={line.label} label={line.label}>
            <span className={detail.giftValue}>{line.value}</span>
          </Row>
        ))}
      </dl>
    </AdminSection>
  );
}

export function OrderCustomer({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const so = useStaffOrderText();
  const { locale, date, t } = useI18n();
  const { shop } = useSite();
  const several = order.shipments.length > 1;
  const day = order.desired_delivery_date ? parseIsoDate(order.desired_delivery_date) : null;
  const band = order.desired_delivery_timezone;
  const bandLabel = band ? (shop.deliveryTimeBands[band]?.[locale] ?? band) : null;
  return (
    <AdminSection id="order-customer" title={ta("adminOrder.customer")}>
      <dl className={detail.rows}>
        <Row label={ta("adminOrder.name")}>{order.name}</Row>
        {order.customer_kana && <Row label={so("staffOrder.kanaLabel")}>{order.customer_kana}</Row>}
        <Row label={ta("adminOrder.email")}>
          {order.email ? (
            <a href={`mailto:${order.email}`}>{order.email}</a>
          ) : (
            // A customer without e-mail (a FAX customer, decision 081): no mail reaches them.
            <span data-testid="order-no-email">{so("staffOrder.noEmailNotice")}</span>
          )}
        </Row>
        <Row label={ta("adminOrder.phone")}>
          <a href={`tel:${order.phone}`}>{order.phone}</a>
        </Row>
        {/* The age the order form asked (decision 036); older orders have none. */}
        <Row label={ta("adminOrder.birthDate")}>
          <span data-testid="order-birth-date">{order.birth_date ? order.birth_date.replaceAll("-", "/") : ta("adminOrder.none")}</span>
        </Row>
      </dl>
      {several ? (
        // Several destinations (decision 087): the customer is ご依頼主; each parcel's recipient and wish are in the shipments table.
        <>
          <h3 className={detail.subTitle}>{ta("adminOrder.buyerAddress")}</h3>
          <PartyAddress party={order} />
          <p data-testid="order-several-destinations">{t("destinations.adminSeveral", { count: order.shipments.length })}</p>
          <dl className={detail.rows}>
            <Row label={ta("adminOrder.memo")}>
              <span className={detail.memo}>{order.memo || ta("adminOrder.memoNone")}</span>
            </Row>
          </dl>
        </>
      ) : (
        <>
          <h3 className={detail.subTitle}>{ta(order.recipient ? "adminOrder.buyerAddress" : "adminOrder.destination")}</h3>
          <PartyAddress party={order} />
          {order.recipient ? (
            // A gift: the parcel goes to someone else (お届け先); the customer above is ご依頼主.
            <div data-testid="order-recipient">
              <h3 className={detail.subTitle}>{ta("adminOrder.recipient")}</h3>
              <dl className={detail.rows}>
                <Row label={ta("adminOrder.name")}>{order.recipient.name}</Row>
                {order.recipient.kana ? <Row label={ta("adminOrder.kana")}>{order.recipient.kana}</Row> : null}
                <Row label={ta("adminOrder.phone")}>
                  <a href={`tel:${order.recipient.phone}`}>{order.recipient.phone}</a>
                </Row>
              </dl>
              <PartyAddress party={order.recipient} />
            </div>
          ) : null}
          <h3 className={detail.subTitle}>{ta("adminOrder.delivery")}</h3>
          <dl className={detail.rows}>
            <Row label={ta("adminOrder.desiredDate")}>{day ? date(day) : ta("adminOrder.none")}</Row>
            <Row label={ta("adminOrder.desiredTime")}>{bandLabel ?? ta("adminOrder.none")}</Row>
            <Row label={ta("adminOrder.memo")}>
              <span className={detail.memo}>{order.memo || ta("adminOrder.memoNone")}</span>
            </Row>
          </dl>
        </>
      )}
    </AdminSection>
  );
}

/** Shipping and the fee keep the ids the journeys look for; another kind is named by its code. */
function chargeTestId(kind: string): string {
  if (kind === "shipping") return "order-shipping";
  if (kind === "payment_fee") return "order-fee";
  return `order-charge-${kind}`;
}

export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { yen } = useI18n();
  // The charges' and taxes' rows come from a `.map`: each keyed, by its test id unless a kind may repeat.
  const total = (label: string, amount: number, testId: string, strong = false, key: string = testId) => (
    <tr key={key} data-testid={testId}>
      <th scope="row" colSpan={3} className={styles.number}>
        {label}
      </th>
      <td className={styles.number}>{strong ? <strong>{yen(amount)}</strong> : yen(amount)}</td>
    </tr>
  );
  return (
    <AdminSection id="order-items" title={ta("adminOrder.items")}>
      <DataTable
        labelledBy="order-items"
        columns={[
          {
            header: ta("adminOrder.product"),
            rowHeader: true,
            cell: (item) => (
              <>
                {item.reduced && REDUCED_RATE_MARK}
                {item.name}
              </>
            ),
          },
          { header: ta("adminOrder.unitPrice"), className: styles.number, cell: (item) => yen(item.unit_price) },
          { header: ta("adminOrder.amount"), className: styles.number, cell: (item) => item.amount },
          { header: ta("adminOrder.lineTotal"), className: styles.number, cell: (item) => yen(item.line_total) },
        ]}
        rows={order.items}
        rowKey={(item, index) => `${item.product_id ?? "x"}-${index}`}
        rowTestId="order-line"
        foot={
          <tfoot className={detail.totals}>
            {total(ta("adminOrder.itemsTotal"), order.items_total, "order-items-total")}
            {/* Every charge line (shipping, the payment method's fee, any later kind) with the label the order keeps. */}
            {order.charges.map((charge, index) =>
              total(
                charge.tax_rate === undefined ? charge.label : ta("adminOrder.chargeAt", { label: charge.label, rate: charge.tax_rate }),
                charge.amount,
                chargeTestId(charge.kind),
                false,
                `${charge.kind}-${index}`,
              ),
            )}
            {/* Tax per rate (decision 036): one row for a one-rate order, 10% and 8% apart otherwise. */}
            {order.taxes.length <= 1
              ? total(ta("adminOrder.tax"), order.tax_total, "order-tax")
              : order.taxes.map((each) => total(ta("adminOrder.taxAt", { rate: each.rate, base: yen(each.base) }), each.tax, `order-tax-${each.rate}`))}
            {total(ta("adminOrder.total"), order.price, "order-total", true)}
          </tfoot>
        }
      />
    </AdminSection>
  );
}
