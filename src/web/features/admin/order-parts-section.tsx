import { PAYMENT_STATE_LABELS } from "../../../domain/payments-and-shipments.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { CARRIER_CODES, DEFAULT_CARRIER } from "../../../domain/carriers.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { Notice } from "../../ui/notice.tsx";
import type { MoveOutcome } from "./order-moves.ts";
import { parcelsToCorrect, parcelsToShip, slipNumberProblem } from "./order-moves.ts";
import { ParcelBlock, parcelPath } from "./parcel-block.tsx";
import block from "./parcel-block.module.css";
import { useParcelsText } from "./parcels-i18n.ts";
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";
import { CarrierSlipFields } from "./order-slip-fields.tsx";

type MoveFetcher = ReturnType<typeof useFetcher<MoveOutcome>>;

/**
 * One parcel's own ship (decision 091) or slip correction (decision 097): its carrier and slip,
 * posted to the page's action as `ship-parcel` or `slip-parcel` with its number; the order is read
 * again afterwards, as for the order's moves. The section's one fetcher keeps the outcome, as the
 * ship form is gone once its parcel has shipped.
 */
function ParcelForm({
  n,
  kind,
  carrier: shipped,
  fetcher,
  serverError,
}: {
  n: number;
  kind: "ship-parcel" | "slip-parcel";
  carrier: string | null;
  fetcher: MoveFetcher;
  serverError: string | undefined;
}) {
  const ta = useAdminText();
  const tp = useParcelsText();
  const { locale } = useI18n();
  const [slip, setSlip] = useState("");
  const [carrier, setCarrier] = useState<string>(shipped && (CARRIER_CODES as readonly string[]).includes(shipped) ? shipped : DEFAULT_CARRIER);
  const [slipError, setSlipError] = useState<string | null>(null);
  function send(event: FormEvent<HTMLFormElement>) {
    const problem = slipNumberProblem(slip.trim(), locale);
    setSlipError(problem);
    if (problem) event.preventDefault();
  }
  const fields = (
    <fetcher.Form
      method="post"
      onSubmit={send}
      noValidate
      data-testid={`${kind === "ship-parcel" ? "parcel-ship" : "parcel-slip"}-${n}`}
      aria-label={kind === "ship-parcel" ? ta("adminOrder.parcelShipHint", { n }) : tp("parcels.correctTitle")}
    >
      <input type="hidden" name="move" value={kind} />
      <input type="hidden" name="parcel" value={n} />
      <CarrierSlipFields carrier={carrier} onCarrier={setCarrier} slip={slip} onSlip={setSlip} slipError={slipError ?? serverError} />
      {kind === "slip-parcel" && <Checkbox label={ta("adminOrder.slipCorrectNotify")} name="notify" />}
      <Button type="submit" block disabled={fetcher.state !== "idle"} variant={kind === "ship-parcel" ? "primary" : "secondary"}>
        {kind === "ship-parcel" ? ta("adminOrder.parcelShip") : tp("parcels.correctSubmit")}
      </Button>
    </fetcher.Form>
  );
  // The correction is rarely needed: folded away under its title, open when the server refused it.
  return kind === "ship-parcel" ? (
    fields
  ) : (
    <details open={serverError !== undefined}>
      <summary>{tp("parcels.correctTitle")}</summary>
      {fields}
    </details>
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
    <AdminSection id="order-payments" title={ta("adminOrder.payments")}>
      <DataTable
        labelledBy="order-payments"
        columns={[
          { header: ta("adminOrder.paymentMethod"), cell: (payment) => storedPaymentMethod(payment.method).label[locale] },
          { header: ta("adminOrder.paymentAmount"), className: styles.number, cell: (payment) => yen(payment.amount) },
          {
            header: ta("adminOrder.paymentRefunded"),
            cellClassName: styles.number,
            cell: (payment) => (payment.refunded_amount > 0 ? yen(payment.refunded_amount) : ""),
          },
          { header: ta("adminOrder.partState"), cell: (payment) => PAYMENT_STATE_LABELS[payment.state][locale] },
        ]}
        rows={order.payments}
        rowKey={(payment, index) => `${payment.created_at}-${index}`}
        rowTestId="order-payment-row"
      />
    </AdminSection>
  );
}

/**
 * The order's parcels (decisions 076, 087, 091), each a block of its own (decision 097): what it
 * holds and where it goes, its state and slip, its ship or correct form when the order has several
 * parcels (an order of one ships and corrects with the order's own forms), and a link to its own
 * page, drawn on the server, where the same forms work without JavaScript.
 */
export function OrderShipments({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const tp = useParcelsText();
  const shippable = parcelsToShip(order);
  const correctable = parcelsToCorrect(order);
  const snackbar = useSnackbar();
  const fetcher = useFetcher<MoveOutcome>();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  // The parcel the last post was for: its block shows the server's refusal under its slip field.
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) snackbar.show("success", outcome.message);
    else snackbar.show("danger", outcome.errors);
  }, [outcome, snackbar]);
  const refusal = outcome && !outcome.ok ? (outcome.fields.slip_number?.[0] ?? outcome.errors[0]) : undefined;
  return (
    <AdminSection id="order-shipments" title={ta("adminOrder.shipments")}>
      {outcome?.ok && (
        <Notice tone="success" testId="parcel-ship-result">
          <p>{outcome.message}</p>
        </Notice>
      )}
      <div className={block.list}>
        {order.shipments.map((shipment) => {
          const n = shipment.position + 1;
          const kind = shippable.includes(n) ? "ship-parcel" : correctable.includes(n) ? "slip-parcel" : null;
          return (
            <ParcelBlock
              key={shipment.position}
              shipment={shipment}
              count={order.shipments.length}
              head={
                <a href={parcelPath(order.id, n)} data-testid="parcel-page-link">
                  {tp("parcels.open")}
                </a>
              }
              form={
                kind ? (
                  <div onSubmitCapture={() => setAsked(n)}>
                    <ParcelForm
                      key={`${kind}-${shipment.slip_number ?? ""}`}
                      n={n}
                      kind={kind}
                      carrier={shipment.carrier}
                      fetcher={fetcher}
                      serverError={asked === n ? refusal : undefined}
                    />
                  </div>
                ) : undefined
              }
            />
          );
        })}
      </div>
    </AdminSection>
  );
}
