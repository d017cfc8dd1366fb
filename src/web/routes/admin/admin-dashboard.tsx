import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { dashboardAnswer } from "../../../domain/answers/admin-orders.ts";
import { storedPaymentMethods } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import dashboard from "../../features/admin/admin-dashboard.module.css";
import { ReportSection, ReportTable } from "../../features/admin/report-table.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { CHART_PERIODS, type ChartPeriod, type DashboardCharts } from "../../../domain/dashboard-charts.ts";
import { DashboardChartsView } from "../../features/admin/dashboard-charts.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  const asked = new URL(request.url).searchParams.get("period");
  const period: ChartPeriod = (CHART_PERIODS as readonly string[]).includes(asked ?? "") ? (asked as ChartPeriod) : "day";
  const [figures, charts] = await Promise.all([
    loadAdmin<ApiAnswer<typeof dashboardAnswer>>(request, "/dashboard"),
    loadAdmin<DashboardCharts>(request, `/dashboard/charts?period=${period}`),
  ]);
  return { ...figures, charts, period };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminDashboard.title");
}

interface FigureProps {
  label: string;
  value: ReactNode;
  link?: { to: string; label: string };
  testId: string;
}

function Figure({ label, value, link, testId }: FigureProps) {
  return (
    <div className={dashboard.figure} data-testid={testId}>
      <dt className={dashboard.label}>{label}</dt>
      <dd className={dashboard.value}>{value}</dd>
      {link && (
        <dd className={dashboard.link}>
          <Link to={link.to}>{link.label}</Link>
        </dd>
      )}
    </div>
  );
}

/** A row of figures; its heading is read out only, the figures' labels say what they are. */
function Figures({ id, title, figures, children }: { id: string; title: string; figures: FigureProps[]; children?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {title}
      </h2>
      <dl className={dashboard.figures}>
        {figures.map((figure) => (
          <Figure key={figure.testId} {...figure} />
        ))}
      </dl>
      {children}
    </section>
  );
}

/** The day at a glance: today's and this month's orders and sales, what waits for the trader, low stock. */
/** The orders the "awaiting deposit" figure counts: await_payment of the methods the trader settles by hand (bank). */
function awaitingDepositLink(): string {
  const methods = storedPaymentMethods().filter((method) => method.dashboardQueue === "awaiting_deposit");
  return `/admin/orders?status=await_payment${methods.length === 1 ? `&payment_method=${methods[0]!.stored}` : ""}`;
}

/** 後払い invoices past their days to pay: the list's overdue filter shows the orders the figure counts. */
function overdueInvoicesLink(): string {
  return "/admin/orders?overdue=1";
}

export default function AdminDashboard() {
  const ta = useAdminText();
  const { yen } = useI18n();
  const figures = useLoaderData<typeof clientLoader>();
  const count = (n: number) => ta("adminDashboard.ordersCount", { count: n.toLocaleString("en-US") });
  const showOrders = ta("adminDashboard.showOrders");

  return (
    <>
      <h1 className={styles.title}>{ta("adminDashboard.title")}</h1>
      {figures.training_deadline && (
        <div className={styles.warning} role="alert" data-testid="dashboard-training">
          <p>
            {figures.training_deadline.overdue
              ? ta("adminDashboard.trainingOverdue", { deadline: figures.training_deadline.deadline.replaceAll("-", "/") })
              : ta("adminDashboard.training", { deadline: figures.training_deadline.deadline.replaceAll("-", "/"), days: figures.training_deadline.daysLeft })}
          </p>
          <p className={styles.muted}>{ta("adminDashboard.trainingNote")}</p>
        </div>
      )}
      <Figures
        id="dashboard-sales"
        title={ta("adminDashboard.sales")}
        figures={[
          { testId: "dashboard-today-orders", label: `${ta("adminDashboard.today")} ${ta("adminDashboard.orders")}`, value: count(figures.today.orders) },
          { testId: "dashboard-today-sales", label: `${ta("adminDashboard.today")} ${ta("adminDashboard.sales")}`, value: yen(figures.today.sales) },
          { testId: "dashboard-month-orders", label: `${ta("adminDashboard.month")} ${ta("adminDashboard.orders")}`, value: count(figures.month.orders) },
          { testId: "dashboard-month-sales", label: `${ta("adminDashboard.month")} ${ta("adminDashboard.sales")}`, value: yen(figures.month.sales) },
        ]}
      >
        <p className={styles.muted}>{ta("adminDashboard.salesNote")}</p>
      </Figures>
      <Figures
        id="dashboard-todo"
        title={ta("adminOrder.actions")}
        figures={[
          {
            testId: "dashboard-awaiting-deposit",
            label: ta("adminDashboard.awaitingDeposit"),
            value: count(figures.awaiting_deposit),
            link: { to: awaitingDepositLink(), label: showOrders },
          },
          {
            testId: "dashboard-to-ship",
            label: ta("adminDashboard.toShip"),
            value: count(figures.to_ship),
            link: { to: "/admin/orders?status=deposited", label: showOrders },
          },
          {
            testId: "dashboard-overdue-invoices",
            label: ta("adminDashboard.overdueInvoices"),
            value: count(figures.overdue_invoices),
            link: { to: overdueInvoicesLink(), label: showOrders },
          },
          { testId: "dashboard-inquiries", label: ta("adminDashboard.unhandledInquiries"), value: count(figures.unhandled_inquiries) },
        ]}
      />
      <DashboardChartsView data={figures.charts} period={figures.period} />
      <ReportSection id="dashboard-low-stock" title={ta("adminDashboard.lowStock")}>
        <ReportTable
          rows={figures.low_stock}
          rowKey={(product) => String(product.id)}
          empty={ta("adminDashboard.lowStockNone")}
          columns={[
            { label: ta("adminDashboard.product"), cell: (product) => product.name, rowHeader: true },
            { label: ta("adminDashboard.stock"), cell: (product) => product.stock, numeric: true },
          ]}
        />
      </ReportSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
