import { addressedName } from "../../domain/honorific.ts";
import { displayZip } from "../../domain/address.ts";
import { formatDate } from "../../domain/format.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import {
  hasReducedRateLines,
  hidesPrices,
  markedChargeName,
  markedItemName,
  REDUCED_RATE_DOCUMENT_NOTE,
  taxesPerRate,
  UNDER_20_NOTICE,
} from "../../domain/order-documents.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import type { OrderParty, OrderView, ParcelView } from "../../domain/order-view.ts";
import { parcelViews } from "../../domain/order-view.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { drawFigures, drawNotice, drawTable, PAGE, pricedLineColumns, RIGHT_COLUMN, yen } from "./pdf-document.ts";

/** A person and address block as the documents print it. */
export interface PartyLines {
  name: string;
  lines: string[];
}

function partyLines(party: OrderParty): PartyLines {
  return {
    name: party.name,
    lines: [`${displayZip(party.country, party.zip)} ${party.addressLine}`, ...(party.buildingName ? [party.buildingName] : []), `TEL ${party.phone}`],
  };
}

/** The buyer (ご依頼主) and the recipient (お届け先) of an order; the same person unless it is sent to someone else. */
export function partiesOf(view: OrderView): { buyer: PartyLines; recipient: PartyLines } {
  return { buyer: partyLines(view.buyer), recipient: partyLines(view.recipient) };
}

/** The shop's block: name, company, address, contact and the liquor licence the law asks to show. */
export function shopLines(shop: ShopProfile): string[] {
  return [
    shop.companyName.ja,
    `〒${shop.zip} ${shop.address.ja}`,
    `TEL ${shop.phone}  ${shop.email}`,
    `${shop.liquorLicence.type.ja}`,
    `免許番号 ${shop.liquorLicence.number}(${shop.liquorLicence.issuingTaxOffice.ja})`,
    `酒類販売管理者 ${shop.liquorSalesManager.name.ja}`,
  ];
}

function drawParty(doc: PDFKit.PDFDocument, x: number, y: number, width: number, heading: string, party: PartyLines): number {
  doc.font("bold").fontSize(9).text(heading, x, y, { width });
  doc
    .font("bold")
    .fontSize(12)
    .text(addressedName(party.name), x, doc.y + 2, { width });
  doc.font("regular").fontSize(9);
  for (const line of party.lines) doc.text(line, x, doc.y + 1, { width });
  return doc.y;
}

/** One delivery note (納品書) on a new A4 page of `doc`. */
export function drawDeliveryNote(doc: PDFKit.PDFDocument, order: OrderView, shop: ShopProfile, issuedOn: CalendarDate): void {
  // Several destinations (decision 087): a page per parcel, each with its recipient, bottles and gift.
  for (const parcel of parcelViews(order)) drawParcelNote(doc, parcel, shop, issuedOn);
}

function drawParcelNote(doc: PDFKit.PDFDocument, { view, destination, count }: ParcelView, shop: ShopProfile, issuedOn: CalendarDate): void {
  doc.addPage();
  doc.fillColor("#000000").strokeColor("#000000");
  doc.font("bold").fontSize(22).text("納品書", PAGE.left, PAGE.left, { width: PAGE.width, align: "center", characterSpacing: 8 });

  const { x: rightX, width: rightWidth } = RIGHT_COLUMN;
  const metaTop = 92;
  doc.font("regular").fontSize(9.5);
  doc.text(`注文番号 ${orderNumberForShopper(view.publicId)}`, rightX, metaTop, { width: rightWidth, align: "right" });
  doc.text(`ご注文日 ${formatDate(japanDateOf(view.createdAt), "ja")}`, rightX, doc.y + 1, { width: rightWidth, align: "right" });
  doc.text(`発行日 ${formatDate(issuedOn, "ja")}`, rightX, doc.y + 1, { width: rightWidth, align: "right" });
  if (destination) doc.text(`お届け先 ${destination.position + 1} / ${count}`, rightX, doc.y + 1, { width: rightWidth, align: "right" });

  const { buyer, recipient } = partiesOf(view);
  const leftWidth = PAGE.width * 0.5;
  let leftY = drawParty(doc, PAGE.left, metaTop, leftWidth, "ご購入者", buyer);
  leftY = drawParty(doc, PAGE.left, leftY + 10, leftWidth, "お届け先", recipient);

  doc.font("bold").fontSize(12).text(shop.shopName.ja, rightX, 150, { width: rightWidth });
  doc.font("regular").fontSize(8.5);
  for (const line of shopLines(shop)) doc.text(line, rightX, doc.y + 1, { width: rightWidth });
  const blocksBottom = Math.max(leftY, doc.y);

  doc
    .font("regular")
    .fontSize(10)
    .text("このたびはお買い上げいただき、誠にありがとうございます。下記のとおり納品いたします。", PAGE.left, blocksBottom + 18, { width: PAGE.width });

  const withPrices = !hidesPrices(view);
  const tableTop = doc.y + 8;
  let y: number;
  if (withPrices) {
    y = drawTable(
      doc,
      tableTop,
      pricedLineColumns("商品名"),
      // ※ on reduced-rate items as the receipt marks them, so the 8% row below says which lines it taxes.
      view.items.map((item) => [markedItemName(item), String(item.amount), yen(item.unitPrice), yen(item.lineTotal)]),
    );
    y = destination
      ? // One destination's parcel: its bottles and its own shipping; the order's total is on the buyer's mail and receipt.
        drawFigures(doc, y, [
          { label: "商品小計(税抜)", value: yen(view.items.reduce((sum, item) => sum + item.lineTotal, 0)) },
          { label: "送料(税抜)", value: yen(destination.fee) },
        ])
      : drawFigures(doc, y, [
          { label: "商品小計(税抜)", value: yen(view.totals.items) },
          ...view.charges.map((charge) => ({ label: `${markedChargeName(charge, view)}${charge.taxable ? "(税抜)" : ""}`, value: yen(charge.amount) })),
          ...taxesPerRate(view).map((row) => ({ label: `消費税(${row.rate}%対象 ${yen(row.base)})`, value: yen(row.tax) })),
          { label: "合計(税込)", value: yen(view.totals.total), strong: true },
        ]);
    if (hasReducedRateLines(view)) {
      doc
        .font("regular")
        .fontSize(8.5)
        .text(REDUCED_RATE_DOCUMENT_NOTE, PAGE.left, y + 4, { width: PAGE.width });
      y = doc.y;
    }
  } else {
    // A gift without prices: what is in the parcel and how many, nothing about money.
    y = drawTable(
      doc,
      tableTop,
      [
        { title: "商品名", width: PAGE.width * 0.8 },
        { title: "数量", width: PAGE.width * 0.2, align: "right" },
      ],
      view.items.map((item) => [item.name.ja, String(item.amount)]),
    );
  }
  drawNotice(doc, y + 10, UNDER_20_NOTICE);
}
