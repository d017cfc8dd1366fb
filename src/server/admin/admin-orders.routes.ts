import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "../../domain/checkout.ts";
import type { CarrierCode } from "../../domain/carriers.ts";
import { DEFAULT_CARRIER, isCarrierCode } from "../../domain/carriers.ts";
import { isStoredPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { staffActor } from "../orders/order-moves.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { AdminOrderFilters, AdminOrdersService } from "./admin-orders.service.ts";
import type { DashboardService } from "./dashboard.service.ts";

/** Carriers' slip numbers: digits, letters and hyphens, at most 40. */
export const SLIP_NUMBER_PATTERN = /^[0-9A-Za-z-]{1,40}$/;
const SLIP_NUMBER_MAX = 40;

const orderIdParams = z.object({ id: z.string() });
const shipBody = z.object({ slip_number: z.unknown(), carrier: z.unknown() }).partial().catch({});
const page = z.coerce.number().int().min(1).max(100_000).catch(1);

function queryValue(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim() : "";
}

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The list's filters from the query string; empty values mean "any", anything unknown is a 422 naming the field. */
export function orderFilters(query: unknown, locale: Locale): AdminOrderFilters {
  const errors = new FieldErrors(locale);
  const status = queryValue(query, "status");
  const method = queryValue(query, "payment_method");
  const from = queryValue(query, "from");
  const to = queryValue(query, "to");
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
    q: queryValue(query, "q") || undefined,
    page: page.parse(queryValue(query, "page") || 1),
  };
}

/** The shipment's slip number and carrier (ヤマト運輸 when none is named). */
function shipmentOf(body: unknown, locale: Locale): { slipNumber: string; carrier: CarrierCode } {
  const parsed = shipBody.parse(body ?? {});
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

function orderId(request: FastifyRequest): string {
  const parsed = orderIdParams.safeParse(request.params);
  if (!parsed.success) throw new DomainError("not-found");
  return parsed.data.id;
}

/** The back office's order list, order page and status moves, and the dashboard; staff and owner alike. */
export function registerAdminOrderRoutes(app: FastifyInstance, deps: { adminOrders: AdminOrdersService; dashboard: DashboardService }): void {
  const { adminOrders } = deps;

  app.get(`${ADMIN_API}/dashboard`, async (request) => {
    requireStaff(request);
    return deps.dashboard.figures(request.locale);
  });

  app.get(`${ADMIN_API}/orders`, async (request) => {
    requireStaff(request);
    return adminOrders.list(orderFilters(request.query, request.locale));
  });

  app.get(`${ADMIN_API}/orders/:id`, async (request) => {
    requireStaff(request);
    return { data: await adminOrders.detail(orderId(request), request.locale) };
  });

  app.post(`${ADMIN_API}/orders/:id/deposit`, async (request) => {
    const staff = requireStaff(request);
    return { data: await adminOrders.deposit(orderId(request), request.locale, staffActor(staff.id)) };
  });

  app.post(`${ADMIN_API}/orders/:id/ship`, async (request) => {
    const staff = requireStaff(request);
    const shipment = shipmentOf(request.body, request.locale);
    return { data: await adminOrders.ship(orderId(request), shipment, request.locale, staffActor(staff.id)) };
  });

  app.post(`${ADMIN_API}/orders/:id/cancel`, async (request) => {
    const staff = requireStaff(request);
    return { data: await adminOrders.cancel(orderId(request), request.locale, staffActor(staff.id)) };
  });
}
