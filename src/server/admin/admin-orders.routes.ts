import type { FastifyInstance } from "fastify";
import { adminOrderAnswer, adminOrdersAnswer, dashboardAnswer, dashboardChartsAnswer, paymentLinkSentAnswer } from "../../domain/answers/admin-orders.ts";
import { deliveryOptionsAnswer, giftOptionsAnswer } from "../../domain/answers/orders.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "../../domain/checkout.ts";
import { isStoredPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { KEYED_WRITE, checkedBody, formSchema, pageQuery, queryText, staffOnly } from "../http/route-schemas.ts";
import { adjustmentInputSchema, partialCancelInputSchema, shipInputSchema, slipInputSchema } from "../../domain/admin-order-input.ts";
import { staffActor } from "../orders/order-moves.ts";
import { deliveryWishSchema, giftChangeSchema, recipientChangeSchema } from "../../domain/order-changes.ts";
import { validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADJUSTMENT_LABELS } from "../../domain/order-charges.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { AdminOrderFilters, AdminOrdersService } from "./admin-orders.service.ts";
import type { DashboardService } from "./dashboard.service.ts";
import type { DashboardChartsService } from "./dashboard-charts.service.ts";
import { CHART_PERIODS } from "../../domain/dashboard-charts.ts";
import { BULK_MAX_ORDERS } from "../../domain/bulk-moves.ts";
import { publicIdFromOrderNumber } from "../../domain/order-number.ts";

const chartsQuery = z.object({ period: z.enum(CHART_PERIODS).catch("day") });

/** A public order number; anything is looked up (an unknown one is a 404). */
export const orderIdParams = z.object({ id: z.string() });

/** One parcel of an order: its number, 1 for the first (decision 091). */
const parcelParams = z.object({ id: z.string(), number: z.string().regex(/^[1-9]\d{0,2}$/) });

/**
 * The order list's filters as the query string carries them (status, payment_method, from, to, q,
 * page); shared by the list and the order exports. Their values are checked by `orderFilters`,
 * which names each bad field in the contract's 422.
 */
export const orderFiltersQuery = z.object({
  status: queryText,
  payment_method: queryText,
  from: queryText,
  to: queryText,
  q: queryText,
  // 1: only 後払い invoices past their days to pay (the dashboard's figure).
  overdue: queryText,
  page: pageQuery,
  // The selected orders (?order=…&order=…) of the bulk export and print (decision 069).
  order: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Orders a bulk export or print takes at most by name (the bulk moves' bound). */
const SELECTED_MAX = BULK_MAX_ORDERS;

/** The selected orders' public ids (numbers as printed are read too); undefined when none is named. */
export function selectedOrders(value: string | string[] | undefined, errors: FieldErrors): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).filter((each) => each.trim() !== "");
  if (list.length > SELECTED_MAX) {
    errors.add("order", "invalid");
    return undefined;
  }
  const ids = list.map((each) => publicIdFromOrderNumber(each));
  if (ids.some((id) => id === undefined)) {
    errors.add("order", "invalid");
    return undefined;
  }
  return [...new Set(ids as string[])];
}

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The list's filters; empty values mean "any", anything unknown is a 422 naming the field. */
export function orderFilters(query: z.output<typeof orderFiltersQuery>, locale: Locale): AdminOrderFilters {
  const errors = new FieldErrors(locale);
  const { status, payment_method: method, from, to } = query;
  if (status && !(ORDER_STATUSES as readonly string[]).includes(status)) errors.add("status", "inclusion");
  if (method && !isStoredPaymentMethod(method)) errors.add("payment_method", "inclusion");
  if (from && !isIsoDate(from)) errors.add("from", "invalid");
  if (to && !isIsoDate(to)) errors.add("to", "invalid");
  if (query.overdue && query.overdue !== "1") errors.add("overdue", "inclusion");
  const publicIds = selectedOrders(query.order, errors);
  if (!errors.empty) throw validationFailed(errors);
  return {
    status: (status || undefined) as OrderStatus | undefined,
    paymentMethod: method || undefined,
    from: from || undefined,
    to: to || undefined,
    q: query.q || undefined,
    overdue: query.overdue === "1" || undefined,
    publicIds,
    page: query.page,
  };
}

/** The back office's order list, order page and status moves, and the dashboard; staff and owner alike. */
export function registerAdminOrderRoutes(
  fastify: FastifyInstance,
  deps: { adminOrders: AdminOrdersService; dashboard: DashboardService; charts: DashboardChartsService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminOrders } = deps;
  const staff = staffOnly();
  const oneOrder = { ...staff, schema: { params: orderIdParams } };
  // Moves that take money, refund it, give stock back or mail the shopper.
  const orderMove = { ...oneOrder, config: KEYED_WRITE };
  /** A route's declaration with the schema of its 200 answer. */
  const answering = <B extends { schema: object }, S extends z.ZodType>(base: B, answer: S) => ({
    ...base,
    schema: { ...base.schema, response: { 200: answer } },
  });

  app.get(`${ADMIN_API}/dashboard`, { ...staff, schema: { response: { 200: dashboardAnswer } } }, async (request) => deps.dashboard.figures(request.locale));

  // The dashboard's charts (decision 068): ?period=day|week|month, anything else is day.
  app.get(`${ADMIN_API}/dashboard/charts`, { ...staff, schema: { querystring: chartsQuery, response: { 200: dashboardChartsAnswer } } }, async (request) =>
    deps.charts.charts(request.query.period, request.locale),
  );

  app.get(`${ADMIN_API}/orders`, { ...staff, schema: { querystring: orderFiltersQuery, response: { 200: adminOrdersAnswer } } }, async (request) =>
    adminOrders.list(orderFilters(request.query, request.locale)),
  );

  app.get(`${ADMIN_API}/orders/:id`, answering(oneOrder, adminOrderAnswer), async (request) => ({
    data: await adminOrders.detail(request.params.id, request.locale),
  }));

  app.post(`${ADMIN_API}/orders/:id/deposit`, answering(orderMove, adminOrderAnswer), async (request) => ({
    data: await adminOrders.deposit(request.params.id, request.locale, staffActor(requireStaff(request).id)),
  }));

  // A shipped 後払い order's invoice paid, as its service reports (decision 080); a second click is a 409.
  app.post(`${ADMIN_API}/orders/:id/deferred-paid`, answering(orderMove, adminOrderAnswer), async (request) => ({
    data: await adminOrders.confirmDeferredPayment(request.params.id, request.locale, staffActor(requireStaff(request).id)),
  }));

  // A card order awaiting payment (taken by phone or FAX) gets its payment link by mail; the link is answered too (decision 082).
  app.post(`${ADMIN_API}/orders/:id/payment-link`, answering(orderMove, paymentLinkSentAnswer), async (request) => ({
    data: await adminOrders.sendPaymentLink(request.params.id, staffActor(requireStaff(request).id)),
  }));

  // The bodies' schemas are domain/admin-order-input.ts's (decision 075).
  app.post(
    `${ADMIN_API}/orders/:id/ship`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: shipInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const { slip_number: slipNumber, carrier } = checkedBody(request);
      return { data: await adminOrders.ship(request.params.id, { slipNumber, carrier }, request.locale, staffActor(requireStaff(request).id)) };
    },
  );

  // One parcel of the order ships on its own (decision 091): its number is 1 for the first, as the page and the B2 file's お客様管理番号 (<order>-<n>) count.
  app.post(
    `${ADMIN_API}/orders/:id/shipments/:number/ship`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: parcelParams, body: shipInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const { slip_number: slipNumber, carrier } = checkedBody(request);
      return {
        data: await adminOrders.shipParcel(
          request.params.id,
          Number(request.params.number),
          { slipNumber, carrier },
          request.locale,
          staffActor(requireStaff(request).id),
        ),
      };
    },
  );

  // A shipped order's wrong slip number corrected (decision 067); the shopper is mailed only when asked.
  app.post(
    `${ADMIN_API}/orders/:id/slip`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: slipInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const { slip_number: slipNumber, carrier, notify } = checkedBody(request);
      return { data: await adminOrders.correctSlip(request.params.id, { slipNumber, carrier, notify }, request.locale, staffActor(requireStaff(request).id)) };
    },
  );

  // One parcel's wrong slip number corrected (decision 097), by its number as the parcel's ship route takes it.
  app.post(
    `${ADMIN_API}/orders/:id/shipments/:number/slip`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: parcelParams, body: slipInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const { slip_number: slipNumber, carrier, notify } = checkedBody(request);
      return {
        data: await adminOrders.correctParcelSlip(
          request.params.id,
          Number(request.params.number),
          { slipNumber, carrier, notify },
          request.locale,
          staffActor(requireStaff(request).id),
        ),
      };
    },
  );

  // A discount or correction line on an order whose amount may still change (decision 070).
  app.post(
    `${ADMIN_API}/orders/:id/adjustments`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: adjustmentInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const { kind, label_ja: labelJa, label_en: labelEn, amount, taxRate } = checkedBody(request);
      // A label left blank is the kind's own.
      const label = { ja: labelJa || ADJUSTMENT_LABELS[kind].ja, en: labelEn || ADJUSTMENT_LABELS[kind].en };
      return { data: await adminOrders.adjust(request.params.id, { kind, label, amount, taxRate }, request.locale) };
    },
  );

  // A line lowered or removed before shipping (decision 078): repriced, refunded or asked anew, mailed.
  app.post(
    `${ADMIN_API}/orders/:id/lines`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: partialCancelInputSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => {
      const change = checkedBody(request, { line: { ja: "商品", en: "Item" } });
      return { data: await adminOrders.cancelLine(request.params.id, change, request.locale, staffActor(requireStaff(request).id)) };
    },
  );

  // Changes before shipping (decision 074): the delivery wish, and the recipient (a changed fee only while the amount may change).
  app.get(`${ADMIN_API}/orders/:id/delivery`, answering(oneOrder, deliveryOptionsAnswer), async (request) => ({
    data: await adminOrders.deliveryOptions(request.params.id, request.locale),
  }));

  app.post(
    `${ADMIN_API}/orders/:id/delivery`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: deliveryWishSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => ({
      data: await adminOrders.changeDelivery(request.params.id, checkedBody(request), request.locale, staffActor(requireStaff(request).id)),
    }),
  );

  app.post(
    `${ADMIN_API}/orders/:id/recipient`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: recipientChangeSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => ({
      data: await adminOrders.changeRecipient(request.params.id, checkedBody(request), request.locale, staffActor(requireStaff(request).id)),
    }),
  );

  // The gift options (のし, wrapping, card) by the checkout's rules; a wrapping fee added or taken off only while the amount may change.
  app.get(`${ADMIN_API}/orders/:id/gift`, answering(oneOrder, giftOptionsAnswer), async (request) => ({
    data: await adminOrders.giftOptions(request.params.id, request.locale),
  }));

  app.post(
    `${ADMIN_API}/orders/:id/gift`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderIdParams, body: giftChangeSchema, response: { 200: adminOrderAnswer } }) },
    async (request) => ({
      data: await adminOrders.changeGift(request.params.id, checkedBody(request), request.locale, staffActor(requireStaff(request).id)),
    }),
  );

  app.post(`${ADMIN_API}/orders/:id/cancel`, answering(orderMove, adminOrderAnswer), async (request) => ({
    data: await adminOrders.cancel(request.params.id, request.locale, staffActor(requireStaff(request).id)),
  }));
}
