import { displayZip } from "../../domain/address.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { formatDateTime, formatYen, formatYenTaxed, withTaxLabel } from "../../domain/format.ts";
import { formatDeliveryDate, shippingPromise } from "../../domain/delivery-calendar.ts";
import type { Locale } from "../../domain/locale.ts";
import { fillText } from "../../domain/fill-text.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { pointGrantMoment } from "../../domain/points.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { DEPOSIT_TYPE_LABELS, inLocale } from "../../domain/shop-profile.ts";
import { REDUCED_RATE_FOOTNOTE, REDUCED_RATE_MARK } from "../../domain/tax-rates.ts";
import { isReducedCharge } from "../../domain/order-charges.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail } from "../mail/mail-layout.ts";
import type { OrderView } from "../../domain/order-view.ts";
import { giftLines } from "../../domain/gift.ts";
import { formatJapanDate, shortJapanDate } from "../../domain/sales-window.ts";

// The order confirmation (and receipt) a shopper gets once the order is binding: bank transfer and
// cash on delivery at once, card when paid. In the language of the checkout.

const texts = {
  ja: {
    subject: "【{shop}】ご注文ありがとうございます(注文番号 {id})",
    greeting: "{name} 様",
    lead: "この度は{shop}をご利用いただき、誠にありがとうございます。以下の内容でご注文を承りました。",
    summary: "ご注文番号: {id}\nお支払い金額(税込): {total}",
    itemsHeading: "■ご注文商品",
    line: "{name}\n  {unit} × {amount} = {total}(税抜)",
    orderId: "注文番号",
    orderedAt: "ご注文日時",
    paymentMethod: "お支払い方法",
    items: "商品小計(税抜)",
    tax: "消費税({rate}%対象 {base})",
    total: "合計(税込)",
    paymentHeading: "■お支払いについて",
    pointsHeading: "■ポイント",
    pointsUsed: "ご利用ポイント: {points}ポイント",
    pointsToEarn: "獲得予定ポイント: {points}ポイント（{when}に付与します）",
    pointsWhenOrdered: "ご注文の確定時",
    pointsWhenPaymentArrives: "ご入金の確認後",
    pointsWhenShipped: "発送後",
    pointsWhenPaid: "お支払いの確認後",
    bankAccount: "{financial} {branch} {type} {number} {name}",
    deliveryHeading: "■お届け先",
    buyerHeading: "■ご依頼主",
    wish: "お届け希望日時: {date} {band}",
    noDate: "日指定なし",
    noBand: "時間指定なし",
    shippingTiming: "{promise}。銀行振込の場合は、ご入金の確認後の発送となります。",
    memoHeading: "■備考",
    giftHeading: "■ギフト設定",
    destinationHeading: "■お届け先{n}(全{count}件)",
    destinationLine: "{name} × {amount}",
    destinationFee: "送料: {fee}(税抜)",
    invoice: "{company} 適格請求書発行事業者登録番号: {number}",
    contact: "ご不明な点は、このメールの末尾の連絡先までお問い合わせください。",
    // A receipt is a qualified simplified invoice only with the shop's registration number on it.
    receiptQualified: "領収書(適格簡易請求書)",
    receiptPlain: "領収書",
    receiptGuest: "■領収書\n{receipt}は、お支払いの確認後に次のページから宛名を入力して発行できます。\n{url}",
    receiptMember: "■領収書\n{receipt}は、お支払いの確認後にマイページの購入履歴から発行できます。",
    // 予約商品 (decision 088).
    preorderLine: "  予約商品: 発売日 {release}、{ships}頃発送",
    preorderHeading: "■予約商品について",
    preorderShipping: "予約商品は発売日に合わせて発送いたします。",
    preorderSeparate: "在庫のある商品は先にお送りし、予約商品は別便でお送りします(追加の送料はかかりません)。",
  },
  en: {
    subject: "Thank you for your order {id} – {shop}",
    greeting: "Dear {name},",
    lead: "Thank you for shopping at {shop}. We have received your order as follows.",
    summary: "Order number: {id}\nOrder total (incl. tax): {total}",
    itemsHeading: "Your order",
    line: "{name}\n  {unit} × {amount} = {total} (excl. tax)",
    orderId: "Order number",
    orderedAt: "Ordered",
    paymentMethod: "Payment method",
    items: "Items (excl. tax)",
    tax: "Consumption tax ({rate}% on {base})",
    total: "Total (incl. tax)",
    paymentHeading: "Payment",
    pointsHeading: "Points",
    pointsUsed: "Points used: {points}",
    pointsToEarn: "Points to earn: {points} (granted {when})",
    pointsWhenOrdered: "when your order is confirmed",
    pointsWhenPaymentArrives: "once your payment is received",
    pointsWhenShipped: "once shipped",
    pointsWhenPaid: "once payment is confirmed",
    bankAccount: "{financial}, {branch}, {type} {number}, {name}",
    deliveryHeading: "Delivery address",
    buyerHeading: "Ordered by",
    wish: "Desired delivery: {date} {band}",
    noDate: "no date specified",
    noBand: "no time specified",
    shippingTiming: "{promise} For bank transfer, we ship once we have confirmed your payment.",
    memoHeading: "Memo",
    giftHeading: "Gift options",
    destinationHeading: "Delivery address {n} of {count}",
    destinationLine: "{name} × {amount}",
    destinationFee: "Shipping: {fee} (excl. tax)",
    invoice: "{company}, qualified invoice issuer registration number: {number}",
    contact: "If you have any questions, please contact us at the address below.",
    receiptQualified: "receipt (qualified simplified invoice)",
    receiptPlain: "receipt",
    receiptGuest: "Receipt\nOnce your payment has been received, you can issue a {receipt} with your addressee on this page:\n{url}",
    receiptMember: "Receipt\nOnce your payment has been received, you can issue a {receipt} from the order history on My Page.",
    preorderLine: "  Pre-order: released {release}, ships around {ships}",
    preorderHeading: "Pre-orders",
    preorderShipping: "Pre-ordered bottles ship on their release date.",
    preorderSeparate: "The bottles in stock ship first; the pre-ordered ones follow in a parcel of their own (at no extra shipping cost).",
  },
} as const;

/**
 * The order's figures as every order mail tables them: items, each charge line (a discount or
 * correction below zero, marked ※ at the reduced rate), tax per rate on each rate's base after
 * discounts, and the total. In the order's language.
 */
export function orderFigures(order: OrderView): { label: string; value: string }[] {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const yen = (amount: number) => formatYen(amount, locale);
  const chargeLabel = (charge: OrderView["charges"][number]) =>
    `${isReducedCharge(charge, order.taxRatePercent) ? REDUCED_RATE_MARK : ""}${charge.label[locale]}`;
  return [
    { label: t.items, value: yen(order.totals.items) },
    // Every charge line the order has (shipping, the payment method's fee, any later kind), in its order.
    ...order.charges.map((charge) => ({
      label: charge.taxable ? withTaxLabel(chargeLabel(charge), locale, "excluded") : chargeLabel(charge),
      value: yen(charge.amount),
    })),
    // Tax per rate (decision 036): one row for a one-rate order, 10% and 8% apart for a mixed one.
    ...order.totals.taxes.map((each) => ({ label: fillText(t.tax, { rate: each.rate, base: yen(each.base) }), value: yen(each.tax) })),
    { label: t.total, value: yen(order.totals.total) },
  ];
}

export interface OrderMailInput {
  order: OrderView;
  /** Time-band code → label in the order's language. */
  timeBands: Record<string, string>;
  /** A guest's signed receipt page (decision 037); undefined for a member's order (My Page has it). */
  receiptUrl?: string | undefined;
  /** A member's order's points (decision 089): used, and to be earned when paid or shipped; absent: none. */
  points?: { used: number; toEarn: number; grantOn: "paid" | "shipped" } | null | undefined;
}

/** The order mail: items, totals, how to pay, where it goes, and the shop's invoice registration when set. */
export function orderMail(shop: ShopProfile, publicUrl: string, { order, timeBands, receiptUrl, points }: OrderMailInput): MailContent {
  const locale: Locale = order.locale;
  const t = texts[locale];
  const yen = (amount: number) => formatYen(amount, locale);
  const shopName = inLocale(shop.shopName, locale);
  const method = storedPaymentMethod(order.paymentMethod);
  // When the points arrive, by the shop's rule and how the order is paid: a card's at once; a card
  // order staff entered, paid later through a link, once that payment is confirmed.
  const awaitingLink = order.status === "await_payment" && method.texts.mailAwaitingPayment !== undefined;
  const pointsWhen = (grantOn: "paid" | "shipped") =>
    ({ at_order: t.pointsWhenOrdered, on_payment: t.pointsWhenPaymentArrives, on_shipping: t.pointsWhenShipped, when_paid: t.pointsWhenPaid })[
      pointGrantMoment(grantOn, awaitingLink ? undefined : method.paidWhen)
    ];

  const lines = order.items.map((item) => {
    const line = fillText(t.line, {
      name: `${item.reduced ? REDUCED_RATE_MARK : ""}${item.name[locale]}`,
      unit: yen(item.unitPrice),
      amount: item.amount,
      total: yen(item.lineTotal),
    });
    // A pre-order says when it ships (decision 088).
    return item.shipsOn
      ? `${line}\n${fillText(t.preorderLine, { release: formatJapanDate(item.shipsOn, locale), ships: shortJapanDate(item.shipsOn, locale, order.createdAt) })}`
      : line;
  });
  const preorders = order.items.filter((item) => item.shipsOn);
  // Every amount says whether tax is in it (decision 045): the total in the payment text too.
  // A card order staff entered waits for the customer's payment through a link (decision 081).
  const paymentText = order.status === "await_payment" && method.texts.mailAwaitingPayment ? method.texts.mailAwaitingPayment : method.texts.mailPayment;
  const payment = [
    t.paymentHeading,
    fillText(paymentText[locale], { total: formatYenTaxed(order.totals.total, locale, "included"), days: method.terms(shop.terms).daysToPay ?? "" }),
  ];
  if (method.showsBankAccounts) {
    for (const account of shop.bankAccounts) {
      payment.push(
        fillText(t.bankAccount, {
          financial: account.financial[locale],
          branch: account.branch[locale],
          type: DEPOSIT_TYPE_LABELS[account.depositType][locale],
          number: account.accountNumber,
          name: account.accountName,
        }),
      );
    }
  }
  const instructions = order.paymentInstructions;
  const labels = method.texts.instructions;
  if (instructions && labels) {
    // A payment made elsewhere (a convenience-store voucher): its number, deadline and how to pay.
    payment.push(`${labels.number[locale]}: ${instructions.number}`);
    if (instructions.code) payment.push(`${labels.code[locale]}: ${instructions.code}`);
    payment.push(`${labels.deadline[locale]}: ${formatDateTime(new Date(instructions.deadline), locale)}`);
    payment.push(labels.how[locale]);
    if (instructions.url) payment.push(`${labels.link[locale]}: ${instructions.url}`);
  }
  const band = order.desiredDeliveryTimezone ? (timeBands[order.desiredDeliveryTimezone] ?? order.desiredDeliveryTimezone) : t.noBand;
  const partyLines = (party: OrderView["buyer"]) => [
    `${displayZip(party.country, party.zip)} ${party.addressLine}${party.buildingName ? ` ${party.buildingName}` : ""}`,
    party.name,
    party.phone,
  ];
  // A gift: who ordered (ご依頼主) above where it goes (お届け先).
  const buyer = order.sendsToOther ? [[t.buyerHeading, ...partyLines(order.buyer)].join("\n")] : [];
  const delivery = [
    t.deliveryHeading,
    ...partyLines(order.recipient),
    fillText(t.wish, { date: order.desiredDeliveryDate ? formatDeliveryDate(order.desiredDeliveryDate) : t.noDate, band }),
    // The shop's one shipping promise, as the legal notice and the checkout state it (decision 054).
    fillText(t.shippingTiming, { promise: shippingPromise(shop.deliveryCalendar, locale) }),
  ];

  // Reduced-rate items are marked ※ with the footnote, as a qualified invoice shows them.
  if (order.items.some((item) => item.reduced) || order.charges.some((charge) => isReducedCharge(charge, order.taxRatePercent)))
    lines.push(REDUCED_RATE_FOOTNOTE[locale]);
  const orderNumber = orderNumberForShopper(order.publicId);
  // 総額表示 (decision 045): the order number and the tax-included amount come first, before the lines before tax.
  const summary = fillText(t.summary, { id: orderNumber, total: yen(order.totals.total) });
  const paragraphs = [fillText(t.lead, { shop: shopName }), summary, [t.itemsHeading, ...lines].join("\n"), payment.join("\n")];
  if (preorders.length > 0) {
    paragraphs.push([t.preorderHeading, t.preorderShipping, ...(preorders.length < order.items.length ? [t.preorderSeparate] : [])].join("\n"));
  }
  if (points && (points.used > 0 || points.toEarn > 0)) {
    const figure = (value: number) => value.toLocaleString("en-US");
    paragraphs.push(
      [
        t.pointsHeading,
        ...(points.used > 0 ? [fillText(t.pointsUsed, { points: figure(points.used) })] : []),
        ...(points.toEarn > 0 ? [fillText(t.pointsToEarn, { points: figure(points.toEarn), when: pointsWhen(points.grantOn) })] : []),
      ].join("\n"),
    );
  }
  // The message card's own line breaks are kept, its lines indented under the label.
  const giftText = (gift: ReturnType<typeof giftLines>) => gift.map((line) => `${line.label}: ${line.value.replace(/\n/g, "\n  ")}`);
  if (order.destinations.length > 0) {
    // Several destinations (decision 087): the buyer once, then each destination with its bottles, wish, gift and fee.
    paragraphs.push([t.buyerHeading, ...partyLines(order.buyer)].join("\n"));
    for (const destination of order.destinations) {
      const wishBand = destination.desiredDeliveryTimezone ? (timeBands[destination.desiredDeliveryTimezone] ?? destination.desiredDeliveryTimezone) : t.noBand;
      const gift = giftLines(destination.gift, locale);
      paragraphs.push(
        [
          fillText(t.destinationHeading, { n: destination.position + 1, count: order.destinations.length }),
          ...partyLines(destination.recipient),
          ...destination.items.map((item) => fillText(t.destinationLine, { name: item.name[locale], amount: item.amount })),
          fillText(t.wish, { date: destination.desiredDeliveryDate ? formatDeliveryDate(destination.desiredDeliveryDate) : t.noDate, band: wishBand }),
          fillText(t.destinationFee, { fee: yen(destination.fee) }),
          ...(gift.length > 0 ? [t.giftHeading, ...giftText(gift)] : []),
        ].join("\n"),
      );
    }
    paragraphs.push(fillText(t.shippingTiming, { promise: shippingPromise(shop.deliveryCalendar, locale) }));
  } else {
    paragraphs.push(...buyer, delivery.join("\n"));
    const gift = giftLines(order.gift, locale);
    if (gift.length > 0) paragraphs.push([t.giftHeading, ...giftText(gift)].join("\n"));
  }
  if (order.memo) paragraphs.push(`${t.memoHeading}\n${order.memo}`);
  const receipt = shop.invoiceRegistrationNumber ? t.receiptQualified : t.receiptPlain;
  paragraphs.push(receiptUrl ? fillText(t.receiptGuest, { url: receiptUrl, receipt }) : fillText(t.receiptMember, { receipt }));
  const note: string[] = [t.contact];
  if (shop.invoiceRegistrationNumber)
    note.unshift(fillText(t.invoice, { company: inLocale(shop.companyName, locale), number: shop.invoiceRegistrationNumber }));

  const details = [
    { label: t.orderId, value: orderNumber },
    { label: t.orderedAt, value: formatDateTime(order.createdAt, locale) },
    { label: t.paymentMethod, value: method.label[locale] },
    ...orderFigures(order),
  ];
  // The layout puts the table of figures after the paragraphs, and the small print last.
  return composeMail(shop, locale, publicUrl, fillText(t.subject, { shop: shopName, id: orderNumber }), {
    greeting: fillText(t.greeting, { name: order.name }),
    paragraphs,
    details,
    note: note.join("\n"),
  });
}
