import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { liquorSalesReportAnswer } from "../../domain/answers/liquor-books.ts";
import { FIRST_FISCAL_YEAR, askedFiscalYear } from "../../domain/liquor-law.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { validationFailed } from "../../domain/errors.ts";
import { queryText, staffOnly } from "../http/route-schemas.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorReportService } from "./liquor-report.service.ts";
import { liquorReportCsv } from "./liquor-report.service.ts";
import { sendCsv } from "../http/download.ts";

// The shape; a year outside the ones there are is the form's 422 naming the field.
const reportQuery = z.object({ year: queryText, format: queryText });

/** The liquor-law report: GET …/reports/liquor-sales?year=2026 (JSON) or &format=csv (a download). */
export function registerAdminReportRoutes(fastify: FastifyInstance, deps: { liquorReports: LiquorReportService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${ADMIN_API}/reports/liquor-sales`,
    { ...staffOnly(), schema: { querystring: reportQuery, response: { 200: liquorSalesReportAnswer } } },
    async (request, reply) => {
      const asked = askedFiscalYear(request.query.year, japanDateOf(new Date()));
      if (!asked) {
        const errors = new FieldErrors(request.locale);
        errors.add("year", "inclusion");
        throw validationFailed(errors);
      }
      const { year, current } = asked;
      const report = await deps.liquorReports.report(year, request.locale);
      if (request.query.format !== "csv") return { data: report, meta: { current_fiscal_year: current, first_fiscal_year: FIRST_FISCAL_YEAR } };
      return sendCsv(reply, `liquor-sales-FY${year}.csv`, liquorReportCsv(report, request.locale));
    },
  );
}
