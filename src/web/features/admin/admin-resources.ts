import type { OrderPaymentMethod, OrderStatus } from "../../../domain/checkout.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { StaffResource } from "../../../domain/staff.ts";
import type { OrderHistoryEntry } from "../../../domain/order-status.ts";

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

export interface OrderRow {
  id: string;
  created_at: string;
  status: OrderStatus;
  payment_method: OrderPaymentMethod;
  name: string;
  email: string;
  price: number;
}

export interface OrderList {
  data: OrderRow[];
  meta: { pagination: { current_page: number; total_page: number; total_count: number } };
}

export interface OrderLine {
  product_id: number | string;
  name: string;
  unit_price: number;
  amount: number;
  line_total: number;
}

export interface OrderDetail extends OrderRow {
  phone: string;
  country: string;
  zip: string;
  prefecture: number | null;
  address: string;
  building_name: string | null;
  desired_delivery_date: string | null;
  desired_delivery_timezone: string | null;
  memo: string | null;
  items: OrderLine[];
  items_total: number;
  shipping_fee: number;
  payment_method_fee: number;
  tax_total: number;
  slip_number: string | null;
  locale: Locale;
  next: OrderStatus[];
  /** Every move of the order, oldest first (its creation included). */
  history: OrderHistoryEntry[];
}
