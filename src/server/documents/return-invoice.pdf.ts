import { formatDate } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import { REDUCED_RATE_DOCUMENT_NOTE } from "../../domain/order-documents.ts";
import type { ReturnRate } from "../../domain/order-returns.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { REDUCED_RATE_MARK } from "../../domain/tax-rates.ts";
import { drawFigures, drawIssuer, drawSlipHead, drawTable, PAGE, pricedLineColumns, yen } from "./pdf-document.ts";

/** What a return invoice states; the orders module fills it from the return it recorded. */
export interface ReturnInvoice {
  /** The invoice's number: the order's number and the return's, "1234-5678-9012-R1". */
  number: string;
  orderNumber: string;
  /** 交付日: the day it was issued (the day the return was recorded). */
  issuedOn: CalendarDate;
  /** 対価の返還等を行う年月日: the day the return was taken back. */
  returnedOn: CalendarDate;
  /** 対価の返還等の基となった課税資産の譲渡等を行った年月日: the sale's date, as the receipt states it (the order's). */
  soldOn: CalendarDate;
  /** The day the parcel left, when known (for the buyer's own matching). */
  shippedOn: CalendarDate | null;
  buyerName: string;
  lines: { name: string; reduced: boolean; quantity: number; unitPrice: number }[];
  rates: ReturnRate[];
  total: number;
  reason: string;
  /** The bottles' state as they came back: 破損, or 再販売可. */
  condition: string;
  refundHow: string;
}

/**
 * The return invoice (適格返還請求書, 消費税法 §57-4 ③), drawn as the receipt is: the issuer and its
 * registration number, the date of the return and the date of the sale it returns, what was returned
 * (※ on reduced-rate goods), the amount returned per rate before tax and the consumption tax per rate,
 * and the total given back. Decision 079.
 */
export function drawReturnInvoice(doc: PDFKit.PDFDocument, invoice: ReturnInvoice, shop: ShopProfile): void {
  doc.addPage();
  doc.fillColor("#000000").strokeColor("#000000");
  doc.font("bold").fontSize(22).text("返還請求書", PAGE.left, PAGE.left, { width: PAGE.width, align: "center", characterSpacing: 6 });
  // Only a registered trader's is a 適格返還請求書: without a registration number it is a plain return note.
  doc
    .font("regular")
    .fontSize(9)
    .text(shop.invoiceRegistrationNumber ? "(適格返還請求書・返品)" : "(返品)", PAGE.left, doc.y + 2, { width: PAGE.width, align: "center" });

  const amountY = 172;
  drawSlipHead(doc, {
    number: invoice.number,
    issuedOn: formatDate(invoice.issuedOn, "ja"),
    addressee: invoice.buyerName,
    amount: `ご返金額 ${yen(invoice.total)}-(税込)`,
    numberY: 100,
    amountY,
    amountSize: 18,
  });

  doc.font("regular").fontSize(10);
  const facts = [
    "下記のとおり、ご返品を承り、代金をお返しいたします。",
    `返品を受けた日 ${formatDate(invoice.returnedOn, "ja")}`,
    `元のお取引日 ${formatDate(invoice.soldOn, "ja")}(ご注文日)${invoice.shippedOn ? `  発送日 ${formatDate(invoice.shippedOn, "ja")}` : ""}`,
    `注文番号 ${invoice.orderNumber}`,
    `返品の理由 ${invoice.reason}`,
    `商品の状態 ${invoice.condition}`,
    `ご返金の方法 ${invoice.refundHow}`,
  ];
  let y = amountY + 52;
  for (const fact of facts) {
    doc.text(fact, PAGE.left + 60, y, { width: PAGE.width - 120 });
    y = doc.y + 2;
  }

  // The issuer: who gives the money back, with the registration number the invoice needs.
  const issuerY = y + 10;
  drawIssuer(doc, shop, issuerY);

  const rows = invoice.lines.map((line) => [
    `${line.name}${line.reduced ? ` ${REDUCED_RATE_MARK}` : ""}`,
    String(line.quantity),
    yen(line.unitPrice),
    yen(line.unitPrice * line.quantity),
  ]);
  for (const rate of invoice.rates) {
    // The discount given on these goods goes back with them, and the shipping fee when refunded.
    if (rate.adjustment !== 0) rows.push([`値引き・訂正の按分(${rate.rate}%対象)`, "", "", yen(rate.adjustment)]);
    if (rate.shipping !== 0) rows.push([`送料(${rate.rate}%対象)`, "", "", yen(rate.shipping)]);
  }
  y = drawTable(doc, doc.y + 16, pricedLineColumns("返品された商品"), rows);
  y = drawFigures(doc, y, [
    ...invoice.rates.flatMap((rate) => [
      { label: `${rate.rate}%対象 返還額(税抜)`, value: yen(rate.base) },
      { label: `${rate.rate}%対象 消費税額`, value: yen(rate.tax) },
    ]),
    { label: "返還額合計(税込)", value: yen(invoice.total), strong: true },
  ]);
  doc.font("regular").fontSize(8.5);
  const notes = [
    invoice.lines.some((line) => line.reduced) ? REDUCED_RATE_DOCUMENT_NOTE : "",
    "税率別の返還額は税抜金額です。消費税額は税率ごとに計算しています。",
  ].filter(Boolean);
  doc.text(notes.join(" "), PAGE.left, y + 4, { width: PAGE.width });
}
