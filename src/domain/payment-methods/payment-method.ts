import type { Locale } from "../locale.ts";
import { flatFee, type PaymentTerms, type ShopPaymentTerms } from "./payment-terms.ts";

/**
 * One way to pay (decision 023, in the spirit of Vendure's PaymentMethodHandler): a
 * method is one module implementing this interface and one entry in payment-method.registry.ts.
 * Checkout, totals, order moves, mails, the back office, the exports, the order history and the
 * legal notice read what they need from here and never branch on a method's code.
 *
 * This part is pure and browser-safe; what talks to a payment gateway lives in
 * src/server/payments/methods/.
 */

export type LocalizedText = Readonly<Record<Locale, string>>;

/** The shop-profile terms a method's fee and offer depend on: each method's own, by code (payment-terms.ts). */
export type PaymentMethodTerms = ShopPaymentTerms;

/**
 * What the browser sends with the checkout and the server starts with it:
 * - none: nothing (bank, cod): the order is binding at once;
 * - card: a card the gateway's script turned into a payment method id;
 * - saved_card: the member's saved card (needs a member with one);
 * - voucher / redirect: the server asks the gateway for a payment the shopper completes elsewhere
 *   (a convenience-store voucher, a wallet's approval page).
 */
export type CheckoutInput = "none" | "card" | "saved_card" | "voucher" | "redirect";

/** What cancelling an order that was already paid does to the money. */
export type PaidCancellation = "refund" | "by_hand";

/**
 * Whether staff may take a method on an order they enter (phone, FAX, in the shop; decision 081):
 * - direct: as the storefront takes it, with nothing more to give (a transfer expected, paid on
 *   delivery, invoiced later);
 * - awaiting_payment: the order waits, its payment pending, until the customer pays through a link
 *   the shop sends (a card cannot be read out over the phone);
 * - undefined: not at all (a saved card, a voucher or a wallet needs the shopper at the checkout).
 */
export type StaffEntry = "direct" | "awaiting_payment";

/** The cases a method's entry shows up in on the back office's dashboard while it awaits payment. */
export type DashboardQueue = "awaiting_deposit" | "to_ship";

/**
 * What the shopper needs to pay a method that waits for a payment made elsewhere (a convenience-store
 * voucher): kept on the order, shown on the complete page, in the order mail and on the order card.
 */
export interface PaymentInstructions {
  /** The number to give at the till (konbini: confirmation number). */
  number: string;
  /** A second code some places ask for (konbini: payment code), or null. */
  code: string | null;
  /** ISO date-time after which it can no longer be paid; the order is then cancelled. */
  deadline: string;
  /** A page with the voucher and how to pay, absolute, or null. */
  url: string | null;
}

/** How a method names the parts of its instructions, in both languages. */
export interface PaymentInstructionTexts {
  heading: LocalizedText;
  number: LocalizedText;
  code: LocalizedText;
  deadline: LocalizedText;
  /** How to pay, one paragraph. */
  how: LocalizedText;
  /** The link to the voucher page. */
  link: LocalizedText;
}

/** What a method's order mail and complete page can say; `{total}`, `{days}` (its terms' days to pay) and instruction fields are filled in. */
export interface PaymentMethodTexts {
  /** The order mail's "how to pay" paragraph. */
  mailPayment: LocalizedText;
  /**
   * For a method staff take awaiting its payment (a card paid through a link): the order mail's
   * "how to pay" paragraph for such an order, in place of `mailPayment`.
   */
  mailAwaitingPayment?: LocalizedText;
  /** Added to the "shipped" mail (cod: pay the carrier). */
  mailShipped?: LocalizedText;
  /**
   * For a method whose amount may change after ordering (paid by hand, or billed later): how the new
   * total {total} is paid, said by the mails of a discount, a recipient change or a partial
   * cancellation. None for a method paid at order time: its amount does not change that way.
   */
  mailNewTotal?: LocalizedText;
  /** Added to the "cancelled" mail when the order had been paid. */
  mailCancelledPaid?: LocalizedText;
  /** When it is paid, as the legal notice and the final confirmation before ordering say it. */
  timing: LocalizedText;
  /** Its row under "payment methods" on the legal notice. */
  legalNotice: LocalizedText;
  /** A line of its own under the legal notice's 代金以外の必要料金 besides its fee (bank: the transfer fee is the shopper's). */
  legalNoticeCharge?: LocalizedText;
  /** How it words a refusal by its terms ({total}, {ceiling}, {minimum}), when the generic sentence (payment-terms.ts) will not do. */
  refusals?: Partial<Record<"disabled" | "under_minimum" | "over_ceiling", LocalizedText>>;
  /** For a method whose service checks the buyer's credit at order (後払い): why the order is refused when it says no or not yet. */
  creditCheckRefusals?: Record<"declined" | "on_hold", LocalizedText>;
  /** For a method paid elsewhere later: how its instructions are labelled (mail, complete page, order card). */
  instructions?: PaymentInstructionTexts;
  /** Shown under the method when it cannot be chosen, if no refusal message says more. */
  unavailable?: LocalizedText;
}

export interface OfferContext {
  /** The order's total (tax and this method's fee included), yen. */
  total: number;
  terms: PaymentMethodTerms;
  locale: Locale;
}

/**
 * What a method's module declares. Its fee, eligibility, checkout note and legal-notice charges are
 * not code: they follow its terms (the trader's, else defaultTerms), and the registry makes the
 * handler from the module (payment-method.registry.ts).
 */
export interface PaymentMethodModule {
  /** The checkout's payment_method value. */
  readonly code: string;
  /** What the order stores (registered_credit is stored as credit). */
  readonly stored: string;
  readonly label: LocalizedText;
  readonly checkoutInput: CheckoutInput;
  /** Whether and how staff may take it on an order they enter (decision 081); undefined: they may not. */
  readonly staffEntry?: StaffEntry;
  /** The status the order is written with: pending while a card is being charged, else await_payment. */
  readonly firstStatus: "pending" | "await_payment";
  /** What the back office may do from await_payment besides cancelling (deposited, sent). */
  readonly staffMovesFromAwaitPayment: readonly ("deposited" | "sent")[];
  readonly paidCancellation: PaidCancellation;
  /**
   * For a method that ships unpaid: whether the parcel leaving settles it (cash on delivery: the
   * carrier collects; the default) or the payment stays authorized until its service reports it
   * paid (後払い: false).
   */
  readonly settlesOnShipping?: boolean;
  /**
   * When a new order of this method is paid: at checkout (a card or PayPay, charged as the order is
   * placed), once the shopper's payment arrives (bank, konbini, 後払い), or when it ships (cash on
   * delivery). What the shop tells a member of when the points of a paid order are granted.
   */
  readonly paidWhen: "at_order" | "on_payment" | "on_shipping";
  /** Its terms until the trader saves others: what the shop charged and offered before terms were data. */
  readonly defaultTerms: PaymentTerms;
  /** What its fee is called on the order's charge lines (cod: 代引き手数料); the generic 決済手数料 without. */
  readonly feeLabel?: LocalizedText;
  /** Whether the browser asks POST /api/fee for the fee (the cod fee) instead of computing it. */
  readonly feeFromServer: boolean;
  /** A refusal of its own besides its terms' (none of today's methods has one), or null. */
  readonly refusalBeyondTerms?: (context: OfferContext) => string | null;
  /** Whether the checkout shows the shop's bank accounts under it and the mail lists them. */
  readonly showsBankAccounts: boolean;
  readonly texts: PaymentMethodTexts;
  readonly exports: {
    /** B2 Cloud 送り状種類: 0 発払い, 2 コレクト (cash on delivery). */
    b2InvoiceType: "0" | "2";
    /** Whether B2 Cloud collects the total on delivery (コレクト代金引換額). */
    b2CollectsTotal: boolean;
    /** The order CSV's payment-method column. */
    csvLabel: LocalizedText;
  };
  /** Where the dashboard counts its orders while they await payment, if anywhere. */
  readonly dashboardQueue: DashboardQueue | null;
}

/**
 * A method's module as its file writes it: what sets the method apart. What most methods share is
 * left out and filled in by definePaymentMethod, so each file reads as the ways it differs.
 */
export type PaymentMethodDeclaration = Omit<
  PaymentMethodModule,
  "stored" | "staffMovesFromAwaitPayment" | "defaultTerms" | "feeFromServer" | "showsBankAccounts" | "exports" | "dashboardQueue"
> &
  Partial<Pick<PaymentMethodModule, "stored" | "staffMovesFromAwaitPayment" | "feeFromServer" | "showsBankAccounts" | "dashboardQueue">> & {
    /** Its default terms: where it is listed, and what differs from offered, free, without limits, paid at once and with no note. */
    readonly defaultTerms: Pick<PaymentTerms, "position"> & Partial<PaymentTerms>;
    /** What the exports need besides a B2 Cloud 発払い slip and the checkout's label on the order CSV. */
    readonly exports?: Partial<PaymentMethodModule["exports"]>;
  };

/**
 * A method's module with the shared defaults: stored under its own code, no back-office move from
 * await_payment besides cancelling, its fee computed in the browser, no bank accounts shown, no
 * dashboard queue; and its default terms offered, free (a flat fee of 0), with no minimum, ceiling,
 * days to pay or note.
 */
export function definePaymentMethod(declared: PaymentMethodDeclaration): PaymentMethodModule {
  const terms = declared.defaultTerms;
  return {
    ...declared,
    stored: declared.stored ?? declared.code,
    staffMovesFromAwaitPayment: declared.staffMovesFromAwaitPayment ?? [],
    // Field by field, in the order the shop profile keeps terms.
    defaultTerms: {
      enabled: terms.enabled ?? true,
      position: terms.position,
      feeTiers: terms.feeTiers ?? flatFee(0),
      min: terms.min ?? 0,
      max: terms.max ?? null,
      daysToPay: terms.daysToPay ?? null,
      notes: terms.notes ?? null,
    },
    feeFromServer: declared.feeFromServer ?? false,
    showsBankAccounts: declared.showsBankAccounts ?? false,
    exports: { b2InvoiceType: "0", b2CollectsTotal: false, csvLabel: declared.label, ...declared.exports },
    dashboardQueue: declared.dashboardQueue ?? null,
  };
}

/**
 * How the money of a method charged while the order is placed moves (a card, a wallet): the order is
 * pending until the charge succeeds, it is paid at order, and a paid one cancelled is refunded.
 */
export const CHARGED_AT_ORDER = {
  firstStatus: "pending",
  paidWhen: "at_order",
  paidCancellation: "refund",
} as const satisfies Partial<PaymentMethodDeclaration>;

/**
 * How the money of a method whose parcel leaves unpaid moves (cash on delivery, 後払い): the order
 * waits in await_payment, staff move it to sent, the dashboard counts it to ship, and a paid one
 * cancelled is returned by hand. When it is paid is each method's own.
 */
export const SHIPS_UNPAID = {
  firstStatus: "await_payment",
  staffMovesFromAwaitPayment: ["sent"],
  paidCancellation: "by_hand",
  dashboardQueue: "to_ship",
} as const satisfies Partial<PaymentMethodDeclaration>;

/** A method as checkout, totals, mails and pages use it: its module plus what its terms decide. */
export interface PaymentMethodHandler extends PaymentMethodModule {
  /** Its terms in the shop's: the trader's record for its code, else its defaults. */
  terms(shop: PaymentMethodTerms): PaymentTerms;
  /** The fee the shopper pays for the method, yen before tax, for items + shipping. */
  fee(itemsAndShipping: number, shop: PaymentMethodTerms): number;
  /** Why it cannot take this total (under its minimum, from its ceiling up), or null when it can. */
  refusal(context: OfferContext): string | null;
  /** Why a new order cannot choose it at all (the trader switched it off), or null when it is offered. */
  notOffered(shop: PaymentMethodTerms, locale: Locale): string | null;
  /** A text of its own with its terms filled in: {days}, and {ceiling} / {minimum} as yen. */
  withTerms(text: LocalizedText, shop: PaymentMethodTerms, locale: Locale, yen: (amount: number) => string): string;
  /** The note under it at checkout, or null. */
  checkoutNote(shop: PaymentMethodTerms, locale: Locale, yen: (amount: number) => string): string | null;
  /** Its lines under the legal notice's 代金以外の必要料金 (its fee), none when it costs nothing. */
  legalNoticeCharges(shop: PaymentMethodTerms, locale: Locale, yen: (amount: number) => string): string[];
}

/** A checkout choice: the `code` of a handler in the registry. */
export type PaymentMethodChoice = string;
