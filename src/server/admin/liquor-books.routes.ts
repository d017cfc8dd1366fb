import type { FastifyInstance } from "fastify";
import {
  liquorYearAnswer,
  purchaseBookAnswer,
  salesBookAnswer,
  stockMovesAnswer,
  stockTakesAnswer,
  supplierAnswer,
  suppliersAnswer,
} from "../../domain/answers/liquor-books.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { monthsWithoutStockTake } from "../../domain/liquor-law.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { LiquorCategory } from "../../domain/product-details.ts";
import { isLiquorCategory } from "../../domain/product-details.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { validationFailed } from "../../domain/errors.ts";
import { KEYED_WRITE, checkedBody, formSchema, queryText, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import { FieldErrors, fieldRefusal } from "../i18n/validation.ts";
import { japanToday } from "../catalog/catalog.stock.ts";
import { adjustmentInputSchema, receivingInputSchema, stockTakeInputSchema, supplierInputSchema } from "../../domain/ledger-input.ts";
import type { StockLedgerService } from "../catalog/stock-ledger.service.ts";
import type { LiquorBookRecordsService } from "../catalog/liquor-book-records.service.ts";
import { fiscalYearOf, fiscalYearQuery } from "./admin-reports.routes.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorBooksService, SalesBookMode } from "./liquor-books.service.ts";
import { purchaseBookCsv, salesBookCsv, yearReportCsv } from "./liquor-books.csv.ts";
import { sendCsv } from "../http/download.ts";

interface BookPeriod {
  from: string;
  to: string;
  category: LiquorCategory | undefined;
}

/**
 * ?from=yyyy-mm-dd&to=yyyy-mm-dd&category=<品目 key>&format=csv&encoding=shift_jis (&mode=daily|monthly
 * for the 販売帳); checked by `bookPeriod` (a 422 naming the field).
 */
const bookQuery = z.object({ from: queryText, to: queryText, category: queryText, format: queryText, encoding: queryText, mode: queryText });

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** ?from=yyyy-mm-dd&to=yyyy-mm-dd&category=<品目 key>; the month so far when no dates are given. */
function bookPeriod(query: z.output<typeof bookQuery>, locale: Locale): BookPeriod {
  const today = japanToday();
  const from = query.from || `${today.slice(0, 7)}-01`;
  const to = query.to || today;
  const category = query.category;
  const errors = new FieldErrors(locale);
  if (!isDate(from)) errors.add("from", "invalid");
  if (!isDate(to)) errors.add("to", "invalid");
  else if (isDate(from) && to < from) errors.add("to", "invalid");
  if (category !== "" && !isLiquorCategory(category)) errors.add("category", "inclusion");
  if (!errors.empty) throw validationFailed(errors);
  return { from, to, category: category === "" ? undefined : (category as LiquorCategory) };
}

/** Months (yyyy-mm) from `from` to `to`, both included. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  while (`${year}-${String(month).padStart(2, "0")}` <= to.slice(0, 7)) {
    months.push(`${year}-${String(month).padStart(2, "0")}`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

const MONTHLY_REFUSED: Record<Locale, (months: string[]) => string> = {
  ja: (months) =>
    `月ごとの合計で記帳できるのは、3か月以内ごとに実地棚卸しを行っている期間だけです。棚卸しの記録がない月: ${months.join("、")}(棚卸しを記録するか、日ごとの記帳を選んでください)`,
  en: (months) =>
    `Monthly totals are allowed only while a stock-take is made at least every three months. Months without one: ${months.join(", ")} (record a stock-take, or choose daily totals).`,
};

/**
 * The liquor ledger of the back office (docs/decisions/038), staff and owner alike: a product's
 * moves, receivings and adjustments; the 仕入帳, 販売帳 and yearly figures as JSON or CSV.
 */
export function registerLiquorBookRoutes(
  fastify: FastifyInstance,
  deps: { ledger: StockLedgerService; books: LiquorBooksService; records: LiquorBookRecordsService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ledger, books, records } = deps;
  const staff = staffOnly();

  app.get(`${ADMIN_API}/products/:id/stock-moves`, { ...staff, schema: { params: recordIdParams, response: { 200: stockMovesAnswer } } }, async (request) => ({
    data: await ledger.movesOf(request.params.id, request.locale),
  }));

  app.post(
    `${ADMIN_API}/products/:id/receivings`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: receivingInputSchema, response: { 201: stockMovesAnswer } }) },
    async (request, reply) => {
      const moves = await ledger.recordReceiving(request.params.id, checkedBody(request), requireStaff(request).id, request.locale);
      return reply.status(201).send({ data: moves });
    },
  );

  app.post(
    `${ADMIN_API}/products/:id/adjustments`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: adjustmentInputSchema, response: { 201: stockMovesAnswer } }) },
    async (request, reply) => {
      const moves = await ledger.recordAdjustment(request.params.id, checkedBody(request), requireStaff(request).id, request.locale);
      return reply.status(201).send({ data: moves });
    },
  );

  app.get(`${ADMIN_API}/ledger/purchases`, { ...staff, schema: { querystring: bookQuery, response: { 200: purchaseBookAnswer } } }, async (request, reply) => {
    const period = bookPeriod(request.query, request.locale);
    const rows = await books.purchaseBook(period.from, period.to, period.category, request.locale);
    if (request.query.format !== "csv") return { data: rows, meta: period };
    return sendCsv(
      reply,
      `purchases-${period.from}-${period.to}.csv`,
      purchaseBookCsv(rows, period, request.locale),
      request.query.encoding === "shift_jis" ? "shift_jis" : "utf-8",
    );
  });

  app.get(`${ADMIN_API}/ledger/sales`, { ...staff, schema: { querystring: bookQuery, response: { 200: salesBookAnswer } } }, async (request, reply) => {
    const period = bookPeriod(request.query, request.locale);
    const mode = request.query.mode || "daily";
    if (mode !== "daily" && mode !== "monthly") throw fieldRefusal(request.locale, "mode", "inclusion");
    if (mode === "monthly") {
      const uncovered = monthsWithoutStockTake(monthsOf(period.from, period.to), await records.stockTakeDates(period.from, period.to));
      if (uncovered.length > 0) {
        const errors = new FieldErrors(request.locale);
        errors.addText("mode", MONTHLY_REFUSED[request.locale](uncovered));
        throw validationFailed(errors);
      }
    }
    const rows = await books.salesBook(period.from, period.to, period.category, request.locale, mode as SalesBookMode);
    if (request.query.format !== "csv") return { data: rows, meta: { ...period, mode: mode as SalesBookMode } };
    return sendCsv(
      reply,
      `sales-${period.from}-${period.to}.csv`,
      salesBookCsv(rows, period, request.locale),
      request.query.encoding === "shift_jis" ? "shift_jis" : "utf-8",
    );
  });

  // Suppliers with their invoice registration numbers; a supplier the 仕入帳 names cannot be deleted.
  app.get(`${ADMIN_API}/suppliers`, { ...staff, schema: { response: { 200: suppliersAnswer } } }, async () => ({ data: await records.suppliers() }));
  app.post(
    `${ADMIN_API}/suppliers`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: supplierInputSchema, response: { 201: supplierAnswer } }) },
    async (request, reply) => {
      const supplier = await records.createSupplier(checkedBody(request));
      return reply.status(201).send({ data: supplier });
    },
  );
  app.patch(
    `${ADMIN_API}/suppliers/:id`,
    { ...staff, ...formSchema({ params: recordIdParams, body: supplierInputSchema, response: { 200: supplierAnswer } }) },
    async (request) => ({
      data: await records.updateSupplier(request.params.id, checkedBody(request)),
    }),
  );
  app.delete(`${ADMIN_API}/suppliers/:id`, { ...staff, schema: { params: recordIdParams } }, async (request, reply) => {
    await records.deleteSupplier(request.params.id, request.locale);
    return reply.status(204).send();
  });

  // Stock-takes, which monthly retail totals require at least every three months.
  app.get(`${ADMIN_API}/ledger/stock-takes`, { ...staff, schema: { response: { 200: stockTakesAnswer } } }, async () => ({ data: await records.stockTakes() }));
  app.post(
    `${ADMIN_API}/ledger/stock-takes`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: stockTakeInputSchema, response: { 201: stockTakesAnswer } }) },
    async (request, reply) => {
      const status = await records.recordStockTake(checkedBody(request), requireStaff(request).id);
      return reply.status(201).send({ data: status });
    },
  );
  app.delete(`${ADMIN_API}/ledger/stock-takes/:id`, { ...staff, schema: { params: recordIdParams } }, async (request, reply) => {
    await records.deleteStockTake(request.params.id, request.locale);
    return reply.status(204).send();
  });

  // The books are kept five years after closing: a ledger entry is never deleted (a 409 saying why).
  app.delete(`${ADMIN_API}/ledger/moves/:id`, { ...staff, schema: { params: recordIdParams } }, async (request) => {
    await records.deleteMove(request.params.id, request.locale);
  });

  app.get(`${ADMIN_API}/ledger/year`, { ...staff, schema: { querystring: fiscalYearQuery, response: { 200: liquorYearAnswer } } }, async (request, reply) => {
    const { year, meta } = fiscalYearOf(request.query.year, request.locale);
    const report = await books.yearReport(year, request.locale);
    if (request.query.format !== "csv") return { data: report, meta };
    return sendCsv(reply, `liquor-year-FY${year}.csv`, yearReportCsv(report, request.locale));
  });
}
