import { and, eq, exists, lt, or, sql, type SQL } from "drizzle-orm";
import { storedPaymentMethod, storedPaymentMethods } from "../../domain/payment-methods/payment-method.registry.ts";
import type { PaymentMethodTerms } from "../../domain/payment-methods/payment-method.ts";
import type { Database } from "../db/client.ts";
import { orderPaymentsTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";

/** Days to pay when a method's terms name none (decision 080). */
const DEFAULT_DAYS_TO_PAY = 14;

/**
 * 後払い invoices overdue (decision 080), the one rule for the dashboard's figure and the order
 * list's filter: shipped orders of a method that ships unpaid and is not settled by shipping, whose
 * payment is still authorized `daysToPay` days after the parcel left (the invoice goes out with the
 * shipment's registration).
 */
export function overdueInvoicesWhere(db: Database, now: Date, terms: PaymentMethodTerms): SQL {
  const rules = storedPaymentMethods()
    .filter((method) => method.settlesOnShipping === false)
    .map((method) => {
      const daysToPay = storedPaymentMethod(method.stored).terms(terms).daysToPay ?? DEFAULT_DAYS_TO_PAY;
      const shippedBefore = new Date(now.getTime() - daysToPay * 86_400_000);
      return and(
        eq(ordersTable.status, "sent"),
        eq(ordersTable.paymentMethod, method.stored),
        exists(
          db
            .select({ id: orderPaymentsTable.id })
            .from(orderPaymentsTable)
            .where(and(eq(orderPaymentsTable.orderId, ordersTable.id), eq(orderPaymentsTable.state, "authorized"))),
        ),
        exists(
          db
            .select({ id: orderShipmentsTable.id })
            .from(orderShipmentsTable)
            .where(and(eq(orderShipmentsTable.orderId, ordersTable.id), lt(orderShipmentsTable.shippedAt, shippedBefore))),
        ),
      )!;
    });
  return rules.length > 0 ? or(...rules)! : sql`false`;
}
