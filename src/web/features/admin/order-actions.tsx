import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { formatYen } from "../../../domain/format.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Checkbox } from "../../ui/field.tsx";
import { DEFAULT_CARRIER } from "../../../domain/carriers.ts";
import { Notice } from "../../ui/notice.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { useAdminText } from "./admin-i18n.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import styles from "./admin.module.css";
import detail from "./admin-order.module.css";
import type { MoveOutcome } from "./order-moves.ts";
import { canConfirmDeferredPayment, canCorrectSlip, canSendPaymentLink, movesFor, slipNumberProblem } from "./order-moves.ts";
import { AdminSection } from "./ui/admin-section.tsx";
import { CarrierSlipFields } from "./order-slip-fields.tsx";

type MoveFetcher = ReturnType<typeof useFetcher<MoveOutcome>>;

/**
 * A move that mails the customer, asked twice: a disclosure opens the question and its button
 * posts the move, so it asks without JavaScript too.
 */
function ConfirmMove({
  fetcher,
  move,
  testId,
  hint,
  label,
  ask,
  confirm,
}: {
  fetcher: MoveFetcher;
  move: string;
  testId: string;
  hint: string;
  label: string;
  ask: string;
  confirm: string;
}) {
  return (
    <div className={detail.action}>
      <p>{hint}</p>
      <details data-testid={testId}>
        <summary className={buttonClass("primary", true)}>{label}</summary>
        <fetcher.Form method="post">
          <p>{ask}</p>
          <input type="hidden" name="move" value={move} />
          <Button type="submit" block disabled={fetcher.state !== "idle"}>
            {confirm}
          </Button>
        </fetcher.Form>
      </details>
    </div>
  );
}

/**
 * What the trader can do with the order now: only the moves the server allows (`next`). Each one
 * posts to the page's action; the order is read again afterwards, and the outcome is told in a
 * snackbar and kept above the buttons.
 */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { locale } = useI18n();
  const snackbar = useSnackbar();
  const fetcher = useFetcher<MoveOutcome>();
  const [slip, setSlip] = useState("");
  const [carrier, setCarrier] = useState<string>(DEFAULT_CARRIER);
  const [slipError, setSlipError] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // The slip correction of a sent order (decision 067) starts from the slip and carrier it has.
  const [correctedSlip, setCorrectedSlip] = useState(order.slip_number ?? "");
  const [correctedCarrier, setCorrectedCarrier] = useState<string>(order.carrier ?? DEFAULT_CARRIER);
  const correcting = canCorrectSlip(order);
  const busy = fetcher.state !== "idle";
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  // A parcel gone on its own (decision 091): the order can no longer be called off as a whole (the server answers 409).
  const partlyShipped = order.shipments.some((shipment) => shipment.state !== "ready" && shipment.state !== "waiting");
  const moves = movesFor(order).filter((move) => move !== "cancel" || !partlyShipped);
  const deferredOpen = canConfirmDeferredPayment(order);
  const linkOpen = canSendPaymentLink(order);
  const askValues = { id: orderNumberForShopper(order.id), amount: formatYen(order.price, locale) };
  const depositAsk = ta("adminOrder.depositAsk", askValues);

  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) snackbar.show("success", outcome.message);
    else snackbar.show("danger", outcome.errors);
  }, [outcome, snackbar]);

  const serverSlipError = outcome && !outcome.ok ? outcome.fields.slip_number?.[0] : undefined;
  const carrierError = outcome && !outcome.ok ? outcome.fields.carrier?.[0] : undefined;

  function ship(event: FormEvent<HTMLFormElement>) {
    const problem = slipNumberProblem(slip.trim(), locale);
    setSlipError(problem);
    if (problem) event.preventDefault();
  }

  function correctSlip(event: FormEvent<HTMLFormElement>) {
    const problem = slipNumberProblem(correctedSlip.trim(), locale);
    setSlipError(problem);
    if (problem) event.preventDefault();
  }

  return (
    <AdminSection id="order-actions" title={ta("adminOrder.actions")} testId="order-actions">
      {outcome &&
        (outcome.ok ? (
          <Notice tone="success" testId="order-action-result">
            <p>{outcome.message}</p>
          </Notice>
        ) : (
          <Notice tone="danger" testId="order-action-result">
            {outcome.errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Notice>
        ))}
      {moves.length === 0 && !correcting && !deferredOpen && !linkOpen && (
        <p className={styles.muted}>{order.status === "pending" ? ta("adminOrder.pendingNote") : ta("adminOrder.noActions")}</p>
      )}
      {moves.includes("deposit") && (
        // It mails the customer: a second, explicit press.
        <ConfirmMove
          fetcher={fetcher}
          move="deposit"
          testId="deposit-confirm"
          hint={ta("adminOrder.depositHint")}
          label={ta("adminOrder.deposit")}
          ask={depositAsk}
          confirm={ta("adminOrder.depositConfirm")}
        />
      )}
      {deferredOpen && (
        // 後払い (decision 080): the service reported the invoice paid; mails the customer, so asked twice.
        <ConfirmMove
          fetcher={fetcher}
          move="deferred-paid"
          testId="deferred-paid-confirm"
          hint={ta("adminOrder.deferredPaidHint")}
          label={ta("adminOrder.deposit")}
          ask={depositAsk}
          confirm={ta("adminOrder.depositConfirm")}
        />
      )}
      {linkOpen && (
        // A card order taken by phone (decision 082): the customer pays on the link's page. It mails them, so asked twice.
        <ConfirmMove
          fetcher={fetcher}
          move="payment-link"
          testId="payment-link-confirm"
          hint={ta("adminOrder.paymentLinkHint")}
          label={ta("adminOrder.paymentLink")}
          ask={ta("adminOrder.paymentLinkAsk", askValues)}
          confirm={ta("adminOrder.paymentLinkConfirm")}
        />
      )}
      {moves.includes("ship") && (
        <fetcher.Form method="post" className={detail.action} onSubmit={ship} noValidate>
          <input type="hidden" name="move" value="ship" />
          <CarrierSlipFields
            carrier={carrier}
            onCarrier={setCarrier}
            slip={slip}
            onSlip={setSlip}
            carrierError={carrierError}
            slipError={slipError ?? serverSlipError}
            slipHint={ta("adminOrder.slipHint")}
          />
          <Button type="submit" block disabled={busy}>
            {/* Some parcels gone on their own (decision 091): this ships the rest, with one slip. */}
            {partlyShipped ? ta("adminOrder.shipRest") : ta("adminOrder.ship")}
          </Button>
        </fetcher.Form>
      )}
      {correcting && (
        <fetcher.Form method="post" className={detail.action} onSubmit={correctSlip} noValidate data-testid="slip-correct">
          <h3>{ta("adminOrder.slipCorrectTitle")}</h3>
          <p>{ta("adminOrder.slipCorrectHint")}</p>
          <input type="hidden" name="move" value="slip" />
          <CarrierSlipFields
            carrier={correctedCarrier}
            onCarrier={setCorrectedCarrier}
            slip={correctedSlip}
            onSlip={setCorrectedSlip}
            carrierError={carrierError}
            slipError={slipError ?? serverSlipError}
          />
          <Checkbox label={ta("adminOrder.slipCorrectNotify")} name="notify" />
          <Button type="submit" variant="secondary" block disabled={busy}>
            {ta("adminOrder.slipCorrectSubmit")}
          </Button>
        </fetcher.Form>
      )}
      {moves.includes("cancel") && (
        <div className={detail.action}>
          <p>{ta("adminOrder.cancelHint")}</p>
          <Button variant="secondary" block className={detail.danger} disabled={busy} onClick={() => setConfirmingCancel(true)}>
            {ta("adminOrder.cancel")}
          </Button>
          <Dialog
            open={confirmingCancel}
            onClose={() => setConfirmingCancel(false)}
            title={ta("adminOrder.cancelTitle")}
            closeLabel={ta("adminOrder.close")}
            testId="cancel-dialog"
            footer={
              <div className={detail.dialogButtons}>
                <Button variant="ghost" onClick={() => setConfirmingCancel(false)}>
                  {ta("adminOrder.cancelKeep")}
                </Button>
                <Button
                  className={detail.dangerSolid}
                  disabled={busy}
                  onClick={() => {
                    setConfirmingCancel(false);
                    void fetcher.submit({ move: "cancel" }, { method: "post" });
                  }}
                >
                  {ta("adminOrder.cancelConfirm")}
                </Button>
              </div>
            }
          >
            <p>{ta("adminOrder.cancelBody", { id: orderNumberForShopper(order.id) })}</p>
          </Dialog>
        </div>
      )}
      {busy && (
        <p className={styles.muted} role="status">
          {ta("adminOrder.working")}
        </p>
      )}
    </AdminSection>
  );
}
