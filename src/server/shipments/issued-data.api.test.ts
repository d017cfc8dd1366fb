import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { b2IssuedDataFile } from "../testing/b2-cloud-files.ts";
import { openStaffShop, placeOneBottle, staffHeaders } from "../testing/staff-shop.ts";

// The carrier's issued-data upload (issue #35 item 1): B2 Cloud's file back with its slip numbers
// ships yesterday's parcels through the ship move, each customer mailed once; the same file again
// ships and mails nothing; rows for orders that cannot ship are refused with their reason.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

const place = (method: "bank" | "cod") => placeOneBottle({ shop, client, wine }, method);

function post(url: string, payload: object, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "POST", url, headers: staffHeaders(staff, { locale }), payload });
}

async function uploadAndConfirm(file: string) {
  const preview = await post("/admin/api/shipments/issued-data/preview", { file });
  expect(preview.statusCode).toBe(200);
  const rows = preview.json().data.rows as { order_id: string; slip_number: string; carrier: string; state: string }[];
  const shipments = rows.filter((row) => row.state === "ship").map(({ order_id, slip_number, carrier }) => ({ order_id, slip_number, carrier }));
  const confirm = shipments.length > 0 ? await post("/admin/api/shipments/issued-data", { shipments }) : undefined;
  return { preview: preview.json().data, confirm };
}

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop({ wine: { stock: 500 } }));
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/shipments/issued-data", () => {
  it("ships 20 orders with their slip numbers and mails each customer once; the same file again ships and mails nothing", async () => {
    const orders = [];
    for (let n = 0; n < 20; n += 1) orders.push(await place("cod"));
    const parcels = orders.map((order, n) => ({ reference: order.id, slip: `4123456789${String(n).padStart(2, "0")}` }));
    const file = b2IssuedDataFile(parcels);

    const first = await uploadAndConfirm(file);
    expect(first.preview).toMatchObject({ layout: "b2", carrier: "yamato", counts: { ship: 20, done: 0, refused: 0 } });
    expect(first.preview.rows[0]).toMatchObject({ line: 2, order_id: orders[0]!.id, slip_number: "412345678900", carrier_label: "ヤマト運輸", state: "ship" });
    expect(first.confirm!.statusCode).toBe(200);
    expect(first.confirm!.json().data.counts).toEqual({ shipped: 20, done: 0, refused: 0 });

    for (const [n, order] of orders.entries()) {
      const stored = (await client.order(order.id))!;
      expect(stored).toMatchObject({ status: "sent", slipNumber: parcels[n]!.slip, carrier: "yamato" });
      const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("発送しました"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`送り状番号: ${parcels[n]!.slip}`);
      expect(mails[0]!.text).toContain(`crjz.b.NQ0010?id=${parcels[n]!.slip}`);
    }

    const again = await uploadAndConfirm(file);
    expect(again.preview.counts).toEqual({ ship: 0, done: 20, refused: 0 });
    expect(again.confirm).toBeUndefined();
    // Posting the shipments again (a page sent twice) moves nothing either.
    const resent = await post("/admin/api/shipments/issued-data", {
      shipments: parcels.map((parcel) => ({ order_id: parcel.reference, slip_number: parcel.slip, carrier: "yamato" })),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.counts).toEqual({ shipped: 0, done: 20, refused: 0 });
    for (const order of orders) {
      expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("発送しました"))).toHaveLength(1);
    }
  });

  it("refuses rows for a cancelled order, an unpaid bank transfer, another slip and an unknown number, with their reasons, in the page's language", async () => {
    const cancelled = await place("cod");
    expect((await post(`/admin/api/orders/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    const unpaid = await place("bank");
    const shipped = await place("cod");
    expect((await post(`/admin/api/orders/${shipped.id}/ship`, { slip_number: "412300000001" })).statusCode).toBe(200);
    const ready = await place("cod");
    const file = b2IssuedDataFile([
      { reference: cancelled.id, slip: "412300000010" },
      { reference: unpaid.id, slip: "412300000011" },
      { reference: shipped.id, slip: "412300000012" },
      { reference: "0000000000AA", slip: "412300000013" },
      { reference: ready.id, slip: "" },
    ]);
    const preview = await post("/admin/api/shipments/issued-data/preview", { file });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.rows.map((row: { state: string; reason: string; message: string }) => [row.state, row.reason, row.message])).toEqual([
      ["refused", "cancelled", "キャンセルされた注文です。"],
      ["refused", "unpaid", "入金待ちの注文です(入金の確認が先です)。"],
      ["refused", "shipped_other_slip", "別の伝票番号で発送済みです。"],
      ["refused", "unknown_order", "この番号の注文はありません。"],
      ["refused", "no_slip", "伝票番号がありません(未発行の行です)。"],
    ]);
    const english = await post("/admin/api/shipments/issued-data/preview", { file }, "en");
    expect(english.json().data.rows[0]).toMatchObject({ reason: "cancelled", message: "The order is cancelled." });

    // Posted anyway (a stale page), the cancelled order is refused again and stays cancelled.
    const forced = await post("/admin/api/shipments/issued-data", {
      shipments: [{ order_id: cancelled.id, slip_number: "412300000010", carrier: "yamato", line: 2 }],
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data.counts).toEqual({ shipped: 0, done: 0, refused: 1 });
    // Numbered as the file's line the preview named, not as its place in the list posted.
    expect(forced.json().data.rows[0]).toMatchObject({ reason: "cancelled", line: 2 });
    const badLine = await post("/admin/api/shipments/issued-data", {
      shipments: [{ order_id: cancelled.id, slip_number: "412300000010", carrier: "yamato", line: "two" }],
    });
    expect(badLine.statusCode).toBe(422);
    expect((await client.order(cancelled.id))!.status).toBe("cancelled");
    expect((await client.order(unpaid.id))!.status).toBe("await_payment");
    expect((await client.order(shipped.id))!.slipNumber).toBe("412300000001");
  });

  it("answers 422 with a clear message for a missing file or one that is not issued data, and needs a staff session", async () => {
    const none = await post("/admin/api/shipments/issued-data/preview", {});
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: ["発行済みデータのファイルを選んでください。"] });
    const other = await post("/admin/api/shipments/issued-data/preview", { file: Buffer.from("name,price\r\nwine,3000\r\n").toString("base64") }, "en");
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toContain("not issued data");
    const badShipments = await post("/admin/api/shipments/issued-data", { shipments: "all" });
    expect(badShipments.statusCode).toBe(422);
    const guest = shop.browserSession();
    const stranger = await shop.app.inject({
      method: "POST",
      url: "/admin/api/shipments/issued-data/preview",
      headers: guest.headers,
      payload: { file: "eA==" },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
