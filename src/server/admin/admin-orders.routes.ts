import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "../../domain/checkout.ts";
import type { CarrierCode } from "../../domain/carriers.ts";
import { DEFAULT_CARRIER, isCarrierCode } from "../../domain/carriers.ts";
import { isStoredPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { KEYED_WRITE, pageQuery, queryText, staffOnly } from "../http/route-schemas.ts";
import { staffActor } from "../orders/order-moves.ts";
import { validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { AdminOrderFilters, AdminOrdersService } from "./admin-orders.service.ts";
import type { DashboardService } from "./dashboard.service.ts";

/** Carriers' slip numbers: digits, letters and hyphens, at most 40. */
export const SLIP_NUMBER_PATTERN = /^[0-9A-Za-z-]{1,40}$/;
const SLIP_NUMBER_MAX = 40;

/** A public order number; anything is looked up (an unknown one is a 404). */
export const orderIdParams = z.object({ id: z.string() });
const shipBody = z.object({ slip_number: z.unknown(), carrier: z.unknown() }).partial().catch({});

/**
 * The order list's filters as the query string carries them (status, payment_method, from, to, q,
 * page); shared by the list and the order exports. Their values are checked by `orderFilters`,
 * which names each bad field in the spec's 422.
 */
export const orderFiltersQuery = z.object({ status: queryText, payment_method: queryText, from: queryText, to: queryText, q: queryText, page: pageQuery });

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
  if (!errors.empty) throw validationFailed(errors);
  return {
    status: (status || undefined) as OrderStatus | undefined,
    paymentMethod: method || undefined,
    from: from || undefined,
    to: to || undefined,
    q: query.q || undefined,
    page: query.page,
  };
}

/** The shipment's slip number and carrier (ヤマト運輸 when none is named). */
function shipmentOf(parsed: z.output<typeof shipBody>, locale: Locale): { slipNumber: string; carrier: CarrierCode } {
  const raw = parsed.slip_number;
  const slip = typeof raw === "string" ? raw.trim() : "";
  const errors = new FieldErrors(locale);
  if (!slip) errors.add("slip_number", "blank");
  else if (slip.length > SLIP_NUMBER_MAX) errors.add("slip_number", "too_long", { count: SLIP_NUMBER_MAX });
  else if (!SLIP_NUMBER_PATTERN.test(slip)) errors.add("slip_number", "invalid");
  const carrier = parsed.carrier === undefined || parsed.carrier === null || parsed.carrier === "" ? DEFAULT_CARRIER : parsed.carrier;
  if (!isCarrierCode(carrier)) errors.add("carrier", "inclusion");
  if (!errors.empty) throw validationFailed(errors);
  return { slipNumber: slip, carrier: carrier as CarrierCode };
}

/** The back office's order list, order page and status moves, and the dashboard; staff and owner alike. */
export function registerAdminOrderRoutes(fastify: FastifyInstance, deps: { adminOrders: AdminOrdersService; dashboard: DashboardService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminOrders } = deps;
  const staff = staffOnly();
  const oneOrder = { ...staff, schema: { params: orderIdParams } };
  // Moves that take money, refund it, give stock back or mail the shopper.
  const orderMove = { ...oneOrder, config: KEYED_WRITE };

  app.get(`${ADMIN_API}/dashboard`, staff, async (request) => deps.dashboard.figures(request.locale));

  app.get(`${ADMIN_API}/orders`, { ...staff, schema: { querystring: orderFiltersQuery } }, async (request) =>
    adminOrders.list(orderFilters(request.query, request.locale)),
  );

  app.get(`${ADMIN_API}/orders/:id`, oneOrder, async (request) => ({ data: await adminOrders.detail(request.params.id, request.locale) }));

  app.post(`${ADMIN_API}/orders/:id/deposit`, orderMove, async (request) => ({
    data: await adminOrders.deposit(request.params.id, request.locale, staffActor(requireStaff(request).id)),
  }));

  app.post(`${ADMIN_API}/orders/:id/ship`, { ...staff, config: KEYED_WRITE, schema: { params: orderIdParams, body: shipBody } }, async (request) => {
    const shipment = shipmentOf(request.body, request.locale);
    return { data: await adminOrders.ship(request.params.id, shipment, request.locale, staffActor(requireStaff(request).id)) };
  });

  app.post(`${ADMIN_API}/orders/:id/cancel`, orderMove, async (request) => ({
    data: await adminOrders.cancel(request.params.id, request.locale, staffActor(requireStaff(request).id)),
  }));
}
