import type { B2CloudCheck, Dashboard } from "../back-office.ts";
import { ORDER_STATUSES } from "../checkout.ts";
import { CHART_PERIODS, type DashboardCharts } from "../dashboard-charts.ts";
import { ORDER_ACTOR_KINDS } from "../order-status.ts";
import type { AdminOrderDetail, AdminOrdersPage } from "../order-view.ts";
import type { ReturnResource } from "../order-returns.ts";
import { PAYMENT_STATES, SHIPMENT_STATES } from "../payments-and-shipments.ts";
import { STAFF_ORDER_CHANNELS } from "../staff-order.ts";
import { z } from "../zod.ts";
import { chargeAnswerSchema } from "./checkout.ts";
import { countedPageOfSchema, dataOf, postalAddressShape, type SameShape } from "./common.ts";
import { deliveryWishShape, giftAnswerSchema, recipientAnswerSchema, taxesShape } from "./orders.ts";

/** The back office's orders: the list, the order page, and every move's answer (the order as it is after it). */

const statusSchema = z.enum(ORDER_STATUSES);

/** Which of the order's items, and how many of each, a parcel or a return holds. */
const parcelLinesSchema = z.array(z.object({ order_item_id: z.number(), name: z.string(), quantity: z.number() }));

const orderSummaryShape = {
  id: z.string(),
  created_at: z.string(),
  status: statusSchema,
  payment_method: z.string(),
  name: z.string(),
  email: z.string(),
  price: z.number(),
  entered_by: z.object({ channel: z.enum(STAFF_ORDER_CHANNELS), staff_id: z.number(), staff_name: z.string().nullable() }).nullable(),
};

/** GET /admin/api/orders: a page of orders with the filter's count. */
export const adminOrdersAnswer = countedPageOfSchema(z.object(orderSummaryShape));
export const adminOrdersMatches: SameShape<z.output<typeof adminOrdersAnswer>, AdminOrdersPage> = true;

export const adminOrderDetailSchema = z.object({
  ...orderSummaryShape,
  phone: z.string(),
  ...postalAddressShape,
  recipient: recipientAnswerSchema.nullable(),
  ...deliveryWishShape,
  memo: z.string(),
  items: z.array(
    z.object({
      product_id: z.number().nullable(),
      name: z.string(),
      unit_price: z.number(),
      amount: z.number(),
      line_total: z.number(),
      tax_rate: z.number(),
      reduced: z.boolean(),
      line_id: z.number(),
    }),
  ),
  items_total: z.number(),
  shipping_fee: z.number(),
  payment_method_fee: z.number(),
  charges: z.array(chargeAnswerSchema),
  ...taxesShape,
  birth_date: z.string().nullable(),
  customer_kana: z.string(),
  staff_memo: z.string(),
  slip_number: z.string().nullable(),
  carrier: z.string().nullable(),
  carrier_label: z.string().nullable(),
  tracking_url: z.string().nullable(),
  gift: giftAnswerSchema.nullable(),
  locale: z.enum(["ja", "en"]),
  next: z.array(statusSchema),
  adjustable: z.boolean(),
  lines_cancellable: z.boolean(),
  history: z.array(
    z.object({
      at: z.string(),
      from: statusSchema.nullable(),
      to: statusSchema,
      actor_kind: z.enum(ORDER_ACTOR_KINDS),
      actor_id: z.string().nullable(),
      actor_name: z.string().nullable().optional(),
      note: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      method: z.string(),
      amount: z.number(),
      refunded_amount: z.number(),
      state: z.enum(PAYMENT_STATES),
      state_label: z.string(),
      payment_intent_id: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  shipments: z.array(
    z.object({
      position: z.number(),
      recipient: recipientAnswerSchema.nullable(),
      ...deliveryWishShape,
      gift: giftAnswerSchema.nullable(),
      fee: z.number(),
      carrier: z.string().nullable(),
      carrier_label: z.string().nullable(),
      slip_number: z.string().nullable(),
      state: z.enum(SHIPMENT_STATES),
      state_label: z.string(),
      shipped_at: z.string().nullable(),
      lines: parcelLinesSchema,
      ships_on: z.string().optional(),
    }),
  ),
});
export const adminOrderDetailMatches: SameShape<z.output<typeof adminOrderDetailSchema>, AdminOrderDetail> = true;

/** GET /admin/api/orders/{id} and every move (deposit, ship, slip, adjustment, line, cancel): the order after it. */
export const adminOrderAnswer = dataOf(adminOrderDetailSchema);

/** POST /admin/api/orders/{id}/payment-link: the link mailed and when it stops working (decision 082). */
export const paymentLinkSentAnswer = dataOf(z.object({ url: z.string(), expires_at: z.string() }));

const countAndSales = z.object({ orders: z.number(), sales: z.number() });
/** GET /admin/api/dashboard: the shop's figures. */
export const dashboardAnswer = z.object({
  today: countAndSales,
  month: countAndSales,
  awaiting_deposit: z.number(),
  to_ship: z.number(),
  overdue_invoices: z.number(),
  low_stock: z.array(z.object({ id: z.number(), name: z.string(), stock: z.number() })),
  unhandled_inquiries: z.number(),
  training_deadline: z.object({ deadline: z.string(), daysLeft: z.number(), overdue: z.boolean() }).nullable(),
});
export const dashboardMatches: SameShape<z.output<typeof dashboardAnswer>, Dashboard> = true;

function chart<Row extends z.ZodType>(row: Row) {
  return z.object({ title: z.string(), svg: z.string(), svg_narrow: z.string(), rows: z.array(row) });
}
const productFigures = z.object({ id: z.number(), name: z.string(), bottles: z.number(), stock: z.number() });
/** GET /admin/api/dashboard/charts?period= (decision 068). */
export const dashboardChartsAnswer = z.object({
  period: z.enum(CHART_PERIODS),
  sales: chart(z.object({ key: z.string(), label: z.string(), this_year: z.number(), last_year: z.number() })),
  methods: chart(z.object({ key: z.string(), label: z.string(), yen: z.number(), orders: z.number() })),
  liquor_types: chart(z.object({ key: z.string(), label: z.string(), yen: z.number(), bottles: z.number() })),
  parcels: chart(z.object({ date: z.string(), label: z.string(), parcels: z.number() })),
  best_sellers: z.array(productFigures),
  slow_movers: z.array(productFigures),
  running_out: z.array(productFigures.extend({ days_left: z.number() })),
});
export const dashboardChartsMatches: SameShape<z.output<typeof dashboardChartsAnswer>, DashboardCharts> = true;

const returnSchema = z.object({
  number: z.number(),
  invoice_number: z.string().nullable(),
  returned_on: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  note: z.string(),
  broken: z.boolean(),
  remedy: z.enum(["refund", "replacement"]),
  remedy_label: z.string(),
  refund_shipping: z.boolean(),
  refund_amount: z.number(),
  refund_route: z.enum(["gateway", "transfer", "none"]),
  refund_state: z.enum(["done", "due", "none"]),
  rates: z.array(
    z.object({ rate: z.number(), goods: z.number(), adjustment: z.number(), shipping: z.number(), base: z.number(), tax: z.number(), total: z.number() }),
  ),
  lines: parcelLinesSchema,
  staff_id: z.number().nullable(),
});
export const returnMatches: SameShape<z.output<typeof returnSchema>, ReturnResource> = true;
/** GET /admin/api/orders/{id}/returns. */
export const returnsAnswer = dataOf(z.array(returnSchema));
/** POST /admin/api/orders/{id}/returns (201) and a refund marked done. */
export const returnAnswer = dataOf(returnSchema);

/** GET /admin/api/orders/b2-cloud-check?<filters>: whether the B2 Cloud file can be made, how many parcels, the rows to look at. */
export const b2CloudCheckAnswer = dataOf(
  z.object({
    ready: z.boolean(),
    count: z.number(),
    notes: z.array(
      z.object({
        orderId: z.string(),
        replaced: z.array(z.object({ field: z.string(), original: z.string(), substitute: z.string() })),
        leftOver: z.string(),
      }),
    ),
  }),
);
export const b2CloudCheckMatches: SameShape<z.output<typeof b2CloudCheckAnswer>["data"], B2CloudCheck> = true;
