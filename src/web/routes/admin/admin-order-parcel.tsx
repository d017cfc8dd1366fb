import { Form } from "react-router";
import { CARRIER_CODES, CARRIERS, DEFAULT_CARRIER } from "../../../domain/carriers.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { hasLeft } from "../../../domain/payments-and-shipments.ts";
import type { Route } from "./+types/admin-order-parcel";
import { OrderSubPage } from "../../features/admin/ui/order-sub-page.tsx";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { ParcelBlock, parcelPath } from "../../features/admin/parcel-block.tsx";
import { parcelsText, useParcelsText } from "../../features/admin/parcels-i18n.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import type { FormActionData } from "../../shared/site/form-action.ts";
import { formAction } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

/** A parcel's number as the API's route takes it: 1 for the first. */
const PARCEL_NUMBER = /^[1-9]\d{0,2}$/;

/** What the page says after a post that went through (the 303 brings the visitor back here with it). */
const DONE = ["shipped", "corrected", "mailed"] as const;
type Done = (typeof DONE)[number];

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, {
    text: parcelsText(loaderData?.locale ?? "ja", "parcels.title", { number: orderNumberForShopper(params.id), n: params.number }),
  });
}

/**
 * One parcel of an order on a page of its own, drawn on the server, so staff ship it or correct its
 * slip without JavaScript (decision 097; the order page itself is drawn in the browser, as
 * /admin/orders/:id/gift beside it): the order asked of GET /admin/api/orders/:id as the visitor,
 * the form posted through POST /admin/api/orders/:id/shipments/:number/ship or …/slip with the
 * page's request key, so a form sent twice is booked once.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", `/admin/api/orders/${encodeURIComponent(params.id)}`);
  if (answer.status === 401) throw toStaffLogin(`/admin/orders/${encodeURIComponent(params.id)}/shipments/${encodeURIComponent(params.number)}`);
  const order = answer.status === 200 ? (answer.body as { data: AdminOrderDetail }).data : null;
  const n = PARCEL_NUMBER.test(params.number) ? Number(params.number) : 0;
  const shipment = order?.shipments.find((each) => each.position === n - 1) ?? null;
  const asked = new URL(request.url).searchParams.get("done");
  const done = (DONE as readonly string[]).includes(asked ?? "") ? (asked as Done) : null;
  return {
    locale: page.locale,
    orderId: order?.id ?? params.id,
    count: order?.shipments.length ?? 0,
    shipment,
    // Ships alone when the order may ship and the parcel is ready (decision 091); corrected once it has left.
    canShip: order !== null && shipment !== null && shipment.state === "ready" && order.next.includes("sent"),
    canCorrect: shipment !== null && hasLeft(shipment.state),
    done,
    requestKey: crypto.randomUUID(),
  };
}

export async function action(args: Route.ActionArgs) {
  const { params } = args;
  const base = `/admin/api/orders/${encodeURIComponent(params.id)}/shipments/${encodeURIComponent(params.number)}`;
  const back = `/admin/orders/${encodeURIComponent(params.id)}/shipments/${encodeURIComponent(params.number)}`;
  return formAction(
    args,
    (values) => {
      const correct = values.move === "slip";
      const body = { slip_number: values.slip_number ?? "", carrier: values.carrier ?? "", ...(correct ? { notify: values.notify ?? "" } : {}) };
      return { method: "POST", path: `${base}/${correct ? "slip" : "ship"}`, body, keyed: true };
    },
    (_answer, values) => ({ redirectTo: `${back}?done=${values.move === "slip" ? (values.notify === "on" ? "mailed" : "corrected") : "shipped"}` }),
  );
}

export default function AdminOrderParcel({ loaderData, actionData, params }: Route.ComponentProps) {
  const ta = useAdminText();
  const tp = useParcelsText();
  const { locale } = useI18n();
  const { shipment, count, canShip, canCorrect, done, requestKey, orderId } = loaderData;
  const refused = actionData && !(actionData as FormActionData<never>).ok ? (actionData as Extract<FormActionData<never>, { ok: false }>) : undefined;
  const n = shipment ? shipment.position + 1 : Number(params.number);
  const move = canShip ? "ship" : "slip";
  // The carrier posted back after a refusal, else the parcel's own, else the shop's usual one.
  const carrier =
    refused?.values.carrier ?? (shipment?.carrier && (CARRIER_CODES as readonly string[]).includes(shipment.carrier) ? shipment.carrier : DEFAULT_CARRIER);
  const generalErrors = refused ? refused.errors.filter((message) => !Object.values(refused.fields).some((list) => list.includes(message))) : [];
  return (
    <OrderSubPage
      orderId={params.id}
      testId="parcel-page"
      back={tp("parcels.back")}
      title={tp("parcels.title", { number: orderNumberForShopper(params.id), n })}
      record={shipment}
      notFound={tp("parcels.notFound")}
    >
      {(shipment) => (
        <>
          {done && (
            <Notice tone="success" testId="parcel-page-result">
              {tp(done === "shipped" ? "parcels.shipped" : done === "mailed" ? "parcels.correctedMailed" : "parcels.corrected", {
                n,
                slip: shipment.slip_number ?? "",
              })}
            </Notice>
          )}
          {generalErrors.length > 0 && <ErrorsNotice errors={generalErrors} testId="parcel-page-errors" />}
          <ParcelBlock
            shipment={shipment}
            count={count}
            testId="parcel-page-block"
            form={
              canShip || canCorrect ? (
                <Form
                  method="post"
                  action={parcelPath(orderId, n)}
                  reloadDocument
                  onSubmit={withCurrentToken}
                  data-testid="parcel-page-form"
                  aria-labelledby="parcel-form-title"
                >
                  <h4 id="parcel-form-title">{tp(canShip ? "parcels.shipTitle" : "parcels.correctTitle")}</h4>
                  <p className={styles.muted}>{tp(canShip ? "parcels.shipLead" : "parcels.correctLead")}</p>
                  <CsrfField />
                  <RequestKeyField value={requestKey} />
                  <input type="hidden" name="move" value={move} />
                  <Select
                    label={ta("adminOrder.carrier")}
                    name="carrier"
                    defaultValue={carrier}
                    error={refused?.fields.carrier?.[0]}
                    options={CARRIER_CODES.map((code) => ({ value: code, label: CARRIERS[code].label[locale] }))}
                  />
                  <Input
                    label={ta("adminOrder.slipNumber")}
                    name="slip_number"
                    defaultValue={refused?.values.slip_number ?? ""}
                    maxLength={40}
                    autoComplete="off"
                    hint={canShip ? ta("adminOrder.slipHint") : undefined}
                    error={refused?.fields.slip_number?.[0]}
                  />
                  {!canShip && <Checkbox label={ta("adminOrder.slipCorrectNotify")} name="notify" defaultChecked={refused?.values.notify === "on"} />}
                  <Button type="submit" block>
                    {canShip ? ta("adminOrder.parcelShip") : tp("parcels.correctSubmit")}
                  </Button>
                </Form>
              ) : (
                <Notice tone="info" testId="parcel-page-not-yet">
                  {tp("parcels.notYet")}
                </Notice>
              )
            }
          />
        </>
      )}
    </OrderSubPage>
  );
}
