import type { FastifyInstance } from "fastify";
import { fiscalYearOf } from "../../domain/liquor-law.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { requireStaff } from "../http/auth.ts";
import { validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorReportService } from "./liquor-report.service.ts";
import { liquorReportCsv } from "./liquor-report.service.ts";

const FIRST_YEAR = 2000;

/** The liquor-law report: GET …/reports/liquor-sales?year=2026 (JSON) or &format=csv (a download). */
export function registerAdminReportRoutes(app: FastifyInstance, deps: { liquorReports: LiquorReportService }): void {
  app.get(`${ADMIN_API}/reports/liquor-sales`, async (request, reply) => {
    requireStaff(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const current = fiscalYearOf(japanDateOf(new Date()));
    const raw = typeof query.year === "string" && query.year.trim() !== "" ? query.year.trim() : String(current);
    const year = /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(year >= FIRST_YEAR && year <= current)) {
      const errors = new FieldErrors(request.locale);
      errors.add("year", "inclusion");
      throw validationFailed(errors);
    }
    const report = await deps.liquorReports.report(year, request.locale);
    if (query.format !== "csv") return { data: report, meta: { current_fiscal_year: current, first_fiscal_year: FIRST_YEAR } };
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="liquor-sales-FY${year}.csv"`)
      .header("cache-control", "no-store")
      .send(liquorReportCsv(report, request.locale));
  });
}
