import { and, eq, max } from "drizzle-orm";
import type { OrderCharge } from "../../domain/order-charges.ts";
import type { Database } from "../db/client.ts";
import { orderChargesTable } from "../db/schema/orders.ts";

/**
 * The rows of some kinds of an order's charges as priced again (a partial cancellation's shipping and
 * payment fee, a gift change's wrapping): a changed amount updated, a charge that went to nothing
 * deleted, a new one added after the others. Charges of other kinds are left as they are.
 */
export async function rewriteCharges(tx: Database, orderId: number, charges: readonly OrderCharge[], kinds: readonly string[]): Promise<void> {
  for (const kind of kinds) {
    const next = charges.find((charge) => charge.kind === kind);
    const where = and(eq(orderChargesTable.orderId, orderId), eq(orderChargesTable.kind, kind));
    const [row] = await tx.select().from(orderChargesTable).where(where);
    if (row && !next) await tx.delete(orderChargesTable).where(eq(orderChargesTable.id, row.id));
    else if (row && next && row.amount !== next.amount) await tx.update(orderChargesTable).set({ amount: next.amount }).where(eq(orderChargesTable.id, row.id));
    else if (!row && next) {
      const [last] = await tx
        .select({ position: max(orderChargesTable.position) })
        .from(orderChargesTable)
        .where(eq(orderChargesTable.orderId, orderId));
      await tx.insert(orderChargesTable).values({
        orderId,
        kind,
        labelJa: next.label.ja,
        labelEn: next.label.en,
        amount: next.amount,
        taxable: next.taxable,
        taxRatePercent: null,
        position: (last?.position ?? -1) + 1,
      });
    }
  }
}
