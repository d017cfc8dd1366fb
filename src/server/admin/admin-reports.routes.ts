import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { liquorSalesReportAnswer } from "../../domain/answers/liquor-books.ts";
import { FIRST_FISCAL_YEAR, askedFiscalYear } from "../../domain/liquor-law.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { queryText, staffOnly } from "../http/route-schemas.ts";
import { fieldRefusal } from "../i18n/validation.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorReportService } from "./liquor-report.service.ts";
import { liquorReportCsv } from "./liquor-report.service.ts";
import { sendCsv } from "../http/download.ts";

/** ?year=2026 (&format=csv): the query of a liquor-law report by fiscal year, checked by `fiscalYearOf`. */
export const fiscalYearQuery = z.object({ year: queryText, format: queryText });

/**
 * The fiscal year a report asks for and the meta its JSON answer carries; a year outside the ones
 * there are is the form's 422 naming the field.
 */
export function fiscalYearOf(asked: string, locale: Locale): { year: number; meta: { current_fiscal_year: number; first_fiscal_year: number } } {
  const fiscal = askedFiscalYear(asked, japanDateOf(new Date()));
  if (!fiscal) throw fieldRefusal(locale, "year", "inclusion");
  return { year: fiscal.year, meta: { current_fiscal_year: fiscal.current, first_fiscal_year: FIRST_FISCAL_YEAR } };
}

/** The liquor-law report: GET …/reports/liquor-sales?year=2026 (JSON) or &format=csv (a download). */
export function registerAdminReportRoutes(fastify: FastifyInstance, deps: { liquorReports: LiquorReportService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${ADMIN_API}/reports/liquor-sales`,
    { ...staffOnly(), schema: { querystring: fiscalYearQuery, response: { 200: liquorSalesReportAnswer } } },
    async (request, reply) => {
      const { year, meta } = fiscalYearOf(request.query.year, request.locale);
      const report = await deps.liquorReports.report(year, request.locale);
      if (request.query.format !== "csv") return { data: report, meta };
      return sendCsv(reply, `liquor-sales-FY${year}.csv`, liquorReportCsv(report, request.locale));
    },
  );
}
