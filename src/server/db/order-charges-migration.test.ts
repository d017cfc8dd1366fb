import { describe, expect, it } from "vitest";
import { migrationSteps } from "../testing/migration-steps.ts";
import { testTime } from "../testing/test-time.ts";

// Orders placed before charges were lines keep their figures: the migration that makes the
// order_charges table copies each order's shipping and payment-method fee into rows, and the next
// drops the two columns. Run on the SQL files themselves, in the journal's order.

const migrations = migrationSteps();

describe("the order_charges migrations", () => {
  it("turn every order's shipping and fee into charge lines and drop the columns", { timeout: testTime(60_000) }, async () => {
    const tags = await migrations.journal();
    const charges = tags.findIndex((tag) => tag.endsWith("_order_charges"));
    const drop = tags.findIndex((tag) => tag.endsWith("_drop_order_fee_columns"));
    expect(charges).toBeGreaterThan(0);
    expect(drop).toBeGreaterThan(charges);
    for (const tag of tags.slice(0, charges)) await migrations.apply(tag);

    const order = (publicId: string, method: string, shipping: number, fee: number, tax: number, price: number) =>
      migrations.client.query(
        `insert into orders (public_id, status, payment_method, name, email, phone, country, zip, address, items_total, shipping_fee, payment_method_fee, tax_total, price, tax_rate_percent, locale)
         values ($1, 'await_payment', $2, '山田 花子', 'hanako@example.com', '090-1234-5678', 'jp', '1110051', '台東区蔵前3-14-7', 6000, $3, $4, $5, $6, 10, 'ja')`,
        [publicId, method, shipping, fee, tax, price],
      );
    await order("COD000000001", "cod", 1100, 440, 754, 8294);
    await order("BANK00000001", "bank", 1650, 0, 765, 8415);

    for (const tag of tags.slice(charges, drop + 1)) await migrations.apply(tag);

    const rows = await migrations.client.query<{
      public_id: string;
      kind: string;
      label_ja: string;
      label_en: string;
      amount: number;
      taxable: boolean;
      position: number;
    }>(
      `select o.public_id, c.kind, c.label_ja, c.label_en, c.amount, c.taxable, c.position
       from order_charges c join orders o on o.id = c.order_id order by o.public_id, c.position`,
    );
    expect(rows.rows).toEqual([
      { public_id: "BANK00000001", kind: "shipping", label_ja: "送料", label_en: "Shipping", amount: 1650, taxable: true, position: 0 },
      { public_id: "COD000000001", kind: "shipping", label_ja: "送料", label_en: "Shipping", amount: 1100, taxable: true, position: 0 },
      { public_id: "COD000000001", kind: "payment_fee", label_ja: "代引き手数料", label_en: "Cash on delivery fee", amount: 440, taxable: true, position: 1 },
    ]);
    const columns = await migrations.client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'orders'`);
    expect(columns.rows.map((row) => row.column_name)).not.toContain("shipping_fee");
    expect(columns.rows.map((row) => row.column_name)).not.toContain("payment_method_fee");
  });
});
