import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fiscalYearOf } from "../../domain/liquor-law.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { validationFailed } from "../../domain/errors.ts";
import { queryText, staffOnly } from "../http/route-schemas.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorReportService } from "./liquor-report.service.ts";
import { liquorReportCsv } from "./liquor-report.service.ts";

const FIRST_YEAR = 2000;

// The shape; a year outside the ones there are is the form's 422 naming the field.
const reportQuery = z.object({ year: queryText, format: queryText });

/** The liquor-law report: GET …/reports/liquor-sales?year=2026 (JSON) or &format=csv (a download). */
export function registerAdminReportRoutes(fastify: FastifyInstance, deps: { liquorReports: LiquorReportService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(`${ADMIN_API}/reports/liquor-sales`, { ...staffOnly(), schema: { querystring: reportQuery } }, async (request, reply) => {
    const current = fiscalYearOf(japanDateOf(new Date()));
    const raw = request.query.year || String(current);
    const year = /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(year >= FIRST_YEAR && year <= current)) {
      const errors = new FieldErrors(request.locale);
      errors.add("year", "inclusion");
      throw validationFailed(errors);
    }
    const report = await deps.liquorReports.report(year, request.locale);
    if (request.query.format !== "csv") return { data: report, meta: { current_fiscal_year: current, first_fiscal_year: FIRST_YEAR } };
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="liquor-sales-FY${year}.csv"`)
      .header("cache-control", "no-store")
      .send(liquorReportCsv(report, request.locale));
  });
}
