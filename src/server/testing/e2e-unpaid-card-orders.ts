import { asc } from "drizzle-orm";
import { chargeOf } from "../../domain/order-charges.ts";
import { orderTotals } from "../../domain/order-totals.ts";
import type { Database } from "../db/client.ts";
import { productsTable } from "../db/schema/catalog.ts";
import type { NewOrder } from "../orders/orders.service.ts";
import { OrdersService } from "../orders/orders.service.ts";

/** The address the browser tests' unpaid card orders are placed under (tests/e2e/payment-link.spec.ts). */
export const E2E_PAYMENT_LINK_EMAIL = "paylink-e2e@example.com";

/**
 * Card orders awaiting their payment, as the staff's order entry (phone, FAX) writes them: card,
 * await_payment, no reservation deadline, no bottles taken. The browser tests' server gets them at
 * its set-up, for the payment-link journey (decision 082), until that entry exists to make them
 * through the back office. One each for a journey and its retry.
 */
export async function insertUnpaidCardOrders(db: Database, count: number): Promise<void> {
  const [product] = await db.select().from(productsTable).orderBy(asc(productsTable.id)).limit(1);
  if (!product) return;
  // create() writes rows only; the catalogue and the profile are not read.
  const orders = new OrdersService(db, { catalog: undefined as never, shopProfiles: undefined as never });
  const items = [{ productId: product.id, nameJa: product.nameJa, nameEn: product.nameEn, unitPrice: product.price, taxRatePercent: 10, amount: 1 }];
  const charges = [chargeOf("shipping", 1100)];
  const totals = orderTotals(items, charges, 10);
  for (let index = 0; index < count; index++) {
    await db.transaction(async (tx) => {
      await orders.create(
        tx,
        {
          userId: null,
          status: "await_payment",
          paymentMethod: "credit",
          name: "電話 注文子",
          email: E2E_PAYMENT_LINK_EMAIL,
          phone: "03-1234-5678",
          country: "jp",
          zip: "111-0051",
          prefecture: 13,
          address: "台東区蔵前3-14-7",
          buildingName: "",
          desiredDeliveryDate: null,
          desiredDeliveryTimezone: null,
          memo: "",
          birthDate: "1980-05-05",
          itemsTotal: totals.items,
          taxTotal: totals.tax,
          price: totals.total,
          taxRatePercent: 10,
          locale: "ja",
          confirmedAt: new Date(),
        } as NewOrder,
        items,
        charges,
      );
    });
  }
}
