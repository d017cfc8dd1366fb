import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { zipSync } from "fflate";
import type { Zippable } from "fflate";
import { z } from "zod";
import { transactionRecordsAnswer } from "../../domain/answers/records.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import { csvText, UTF8_BOM } from "../admin/csv-format.ts";
import { pageQuery, queryText, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import { FieldErrors } from "../i18n/validation.ts";
import type { TransactionRecordKind, TransactionRecordQuery, TransactionRecords, TransactionRecordSummary } from "./transaction-records.ts";
import { TRANSACTION_RECORD_KINDS, japanDay } from "./transaction-records.ts";
import { sendDownload } from "../http/download.ts";

/** ?from&to (yyyy-mm-dd) &min_amount&max_amount (yen) &counterparty&kind&page; checked by `recordQuery`. */
const searchQuery = z.object({
  from: queryText,
  to: queryText,
  min_amount: queryText,
  max_amount: queryText,
  counterparty: queryText,
  kind: queryText,
  page: pageQuery,
});

const KIND_LABELS: Record<TransactionRecordKind, Record<Locale, string>> = {
  order_mail: { ja: "注文確認メール", en: "Order mail" },
  status_mail: { ja: "注文状況メール", en: "Order status mail" },
  refund_notice: { ja: "返金のお知らせ", en: "Refund notice" },
  receipt: { ja: "領収書", en: "Receipt" },
  delivery_note: { ja: "納品書", en: "Delivery note" },
  payment_event: { ja: "決済通知(決済代行)", en: "Payment event (gateway)" },
  payment_record: { ja: "決済記録(決済代行)", en: "Payment record (gateway)" },
  transfer_confirmation: { ja: "入金確認(担当者入力)", en: "Payment confirmed by staff" },
  return_invoice: { ja: "返還請求書(返品)", en: "Return invoice" },
};

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Yen as typed: digits, with or without thousands commas (全角 digits too). */
function yenOf(text: string): number | null {
  const plain = text.normalize("NFKC").replace(/[,¥\s]/g, "");
  if (!/^\d{1,10}$/.test(plain)) return null;
  const value = Number(plain);
  return value <= 2_147_483_647 ? value : null;
}

/** Every condition optional; a bad one is a 422 naming its field. */
export function recordQuery(query: z.output<typeof searchQuery>, locale: Locale): TransactionRecordQuery {
  const errors = new FieldErrors(locale);
  const result: TransactionRecordQuery = {};
  if (query.from) {
    if (isDate(query.from)) result.from = query.from;
    else errors.add("from", "invalid");
  }
  if (query.to) {
    if (!isDate(query.to)) errors.add("to", "invalid");
    else if (result.from && query.to < result.from) errors.add("to", "invalid");
    else result.to = query.to;
  }
  if (query.min_amount) {
    const value = yenOf(query.min_amount);
    if (value === null) errors.add("min_amount", "not_a_number");
    else result.minAmount = value;
  }
  if (query.max_amount) {
    const value = yenOf(query.max_amount);
    if (value === null) errors.add("max_amount", "not_a_number");
    else if (result.minAmount !== undefined && value < result.minAmount) errors.add("max_amount", "invalid");
    else result.maxAmount = value;
  }
  if (query.counterparty) {
    if (query.counterparty.length > 100) errors.add("counterparty", "too_long", { count: 100 });
    else result.counterparty = query.counterparty.trim();
  }
  if (query.kind) {
    if ((TRANSACTION_RECORD_KINDS as readonly string[]).includes(query.kind)) result.kind = query.kind as TransactionRecordKind;
    else errors.add("kind", "inclusion");
  }
  if (!errors.empty) throw validationFailed(errors);
  return result;
}

function summaryJson(record: TransactionRecordSummary, locale: Locale) {
  return {
    id: record.id,
    kind: record.kind,
    kind_label: KIND_LABELS[record.kind][locale],
    transaction_date: record.transactionDate,
    amount: record.amount,
    counterparty: record.counterparty,
    order_ref: record.orderRef,
    content_type: record.contentType,
    file_name: record.fileName,
    size: record.size,
    sha256: record.sha256,
    created_at: record.createdAt.toISOString(),
  };
}

/** The file name inside the export: the record's id first, so names never collide. */
export function exportedName(record: Pick<TransactionRecordSummary, "id" | "fileName">): string {
  return `records/${String(record.id).padStart(8, "0")}-${record.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}`;
}

/** The export's index (UTF-8 with BOM for Excel): one line per record, its file in the zip and its SHA-256. */
export function recordsIndexCsv(records: TransactionRecordSummary[], locale: Locale): string {
  const header =
    locale === "ja"
      ? ["記録ID", "種類", "取引年月日", "取引金額(円)", "取引先", "注文番号", "ファイル", "形式", "バイト数", "SHA-256", "保存日時"]
      : ["Record id", "Kind", "Transaction date", "Amount (JPY)", "Counterparty", "Order", "File", "Type", "Bytes", "SHA-256", "Kept at"];
  const rows = records.map((record) => [
    record.id,
    KIND_LABELS[record.kind][locale],
    record.transactionDate,
    record.amount,
    record.counterparty,
    record.orderRef ? orderNumberForShopper(record.orderRef) : "",
    exportedName(record),
    record.contentType,
    record.size,
    record.sha256,
    record.createdAt.toISOString(),
  ]);
  return UTF8_BOM + csvText([header, ...rows]);
}

function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: Buffer | Uint8Array | string) {
  return sendDownload(reply, { fileName, contentType, body });
}

/**
 * The kept transaction records for the back office (decision 062), staff and owner alike: the
 * search (取引年月日 range, 取引金額 range, 取引先, kind — any of them, combined), one record's file
 * exactly as stored, and the export an inspector can be handed: a zip of an index CSV, every file
 * and a SHA-256 list. Reads only; there is no route that changes or removes a record.
 */
export function registerRecordRoutes(fastify: FastifyInstance, deps: { records: TransactionRecords }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { records } = deps;
  const staff = staffOnly();

  app.get(
    `${ADMIN_API}/transaction-records`,
    { ...staff, schema: { querystring: searchQuery, response: { 200: transactionRecordsAnswer } } },
    async (request, reply) => {
      const query = recordQuery(request.query, request.locale);
      const found = await records.search(query, request.query.page);
      reply.header("cache-control", "private, no-store");
      return {
        data: found.records.map((record) => summaryJson(record, request.locale)),
        meta: { total: found.total, page: found.page, page_size: found.pageSize },
        kinds: TRANSACTION_RECORD_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind][request.locale] })),
      };
    },
  );

  app.get(`${ADMIN_API}/transaction-records/export`, { ...staff, schema: { querystring: searchQuery } }, async (request, reply) => {
    const query = recordQuery(request.query, request.locale);
    const found = await records.everyMatch(query);
    if (found.more) throw new DomainError("conflict", "recordsExportTooMany");
    const files: Zippable = {
      "index.csv": Buffer.from(recordsIndexCsv(found.records, request.locale), "utf8"),
      SHA256SUMS: Buffer.from(found.records.map((record) => `${record.sha256}  ${exportedName(record)}\n`).join(""), "utf8"),
    };
    // Stored, not deflated: PDFs are compressed already, and an inspector's tool opens any zip.
    for (const record of found.records)
      files[exportedName(record)] = new Uint8Array(record.content.buffer, record.content.byteOffset, record.content.byteLength);
    const zip = zipSync(files, { level: 0 });
    return sendFile(reply, "application/zip", `transaction-records-${japanDay()}.zip`, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  app.get(`${ADMIN_API}/transaction-records/:id/file`, { ...staff, schema: { params: recordIdParams } }, async (request, reply) => {
    const record = await records.byId(request.params.id);
    if (!record) throw new DomainError("not-found");
    reply.header("x-content-sha256", record.sha256);
    return sendFile(reply, record.contentType, record.fileName, record.content);
  });
}
