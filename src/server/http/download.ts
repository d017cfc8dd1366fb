import type { FastifyReply } from "fastify";
import iconv from "iconv-lite";

// Files the shop hands out (CSV exports, PDFs, the destinations template): one way to send them.
// Every one is private to who asked for it (an order, a ledger, customers' addresses), so none is
// kept by a browser or a proxy, and none is sniffed into something other than its type.

export interface Download {
  fileName: string;
  contentType: string;
  body: Buffer | Uint8Array | string;
  /** `inline` opens a PDF in the browser's viewer; `attachment` (the default) saves the file. */
  disposition?: "attachment" | "inline";
  /** A name in Japanese for browsers that read RFC 6266's filename* (the plain name stays ASCII). */
  displayName?: string;
}

export function sendDownload(reply: FastifyReply, file: Download) {
  const extended = file.displayName ? `; filename*=UTF-8''${encodeURIComponent(file.displayName)}` : "";
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `${file.disposition ?? "attachment"}; filename="${file.fileName}"${extended}`)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.body);
}

/**
 * A CSV: UTF-8 (with the BOM the text carries, so Excel reads Japanese), or Shift_JIS without it
 * for the spreadsheet and accounting programs that read only that.
 */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string, encoding: "utf-8" | "shift_jis" = "utf-8") {
  if (encoding === "shift_jis")
    return sendDownload(reply, { fileName, contentType: "text/csv; charset=Shift_JIS", body: iconv.encode(csv.replace(/^\uFEFF/, ""), "Shift_JIS") });
  return sendDownload(reply, { fileName, contentType: "text/csv; charset=utf-8", body: csv });
}
