import type { StaffResource } from "../../../domain/staff.ts";

// The answers of /admin/api as the contract (admin-plan/contract.md) defines them.

export interface SessionAnswer {
  staff: StaffResource;
  csrf_token?: string;
}

export interface DashboardFigures {
  today: { orders: number; sales: number };
  month: { orders: number; sales: number };
  awaiting_deposit: number;
  to_ship: number;
  low_stock: { id: number | string; name: string; stock: number }[];
  unhandled_inquiries: number;
  training_deadline: { deadline: string; daysLeft: number; overdue: boolean } | null;
}

export interface MagazineSubscribers {
  data: {
    id: number;
    email: string;
    status: "subscribed" | "pending" | "unsubscribed";
    locale: string;
    member: boolean;
    consented_at: string | null;
    unsubscribed_at: string | null;
    created_at: string;
  }[];
  meta: { counts: { subscribed: number; pending: number; unsubscribed: number } };
}

export interface LiquorReportLine {
  product_id: number | null;
  name: string;
  volume_ml: number | null;
  alcohol_percent: string | null;
  bottles: number;
  litres: string | null;
}

export interface LiquorReport {
  data: {
    fiscal_year: number;
    from: string;
    to: string;
    groups: { liquor_type: string | null; label: string; bottles: number; litres: string; bottles_without_volume: number; lines: LiquorReportLine[] }[];
  };
  meta: { current_fiscal_year: number; first_fiscal_year: number };
}

// The order list and order page answers are the server's own types: src/domain/order-view.ts
// (AdminOrdersPage, AdminOrderDetail).
