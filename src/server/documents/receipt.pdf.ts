import { addressedName } from "../../domain/honorific.ts";
import { formatDate } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { ReceiptRequest } from "../../domain/order-documents.ts";
import {
  hasReducedRateLines,
  markedChargeName,
  markedItemName,
  REDUCED_RATE_DOCUMENT_NOTE,
  taxesPerRate,
  UNDER_20_NOTICE,
} from "../../domain/order-documents.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { OrderView } from "../../domain/order-view.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { drawFigures, drawIssuer, drawNotice, drawSlipHead, drawTable, PAGE, pricedLineColumns, yen } from "./pdf-document.ts";

export interface ReceiptIssue extends ReceiptRequest {
  /** 1 for the original; later downloads are marked 再発行. */
  number: number;
  issuedOn: CalendarDate;
  /** Part of the order was cancelled after the last receipt (decision 078): this one replaces it, and says so. */
  replacesAfterPartialCancel?: boolean;
}

/**
 * The receipt (領収書) as a qualified simplified invoice (適格簡易請求書, 消費税法 §57-4 ②): the
 * issuer and its registration number, the date of the sale, what was sold with ※ on reduced-rate
 * items, the amounts per rate and the tax per rate. The addressee and 但し書き are the buyer's.
 */
export function drawReceipt(doc: PDFKit.PDFDocument, view: OrderView, shop: ShopProfile, issue: ReceiptIssue): void {
  doc.addPage();
  doc.fillColor("#000000").strokeColor("#000000");
  doc.font("bold").fontSize(24).text("領収書", PAGE.left, PAGE.left, { width: PAGE.width, align: "center", characterSpacing: 10 });
  if (issue.number > 1) {
    // A copy must not pass for a second receipt of the same money.
    const width = 70;
    doc
      .rect(PAGE.right - width, PAGE.left, width, 24)
      .lineWidth(1.2)
      .strokeColor("#c00000")
      .stroke();
    doc
      .font("bold")
      .fontSize(13)
      .fillColor("#c00000")
      .text("再発行", PAGE.right - width, PAGE.left + 4, { width, align: "center", lineBreak: false });
    doc.fillColor("#000000").strokeColor("#000000");
  }

  const amountY = 175;
  drawSlipHead(doc, {
    number: `${orderNumberForShopper(view.publicId)}${issue.number > 1 ? `-${issue.number}` : ""}`,
    issuedOn: formatDate(issue.issuedOn, "ja"),
    addressee: issue.addressee,
    amount: `${yen(view.totals.total)}-(税込)`,
    numberY: 92,
    amountY,
    amountSize: 20,
  });
  doc.font("regular").fontSize(10.5);
  doc.text(`但し ${issue.proviso}`, PAGE.left + 60, amountY + 50, { width: PAGE.width - 120 });
  doc.text("上記正に領収いたしました。", PAGE.left + 60, doc.y + 2, { width: PAGE.width - 120 });
  doc.text(`お取引日 ${formatDate(japanDateOf(view.createdAt), "ja")}  注文番号 ${orderNumberForShopper(view.publicId)}`, PAGE.left + 60, doc.y + 2, {
    width: PAGE.width - 120,
  });

  // The issuer: who received the money, with the registration number a qualified invoice needs.
  const issuerY = doc.y + 14;
  drawIssuer(doc, shop, issuerY);

  const reducedAny = hasReducedRateLines(view);
  let y = drawTable(doc, doc.y + 16, pricedLineColumns("品名"), [
    ...view.items.map((item) => [markedItemName(item), String(item.amount), yen(item.unitPrice), yen(item.lineTotal)]),
    // Shipping, fees, and any discount or correction (below zero, ※ at the reduced rate).
    ...view.charges.map((charge) => [markedChargeName(charge, view), "", "", yen(charge.amount)]),
  ]);
  y = drawFigures(doc, y, [
    { label: "小計(税抜)", value: yen(view.totals.subtotal) },
    ...taxesPerRate(view).map((row) => ({ label: `${row.rate}%対象 ${yen(row.base)} 消費税`, value: yen(row.tax) })),
    { label: "合計(税込)", value: yen(view.totals.total), strong: true },
  ]);
  doc.font("regular").fontSize(8.5);
  const notes = [
    issue.replacesAfterPartialCancel ? "ご注文の一部キャンセルにより、変更後の内容で再発行しました。これより前に発行した領収書は無効です。" : "",
    reducedAny ? REDUCED_RATE_DOCUMENT_NOTE : "",
    "税率別の対象額は税抜金額です。",
    // Several destinations (decision 087): the shipping line is their sum; each destination's part is named (the figures per rate are the order's).
    view.destinations.length > 0
      ? `お届け先${view.destinations.length}件(送料はお届け先ごとの合計): ${view.destinations.map((destination, index) => `${index + 1}. ${addressedName(destination.recipient.name, "")} ${yen(destination.fee)}`).join("、")}。`
      : "",
  ].filter(Boolean);
  doc.text(notes.join(" "), PAGE.left, y + 4, { width: PAGE.width });
  drawNotice(doc, doc.y + 6, UNDER_20_NOTICE);
}
