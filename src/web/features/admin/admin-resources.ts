import type { OrderPaymentMethod, OrderStatus } from "../../../domain/checkout.ts";
import type { Locale } from "../../../domain/locale.ts";
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
}
