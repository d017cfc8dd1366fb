import fs from "node:fs";
import { createRequire } from "node:module";
import { honorificFor } from "../../domain/honorific.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";

// PDFs are drawn with pdfkit and Noto Sans JP from the npm package @expo-google-fonts/noto-sans-jp
// (decision 037): one TrueType file per weight covering JIS X 0208 levels 1 and 2, so no system
// font is assumed. pdfkit embeds only the glyphs a document uses (a subset), so a page stays small.

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
} as const;

export type FontName = keyof typeof FONT_FILES;

let fontBytes: Record<FontName, Buffer> | undefined;

/** The font files, read once per process (about 5.5 MB each). */
function fonts(): Record<FontName, Buffer> {
  fontBytes ??= {
    regular: fs.readFileSync(require.resolve(FONT_FILES.regular)),
    bold: fs.readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fontBytes;
}

/**
 * An A4 document with the Japanese fonts registered as "regular" and "bold"; pages are added by the
 * caller. pdfkit is loaded with the first document: only staff and receipts need it, and loading it
 * at start cost ~7 MB of the server's heap (decision 048).
 */
export async function newA4Document(title: string, created: Date = new Date()): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import("pdfkit");
  // The creation date is the only varying byte of a drawing (the file id is derived from it): a
  // document drawn twice with the same date and content is the same file.
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Producer: "Kura", Creator: "Kura", CreationDate: created },
    lang: "ja",
  } as PDFKit.PDFDocumentOptions);
  for (const [name, bytes] of Object.entries(fonts())) doc.registerFont(name, bytes);
  return doc;
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** Yen as documents print it: ¥12,345, and a discount -¥500. */
export function yen(amount: number): string {
  const digits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(Math.abs(Math.round(amount)));
  return `${amount < 0 ? "-" : ""}¥${digits}`;
}

export const PAGE = { left: 48, right: 595.28 - 48, width: 595.28 - 96, bottom: 841.89 - 48 } as const;

/** The right-hand column of a document's head, where its number, dates and issuer stand. */
export const RIGHT_COLUMN = { x: PAGE.left + PAGE.width * 0.55, width: PAGE.width * 0.45 } as const;

export interface Column {
  title: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** The columns of a priced list of bottles (delivery note, receipt, return invoice): the first names what is listed. */
export function pricedLineColumns(firstTitle: string): Column[] {
  return [
    { title: firstTitle, width: PAGE.width * 0.52 },
    { title: "数量", width: PAGE.width * 0.1, align: "right" },
    { title: "単価(税抜)", width: PAGE.width * 0.19, align: "right" },
    { title: "金額(税抜)", width: PAGE.width * 0.19, align: "right" },
  ];
}

/**
 * The issuer of a qualified document (receipt, return invoice) in the right-hand column from `top`:
 * the company, the shop, the registration number the invoice system asks for, address and phone.
 */
export function drawIssuer(doc: PDFKit.PDFDocument, shop: ShopProfile, top: number): void {
  const { x, width } = RIGHT_COLUMN;
  doc.font("bold").fontSize(11).text(shop.companyName.ja, x, top, { width });
  doc.font("regular").fontSize(8.5);
  doc.text(`(${shop.shopName.ja})`, x, doc.y + 1, { width });
  if (shop.invoiceRegistrationNumber) doc.text(`登録番号 ${shop.invoiceRegistrationNumber}`, x, doc.y + 1, { width });
  doc.text(`〒${shop.zip} ${shop.address.ja}`, x, doc.y + 1, { width });
  doc.text(`TEL ${shop.phone}`, x, doc.y + 1, { width });
}

/**
 * A table of rows under a header row, with thin rules; answers the y below it. Long names wrap;
 * a row that would run past the bottom starts a new page (with the header again).
 */
export function drawTable(doc: PDFKit.PDFDocument, top: number, columns: Column[], rows: string[][]): number {
  const padding = 4;
  const drawHeader = (y: number): number => {
    doc.font("bold").fontSize(9);
    const height = 18;
    doc.rect(PAGE.left, y, PAGE.width, height).fill("#eeeeee").fillColor("#000000");
    let x = PAGE.left;
    for (const column of columns) {
      doc.text(column.title, x + padding, y + 4, { width: column.width - padding * 2, align: column.align ?? "left", lineBreak: false });
      x += column.width;
    }
    return y + height;
  };
  let y = drawHeader(top);
  doc.font("regular").fontSize(9.5);
  for (const row of rows) {
    const height = Math.max(...row.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width - padding * 2 }))) + padding * 2;
    if (y + height > PAGE.bottom - 60) {
      doc.addPage();
      y = drawHeader(PAGE.left);
      doc.font("regular").fontSize(9.5);
    }
    let x = PAGE.left;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x + padding, y + padding, { width: column.width - padding * 2, align: column.align ?? "left" });
      x += column.width;
    });
    y += height;
    doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).strokeColor("#999999").stroke();
  }
  return y;
}

/** Label–value lines right-aligned under a table (totals); answers the y below them. */
export function drawFigures(doc: PDFKit.PDFDocument, top: number, lines: { label: string; value: string; strong?: boolean }[]): number {
  let y = top + 6;
  const labelX = PAGE.left + PAGE.width * 0.45;
  const labelWidth = PAGE.width * 0.35;
  const valueWidth = PAGE.width * 0.2;
  for (const line of lines) {
    doc.font(line.strong ? "bold" : "regular").fontSize(line.strong ? 11 : 9.5);
    doc.text(line.label, labelX, y, { width: labelWidth, align: "right", lineBreak: false });
    doc.text(line.value, labelX + labelWidth, y, { width: valueWidth - 4, align: "right", lineBreak: false });
    y += line.strong ? 18 : 15;
  }
  return y;
}

/** The under-20 notice in a box, at the foot of the page's content. */
export function drawNotice(doc: PDFKit.PDFDocument, top: number, notice: string): number {
  const y = Math.min(Math.max(top + 16, 0), PAGE.bottom - 30);
  doc.rect(PAGE.left, y, PAGE.width, 26).lineWidth(0.8).strokeColor("#000000").stroke();
  doc
    .font("bold")
    .fontSize(10.5)
    .fillColor("#000000")
    .text(notice, PAGE.left, y + 7, { width: PAGE.width, align: "center", lineBreak: false });
  return y + 26;
}

/**
 * The head of a priced slip (receipt, return invoice): its number and issue date on the right at
 * `numberY`, the buyer's name on a line ending in 様 (as a handwritten receipt has it), and the
 * amount in a grey box at `amountY`.
 */
export function drawSlipHead(
  doc: PDFKit.PDFDocument,
  head: { number: string; issuedOn: string; addressee: string; amount: string; numberY: number; amountY: number; amountSize: number },
): void {
  const { x: rightX, width: rightWidth } = RIGHT_COLUMN;
  doc.font("regular").fontSize(9.5);
  doc.text(`No. ${head.number}`, rightX, head.numberY, { width: rightWidth, align: "right" });
  doc.text(`発行日 ${head.issuedOn}`, rightX, doc.y + 1, { width: rightWidth, align: "right" });

  const nameY = 130;
  doc
    .font("bold")
    .fontSize(15)
    .text(head.addressee || " ", PAGE.left, nameY, { width: PAGE.width * 0.55 - 36, lineBreak: false, ellipsis: true });
  doc
    .font("regular")
    .fontSize(13)
    // 「㈱蔵前酒販 御中」 typed as the addressee already carries its honorific: no 様 after it.
    .text(honorificFor(head.addressee.trim()) || " ", PAGE.left + PAGE.width * 0.55 - 30, nameY + 2, { lineBreak: false });
  doc
    .moveTo(PAGE.left, nameY + 22)
    .lineTo(PAGE.left + PAGE.width * 0.55, nameY + 22)
    .lineWidth(0.8)
    .stroke();

  doc
    .rect(PAGE.left + 60, head.amountY, PAGE.width - 120, 40)
    .fill("#f2f2f2")
    .fillColor("#000000");
  const offset = head.amountSize >= 20 ? 9 : 10;
  doc
    .font("bold")
    .fontSize(head.amountSize)
    .text(head.amount, PAGE.left + 60, head.amountY + offset, { width: PAGE.width - 120, align: "center", lineBreak: false });
}
