import { eq, max } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import type { ChargeLabel, OrderCharge } from "../../domain/order-charges.ts";
import { adjustmentOf, chargeAmount, chargeOf, CHARGE_KINDS, paymentFeeBase } from "../../domain/order-charges.ts";
import type { AdjustmentKind } from "../../domain/order-totals.ts";
import { adjustedTotalsProblem, apportionAcrossRates, orderTotals } from "../../domain/order-totals.ts";
import { ORDER_TOTAL_MAX } from "../../domain/money.ts";
import { amountMayChange } from "../../domain/order-status.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { REDUCED_TAX_RATE_PERCENT } from "../../domain/tax-rates.ts";
import type { Database } from "../db/client.ts";
import { orderChargesTable, ordersTable } from "../db/schema/orders.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { orderChangeMail } from "./order-change.mails.ts";
import { rewriteCharges } from "./order-charge-rows.ts";
import { mailRecord } from "./order-moves.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";
import { repricePayment } from "./payments-and-shipments.ts";

/** A discount or correction as staff enter it: its amount before tax and the rate of what it discounts, or split over the order's rates. */
export interface AdjustmentInput {
  kind: AdjustmentKind;
  label: ChargeLabel;
  /** Yen before tax: below zero for a discount, either way for a correction. */
  amount: number;
  /** The rate percent (the order's standard rate or the reduced 8 %), or "apportioned" over the order's rates by their bases. */
  taxRate: number | "apportioned";
}

/**
 * Discount and correction lines added by staff to an order (issue 32 item 3): in one transaction
 * the order's row is locked, the lines written, its stored tax and total rewritten from its lines,
 * and the shopper's mail with the new total put in the outbox (filed as a transaction record).
 */
export class OrderAdjustments {
  constructor(
    private readonly db: Database,
    private readonly deps: { orders: OrdersService; mail: MailService; shopProfiles: ShopProfileService },
    private readonly settings: { publicUrl: string },
  ) {}

  async add(publicId: string, input: AdjustmentInput): Promise<OrderRow> {
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order) throw new DomainError("not-found");
    // Outside the transaction (PGlite has one connection).
    const shop = await this.deps.shopProfiles.profile();
    const changed = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, order.id)).for("update");
      if (!current || !amountMayChange(current.status, current.paymentMethod)) throw new DomainError("conflict", "adjustmentNotAllowed");
      const before = await this.deps.orders.viewOf(current, tx);
      const lines = linesOf(input, current.taxRatePercent, before.totals.taxes);
      // A discount can take the amount collected into a lower tier of cash on delivery's fee (and a
      // correction upwards into a higher one): the fee is measured again on the new amount.
      const method = storedPaymentMethod(current.paymentMethod);
      const fee = method.fee(Math.max(0, paymentFeeBase(before.totals.items, [...before.charges, ...lines])), shop.terms);
      const feeMoves = fee !== chargeAmount(before.charges, "payment_fee");
      const charges = feeMoves ? withPaymentFee(before.charges, fee, method.feeLabel) : before.charges;
      const totals = orderTotals(before.items, [...charges, ...lines], current.taxRatePercent);
      const problem = adjustedTotalsProblem(totals);
      if (problem === "total-below-zero") throw new DomainError("invalid", "adjustmentTotalBelowZero");
      if (problem === "rate-below-zero") throw new DomainError("invalid", "adjustmentRateBelowZero");
      if (totals.total > ORDER_TOTAL_MAX) throw new DomainError("invalid", "adjustmentTotalTooLarge");
      // A correction upwards may pass the method's ceiling (cash on delivery's): refused as at checkout.
      const refusal = method.refusal({ total: totals.total, terms: shop.terms, locale: current.locale });
      if (refusal !== null && totals.total > current.price) throw new DomainError("invalid", "adjustmentRefusedByMethod", undefined, [refusal]);

      const [last] = await tx
        .select({ position: max(orderChargesTable.position) })
        .from(orderChargesTable)
        .where(eq(orderChargesTable.orderId, current.id));
      const first = (last?.position ?? -1) + 1;
      await tx.insert(orderChargesTable).values(
        lines.map((line, index) => ({
          orderId: current.id,
          kind: line.kind,
          labelJa: line.label.ja,
          labelEn: line.label.en,
          amount: line.amount,
          taxable: line.taxable,
          taxRatePercent: line.taxRatePercent ?? null,
          position: first + index,
        })),
      );
      if (feeMoves) await rewriteCharges(tx, current.id, charges, ["payment_fee"]);
      const [updated] = await tx
        .update(ordersTable)
        .set({ taxTotal: totals.tax, price: totals.total, updatedAt: new Date() })
        .where(eq(ordersTable.id, current.id))
        .returning();
      await repricePayment(tx, updated!);
      const after = await this.deps.orders.viewOf(updated!, tx);
      await this.deps.mail.enqueue(tx, updated!.email, orderChangeMail(shop, this.settings.publicUrl, after, lines), mailRecord("status_mail", updated!, shop));
      return updated!;
    });
    this.deps.mail.kick();
    return changed;
  }
}

/** The order's charges with its payment fee at `fee` (a fee of 0 is no line, as at checkout). */
function withPaymentFee(charges: readonly OrderCharge[], fee: number, label: ChargeLabel | undefined): OrderCharge[] {
  const others = charges.filter((charge) => charge.kind !== "payment_fee");
  const line = charges.find((charge) => charge.kind === "payment_fee");
  if (fee === 0) return others;
  return line
    ? charges.map((charge) => (charge.kind === "payment_fee" ? { ...charge, amount: fee } : charge))
    : [...others, chargeOf("payment_fee", fee, label ?? CHARGE_KINDS.payment_fee.label)];
}

/** The lines to add: one at the rate chosen, or one per rate of the order when apportioned (refused when that leaves none). */
function linesOf(input: AdjustmentInput, standardRatePercent: number, taxes: readonly { rate: number; base: number }[]): OrderCharge[] {
  if (input.taxRate !== "apportioned") {
    if (input.taxRate !== standardRatePercent && input.taxRate !== REDUCED_TAX_RATE_PERCENT) throw new DomainError("invalid", "adjustmentRateUnknown");
    return [adjustmentOf(input.kind, input.amount, input.taxRate, input.label)];
  }
  const parts = apportionAcrossRates(input.amount, taxes);
  if (parts.length === 0) throw new DomainError("invalid", "adjustmentTotalBelowZero");
  return parts.map((part) => adjustmentOf(input.kind, part.amount, part.rate, input.label));
}
