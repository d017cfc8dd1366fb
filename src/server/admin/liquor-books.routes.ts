import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fiscalYearOf } from "../../domain/liquor-law.ts";
import { isRealDate, japanDateOf } from "../../domain/japan-time.ts";
import type { LiquorCategory } from "../../domain/product-details.ts";
import { isLiquorCategory } from "../../domain/product-details.ts";
import { requireStaff } from "../http/auth.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { idParam } from "../i18n/form-reader.ts";
import { FieldErrors } from "../i18n/validation.ts";
import { japanToday } from "../catalog/catalog.stock.ts";
import { readAdjustmentInput, readReceivingInput } from "../catalog/stock-ledger.input.ts";
import type { StockLedgerService } from "../catalog/stock-ledger.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import type { LiquorBooksService } from "./liquor-books.service.ts";
import { purchaseBookCsv, salesBookCsv, yearReportCsv } from "./liquor-books.csv.ts";

const FIRST_YEAR = 2000;

interface BookPeriod {
  from: string;
  to: string;
  category: LiquorCategory | undefined;
}

function queryText(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim() : "";
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** ?from=yyyy-mm-dd&to=yyyy-mm-dd&category=<品目 key>; the month so far when no dates are given. */
function bookPeriod(request: FastifyRequest): BookPeriod {
  const today = japanToday();
  const from = queryText(request.query, "from") || `${today.slice(0, 7)}-01`;
  const to = queryText(request.query, "to") || today;
  const category = queryText(request.query, "category");
  const errors = new FieldErrors(request.locale);
  if (!isDate(from)) errors.add("from", "invalid");
  if (!isDate(to)) errors.add("to", "invalid");
  else if (isDate(from) && to < from) errors.add("to", "invalid");
  if (category !== "" && !isLiquorCategory(category)) errors.add("category", "inclusion");
  if (!errors.empty) throw validationFailed(errors);
  return { from, to, category: category === "" ? undefined : (category as LiquorCategory) };
}

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

function wantsCsv(request: FastifyRequest): boolean {
  return queryText(request.query, "format") === "csv";
}

function productId(request: FastifyRequest): number {
  const id = idParam(request.params);
  if (id === undefined) throw new DomainError("not-found");
  return id;
}

/**
 * The liquor ledger of the back office (docs/decisions/038), staff and owner alike: a product's
 * moves, receivings and adjustments; the 仕入帳, 販売帳 and yearly figures as JSON or CSV.
 */
export function registerLiquorBookRoutes(app: FastifyInstance, deps: { ledger: StockLedgerService; books: LiquorBooksService }): void {
  const { ledger, books } = deps;

  app.get(`${ADMIN_API}/products/:id/stock-moves`, async (request) => {
    requireStaff(request);
    return { data: await ledger.movesOf(productId(request), request.locale) };
  });

  app.post(`${ADMIN_API}/products/:id/receivings`, async (request, reply) => {
    const staff = requireStaff(request);
    const id = productId(request);
    const moves = await ledger.recordReceiving(id, readReceivingInput(request.body, request.locale), staff.id, request.locale);
    return reply.status(201).send({ data: moves });
  });

  app.post(`${ADMIN_API}/products/:id/adjustments`, async (request, reply) => {
    const staff = requireStaff(request);
    const id = productId(request);
    const moves = await ledger.recordAdjustment(id, readAdjustmentInput(request.body, request.locale), staff.id, request.locale);
    return reply.status(201).send({ data: moves });
  });

  app.get(`${ADMIN_API}/ledger/purchases`, async (request, reply) => {
    requireStaff(request);
    const period = bookPeriod(request);
    const rows = await books.purchaseBook(period.from, period.to, period.category, request.locale);
    if (!wantsCsv(request)) return { data: rows, meta: period };
    return sendCsv(reply, `purchases-${period.from}-${period.to}.csv`, purchaseBookCsv(rows, request.locale));
  });

  app.get(`${ADMIN_API}/ledger/sales`, async (request, reply) => {
    requireStaff(request);
    const period = bookPeriod(request);
    const rows = await books.salesBook(period.from, period.to, period.category, request.locale);
    if (!wantsCsv(request)) return { data: rows, meta: period };
    return sendCsv(reply, `sales-${period.from}-${period.to}.csv`, salesBookCsv(rows, request.locale));
  });

  app.get(`${ADMIN_API}/ledger/year`, async (request, reply) => {
    requireStaff(request);
    const current = fiscalYearOf(japanDateOf(new Date()));
    const raw = queryText(request.query, "year") || String(current);
    const year = /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(year >= FIRST_YEAR && year <= current)) {
      const errors = new FieldErrors(request.locale);
      errors.add("year", "inclusion");
      throw validationFailed(errors);
    }
    const report = await books.yearReport(year, request.locale);
    if (!wantsCsv(request)) return { data: report, meta: { current_fiscal_year: current, first_fiscal_year: FIRST_YEAR } };
    return sendCsv(reply, `liquor-year-FY${year}.csv`, yearReportCsv(report, request.locale));
  });
}
