import { describe, expect, it } from "vitest";
import type { OrderStatus } from "../../domain/checkout.ts";
import type { PaymentState, ShipmentState } from "../../domain/payments-and-shipments.ts";
import { deriveOrderStatus } from "../../domain/payments-and-shipments.ts";
import { migrationSteps } from "../testing/migration-steps.ts";
import { testTime } from "../testing/test-time.ts";

// Orders placed before payments and shipments keep their status: migration 0034 gives each one
// payment and one shipment (with all its lines) whose derived status is the stored one. Run on the
// SQL files themselves, in the journal's order, with an order in each status.

const migrations = migrationSteps();

async function order(
  publicId: string,
  status: OrderStatus,
  method: string,
  history: OrderStatus[],
  extra: { slip?: string; intent?: string } = {},
): Promise<void> {
  const inserted = await migrations.client.query<{ id: number }>(
    `insert into orders (public_id, status, payment_method, name, email, phone, country, zip, address, recipient, desired_delivery_date, desired_delivery_timezone,
       items_total, tax_total, price, tax_rate_percent, locale, slip_number, carrier, payment_intent_id)
     values ($1, $2, $3, '山田 花子', 'hanako@example.com', '090-1234-5678', 'jp', '1110051', '台東区蔵前3-14-7',
       '{"name":"佐藤 一郎","phone":"03-1234-5678","country":"jp","zip":"1000001","prefecture":13,"address":"千代田区1-1","buildingName":""}',
       '2026-12-01', '14-16', 7000, 810, 8910, 10, 'ja', $4, $5, $6) returning id`,
    [publicId, status, method, extra.slip ?? null, extra.slip ? "yamato" : null, extra.intent ?? null],
  );
  const id = inserted.rows[0]!.id;
  await migrations.client.query(
    `insert into order_items (order_id, name_ja, name_en, unit_price, tax_rate_percent, amount, position)
     values ($1, '純米吟醸', 'Junmai Ginjo', 3000, 10, 2, 0), ($1, '梅酒', 'Umeshu', 1000, 10, 1, 1)`,
    [id],
  );
  await migrations.client.query(
    `insert into order_charges (order_id, kind, label_ja, label_en, amount, taxable, position) values ($1, 'shipping', '送料', 'Shipping', 1100, true, 0)`,
    [id],
  );
  let from: OrderStatus | null = null;
  for (const to of history) {
    await migrations.client.query(`insert into order_history (order_id, from_status, to_status, actor_kind) values ($1, $2, $3, 'system')`, [id, from, to]);
    from = to;
  }
}

describe("migration 0034 (payments and shipments)", () => {
  it("gives every order one payment and one shipment that derive its stored status", { timeout: testTime(60_000) }, async () => {
    const tags = await migrations.journal();
    const at = tags.findIndex((tag) => tag.endsWith("_payments_and_shipments"));
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await migrations.apply(tag);

    await order("CARDPENDING1", "pending", "credit", ["pending"]);
    await order("BANKWAITING1", "await_payment", "bank", ["await_payment"]);
    await order("CODWAITING01", "await_payment", "cod", ["await_payment"]);
    await order("CARDPAID0001", "deposited", "credit", ["pending", "deposited"], { intent: "pi_paid" });
    await order("BANKSENT0001", "sent", "bank", ["await_payment", "deposited", "sent"], { slip: "123456789012" });
    await order("CODSENT00001", "sent", "cod", ["await_payment", "sent"], { slip: "223456789012" });
    await order("CARDREFUNDED", "cancelled", "credit", ["pending", "deposited", "cancelled"], { intent: "pi_refunded" });
    await order("BANKCANCEL01", "cancelled", "bank", ["await_payment", "cancelled"]);

    await migrations.apply(tags[at]!);

    const rows = await migrations.client.query<{
      public_id: string;
      status: OrderStatus;
      payment: PaymentState;
      refunded: number;
      intent: string | null;
      shipment: ShipmentState;
      slip: string | null;
      fee: number;
      shipped: boolean;
      recipient: string | null;
      lines: string;
    }>(
      `select o.public_id, o.status, p.state as payment, p.refunded_amount as refunded, p.payment_intent_id as intent, s.state as shipment, s.slip_number as slip, s.fee,
         s.shipped_at is not null as shipped, s.recipient->>'name' as recipient,
         (select string_agg(i.name_en || '×' || l.quantity, ', ' order by i.position) from order_shipment_lines l join order_items i on i.id = l.order_item_id where l.shipment_id = s.id) as lines
       from orders o join order_payments p on p.order_id = o.id join order_shipments s on s.order_id = o.id order by o.id`,
    );
    expect(rows.rows.map((row) => [row.public_id, row.payment, row.shipment])).toEqual([
      ["CARDPENDING1", "pending", "waiting"],
      ["BANKWAITING1", "authorized", "waiting"],
      ["CODWAITING01", "authorized", "ready"],
      ["CARDPAID0001", "paid", "ready"],
      ["BANKSENT0001", "paid", "shipped"],
      ["CODSENT00001", "paid", "shipped"],
      ["CARDREFUNDED", "refunded", "waiting"],
      ["BANKCANCEL01", "cancelled", "waiting"],
    ]);
    for (const row of rows.rows) {
      expect(deriveOrderStatus([row.payment], [row.shipment]), row.public_id).toBe(row.status);
      expect(row.lines).toBe("Junmai Ginjo×2, Umeshu×1");
      expect(row.fee).toBe(1100);
      expect(row.recipient).toBe("佐藤 一郎");
      expect(row.shipped).toBe(row.status === "sent");
      expect(row.refunded).toBe(row.public_id === "CARDREFUNDED" ? 8910 : 0);
    }
    expect(rows.rows.find((row) => row.public_id === "BANKSENT0001")?.slip).toBe("123456789012");
    expect(rows.rows.find((row) => row.public_id === "CARDPAID0001")?.intent).toBe("pi_paid");
  });
});
