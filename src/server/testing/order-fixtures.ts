import type { OrderPaymentMethod, OrderStatus } from "../../domain/checkout.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import { chargeOf } from "../../domain/order-charges.ts";
import { orderTotals } from "../../domain/order-totals.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { NewOrder, OrderRow } from "../orders/orders.service.ts";
import type { TestApp } from "./test-app.ts";

/**
 * An order written straight to the database with a chosen status and creation time (lists and
 * figures by date); two bottles of `productId` at 3,000 円, shipping 1,100 円 (and the cod fee of
 * 440 円) as charge lines, no stock taken.
 * Orders that must hold stock are placed through the checkout instead (CheckoutClient).
 */
export async function insertOrder(
  shop: TestApp,
  fields: {
    productId: number;
    status: OrderStatus;
    method: OrderPaymentMethod;
    name?: string;
    email?: string;
    createdAt?: Date;
    /** Member the order belongs to (GET /api/orders lists it). */
    userId?: number;
    /** Charge lines after shipping and the cod fee. */
    extraCharges?: OrderCharge[];
  },
): Promise<OrderRow> {
  const cod = fields.method === "cod";
  const createdAt = fields.createdAt ?? new Date();
  const items = [{ productId: fields.productId, nameJa: "蔵の赤", nameEn: "Kura red", unitPrice: 3000, taxRatePercent: 10, amount: 2 }];
  const charges = [
    chargeOf("shipping", 1100),
    ...(cod ? [chargeOf("payment_fee", 440, storedPaymentMethod("cod").feeLabel)] : []),
    ...(fields.extraCharges ?? []),
  ];
  // The stored figures as checkout writes them: from the lines (cod: 6000 + 1100 + 440 → tax 754, 8294).
  const totals = orderTotals(items, charges, 10);
  const order = {
    userId: fields.userId ?? null,
    status: fields.status,
    paymentMethod: fields.method,
    name: fields.name ?? "山田 花子",
    email: fields.email ?? `hanako-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "090-1234-5678",
    country: "jp",
    zip: "111-0051",
    prefecture: 13,
    address: "台東区蔵前3-14-7",
    buildingName: "蔵前ビル1階",
    desiredDeliveryDate: "2026-04-03",
    desiredDeliveryTimezone: "14-16",
    memo: "不在時は宅配ボックスへ",
    itemsTotal: totals.items,
    taxTotal: totals.tax,
    price: totals.total,
    taxRatePercent: 10,
    locale: "ja",
    confirmedAt: fields.status === "pending" ? null : createdAt,
    // Not part of NewOrder (the database sets it), but a test needs orders of other days.
    createdAt,
  } as NewOrder;
  return shop.app.services.orders.create(shop.database.db, order, items, charges);
}
