import { ORDER_STATUSES } from "../../../domain/checkout.ts";
import { isStoredPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { isRealDate } from "../../../domain/japan-time.ts";

/** The filters of /admin/orders as the query string carries them (and GET /admin/api/orders takes them). */
export const ORDER_FILTER_KEYS = ["status", "payment_method", "from", "to", "q", "overdue"] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];
export type OrderFilters = Partial<Record<OrderFilterKey, string>>;

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Known filters with usable values only: a hand-edited address never makes a bad API call. */
export function orderFiltersOf(search: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  const status = search.get("status");
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) filters.status = status;
  const method = search.get("payment_method");
  if (method && isStoredPaymentMethod(method)) filters.payment_method = method;
  for (const key of ["from", "to"] as const) {
    const value = search.get(key);
    if (value && isIsoDate(value)) filters[key] = value;
  }
  const q = search.get("q")?.trim();
  if (q) filters.q = q.slice(0, 100);
  // 後払い invoices past their days to pay (the dashboard's figure links here).
  if (search.get("overdue") === "1") filters.overdue = "1";
  return filters;
}

export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The query string of a list page: the filters in a fixed order, then the page when past the first. */
export function orderListQuery(filters: OrderFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const key of ORDER_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
