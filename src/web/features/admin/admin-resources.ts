import type { StaffResource } from "../../../domain/staff.ts";

// The answers of /admin/api as the contract (admin-plan/contract.md) defines them; what the server
// declares in src/domain is imported from there, not written again.

export type { Dashboard as DashboardFigures, LiquorReportLine } from "../../../domain/back-office.ts";

export interface SessionAnswer {
  staff: StaffResource;
  csrf_token?: string;
}

// The order list and order page answers are the server's own types: src/domain/order-view.ts
// (AdminOrdersPage, AdminOrderDetail).
