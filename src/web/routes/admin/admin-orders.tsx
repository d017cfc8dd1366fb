import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminOrdersAnswer } from "../../../domain/answers/admin-orders.ts";
import { useState, type FormEvent } from "react";
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/admin-orders";
import { ORDER_STATUSES } from "../../../domain/checkout.ts";
import { storedPaymentMethods } from "../../../domain/payment-methods/payment-method.registry.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { NEW_ORDER_PATH, useStaffOrderText } from "../../features/admin/staff-order-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import list from "../../features/admin/admin-orders.module.css";
import { OrderExports } from "../../features/admin/order-exports.tsx";
import { BulkOrderForm } from "../../features/admin/bulk-orders.tsx";
import { newIdempotencyKey } from "../../shared/site/request-key.ts";
import { DayDeliveryNotes } from "../../features/admin/order-documents.tsx";
import type { OrderFilters } from "../../features/admin/order-filters.ts";
import { ORDER_FILTER_KEYS, orderFiltersOf, orderListQuery, pageOf } from "../../features/admin/order-filters.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import "../../i18n/orders-texts.ts";

async function load({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = orderFiltersOf(search);
  const page = pageOf(search);
  const query = new URLSearchParams(orderListQuery(filters).slice(1));
  query.set("page", String(page));
  const orders = await loadAdmin<ApiAnswer<typeof adminOrdersAnswer>>(request, `/orders?${query.toString()}`);
  return { filters, orders };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminOrders.title");
}

function FilterForm({ filters }: { filters: OrderFilters }) {
  const ta = useAdminText();
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const all = { value: "", label: ta("adminOrders.all") };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: OrderFilters = {};
    for (const key of ORDER_FILTER_KEYS) {
      const value = String(form.get(key) ?? "").trim();
      if (value) next[key] = value;
    }
    // A new search starts on its first page; filters replace each other, so no history piles up.
    void navigate(orderListQuery(next) || "/admin/orders", { replace: true });
  }

  return (
    // Keyed by the filters so that links (dashboard, pagination, back) refill the fields.
    <form key={orderListQuery(filters)} className={list.filters} onSubmit={submit} role="search" aria-label={ta("adminOrders.filters")} method="get">
      <Select
        label={ta("adminOrders.status")}
        name="status"
        defaultValue={filters.status ?? ""}
        options={[all, ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) }))]}
      />
      <Select
        label={ta("adminOrders.paymentMethod")}
        name="payment_method"
        defaultValue={filters.payment_method ?? ""}
        options={[all, ...storedPaymentMethods().map((method) => ({ value: method.stored, label: method.label[locale] }))]}
      />
      <Input label={ta("adminOrders.from")} name="from" type="date" defaultValue={filters.from ?? ""} />
      <Input label={ta("adminOrders.to")} name="to" type="date" defaultValue={filters.to ?? ""} />
      <div className={list.search}>
        <Input label={ta("adminOrders.q")} name="q" type="search" defaultValue={filters.q ?? ""} />
      </div>
      <Checkbox label={ta("adminOrders.overdue")} name="overdue" value="1" defaultChecked={filters.overdue === "1"} />
      <div className={list.buttons}>
        <Button type="submit">{ta("adminOrders.apply")}</Button>
        <Link to="/admin/orders" replace className={buttonClass("ghost")}>
          {ta("adminOrders.clear")}
        </Link>
      </div>
    </form>
  );
}

function Pagination({ filters, current, total }: { filters: OrderFilters; current: number; total: number }) {
  const ta = useAdminText();
  if (total <= 1) return null;
  return (
    <nav className={list.pagination} aria-label={ta("adminOrders.pagination")}>
      {current > 1 ? (
        <Link to={`/admin/orders${orderListQuery(filters, current - 1)}`} className={buttonClass("secondary")} rel="prev">
          {ta("adminOrders.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{ta("adminOrders.pageOf", { page: current, total })}</span>
      {current < total ? (
        <Link to={`/admin/orders${orderListQuery(filters, current + 1)}`} className={buttonClass("secondary")} rel="next">
          {ta("adminOrders.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Every order, newest first, 20 a page, narrowed by status, payment method, dates and a search. */
export default function AdminOrders() {
  const ta = useAdminText();
  const staffOrderText = useStaffOrderText();
  const { filters, orders } = useLoaderData<typeof clientLoader>();
  const navigation = useNavigation();
  const location = useLocation();
  const { current_page, total_page, total_count } = orders.meta.pagination;
  // One key per list shown: the bulk form posted twice is booked once (decision 049).
  const [requestKey] = useState(newIdempotencyKey);

  return (
    <>
      <h1 className={styles.title}>{ta("adminOrders.title")}</h1>
      <p>
        {/* A plain link: the form is rendered on the server (decision 081). */}
        <a href={NEW_ORDER_PATH} className={buttonClass("primary")} data-testid="new-order-link">
          {staffOrderText("staffOrder.listLink")}
        </a>
      </p>
      <section className={styles.section}>
        <FilterForm filters={filters} />
      </section>
      <OrderExports filters={filters} />
      <DayDeliveryNotes />
      <section className={styles.section} aria-labelledby="orders-list" aria-busy={navigation.state === "loading"}>
        <div className={list.listHeader}>
          <h2 id="orders-list" className={styles.sectionTitle}>
            {ta("adminOrders.list")}
          </h2>
          <span className={styles.muted} data-testid="orders-count">
            {ta("adminOrders.count", { count: total_count })}
          </span>
        </div>
        {orders.data.length === 0 ? (
          <p className={styles.muted}>{ta("adminOrders.empty")}</p>
        ) : (
          // Boxes and the bulk moves (decision 069): the form posts to /admin/orders/bulk, which shows the summary.
          <BulkOrderForm
            key={location.search}
            orders={orders.data}
            requestKey={requestKey}
            orderLink={(order) => (
              // Grouped as the shopper reads it out on the phone (7P03-17KD-6CCE), so the two compare at a glance.
              <Link to={`/admin/orders/${order.id}`} state={{ listSearch: location.search }} className="no-break">
                {orderNumberForShopper(order.id)}
              </Link>
            )}
          />
        )}
        <Pagination filters={filters} current={current_page} total={total_page} />
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
