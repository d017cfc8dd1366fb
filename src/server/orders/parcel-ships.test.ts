import { asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moveStock } from "../catalog/stock-ledger.service.ts";
import { productsTable, stockMovesTable } from "../db/schema/catalog.ts";
import { orderHistoryTable } from "../db/schema/orders.ts";
import { transactionRecordsTable } from "../db/schema/records.ts";
import { staffAuditLogTable } from "../db/schema/security.ts";
import { trackingUrl } from "../../domain/carriers.ts";
import { japanDateString } from "../../domain/sales-window.ts";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { b2IssuedDataFile } from "../testing/b2-cloud-files.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Each parcel ships on its own (issue #33, decision 091): the in-stock parcel of a mixed pre-order
// leaves before the release, a gift order's destinations leave one by one, each with its slip and
// its own mail; the order is sent when its last parcel leaves; the B2 file's `<order>-<n>` rows
// ship parcel n.

const env = checkoutTestShop();
const DAY = 86_400_000;
let staff: StaffSession;
let wine: number;

const relatives = [
  { name: "比嘉 ツル", phone: "098-867-1234", zip: "900-0021", address: "那覇市泉崎1-2-3", building_name: "" },
  { name: "佐藤 一郎", phone: "011-222-3333", zip: "060-0001", address: "札幌市中央区北一条西2-1", building_name: "" },
];

beforeAll(async () => {
  staff = await staffSession(env.shop);
  wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 200 });
});

function staffPost(url: string, payload?: object, headers: Record<string, string> = staff.headers) {
  return env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${url}`, headers, ...(payload ? { payload } : {}) });
}

function shipParcel(orderId: string, n: number, slip: string, headers?: Record<string, string>) {
  return staffPost(`${orderId}/shipments/${n}/ship`, { slip_number: slip, carrier: "yamato" }, headers);
}

async function shippingMails(email: string) {
  return (await env.shop.mailsTo(email)).filter((mail) => mail.subject.includes("発送"));
}

async function ledgerOf(orderDbId: number) {
  const moves = await env.shop.database.db.select().from(stockMovesTable).where(eq(stockMovesTable.orderId, orderDbId)).orderBy(asc(stockMovesTable.id));
  return moves.map((move) => [move.productId, move.kind, move.quantity]);
}

/** A Beaujolais Nouveau on pre-order, released in 30 days, with no bottle in stock yet. */
async function nouveau() {
  const id = await env.make.product({ name: { ja: "ボジョレー・ヌーヴォー", en: "Beaujolais Nouveau" }, price: 3000, stock: 0 });
  const releaseDate = japanDateString(new Date(Date.now() + 30 * DAY));
  await env.shop.database.db.update(productsTable).set({ releaseDate, preorderAllocation: 24 }).where(eq(productsTable.id, id));
  await env.shop.app.services.catalog.changed();
  return id;
}

/** A bank order to the buyer and two relatives, paid (the transfer confirmed by staff). */
async function threeDestinations(session = env.shop.browserSession()) {
  const payload = orderPayload([{ id: wine, amount: 4 }], {
    payment_method: "bank",
    shipments: [{ items: [{ id: wine, amount: 2 }] }, ...relatives.map((recipient) => ({ recipient, items: [{ id: wine, amount: 1 }] }))],
  } as never);
  const response = await env.client.post(session, payload);
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().order_id as string;
  expect((await staffPost(`${id}/deposit`)).statusCode).toBe(200);
  return { id, email: payload.email };
}

describe("a pre-order with a bottle in stock", () => {
  it("ships the in-stock parcel alone; the pre-order parcel is refused until its bottles arrive, and the order is sent with it", async () => {
    const preorder = await nouveau();
    const inStock = await env.make.product({ name: { ja: "蔵の白", en: "Kura white" }, price: 2500, stock: 5 });
    const session = env.shop.browserSession();
    const paymentMethodId = await env.client.paymentMethod(session, CARDS.visa);
    const payload = orderPayload(
      [
        { id: inStock, amount: 1 },
        { id: preorder, amount: 2 },
      ],
      { payment_method: "credit", payment: { payment_method_id: paymentMethodId } },
    );
    const placed = await env.client.post(session, payload);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await env.client.order(placed.json().order_id))!;
    expect(order.status).toBe("deposited");
    expect(await ledgerOf(order.id)).toEqual([[inStock, "sale", -1]]);

    // The in-stock parcel (1) leaves now: the order stays paid, only this parcel is shipped.
    const first = await shipParcel(order.publicId, 1, "4123-4567-8901");
    expect(first.statusCode, first.body).toBe(200);
    const detail = first.json().data;
    expect(detail.status).toBe("deposited");
    expect(detail.shipments.map((shipment: { state: string; slip_number: string | null }) => [shipment.state, shipment.slip_number])).toEqual([
      ["shipped", "4123-4567-8901"],
      ["ready", null],
    ]);
    // Stock and ledger: nothing moves for the pre-ordered bottles (the in-stock bottle was booked at order).
    expect(await env.client.stockOf(inStock)).toBe(4);
    expect(await env.client.stockOf(preorder)).toBe(0);
    expect(await ledgerOf(order.id)).toEqual([[inStock, "sale", -1]]);
    // One mail, for this parcel: its slip, its tracking link, its bottle, and that the rest follows.
    const mails = await shippingMails(payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ご注文の商品の一部を発送しました");
    expect(mails[0]!.text).toContain("4123-4567-8901");
    expect(mails[0]!.text).toContain("1便目(全2便)");
    expect(mails[0]!.text).toContain("蔵の白 × 1");
    expect(mails[0]!.text).not.toContain("ボジョレー");
    expect(mails[0]!.text).toContain("残りの商品は、準備が整い次第");
    expect(mails[0]!.html).toContain(trackingUrl("yamato", "4123-4567-8901", "ja")!);

    // A parcel has left: cancelling the order is refused, and the card is not refunded.
    expect((await staffPost(`${order.publicId}/cancel`)).statusCode).toBe(409);
    expect(await env.gateway.retrievePaymentIntent(order.paymentIntentId!)).toMatchObject({ amountRefunded: 0 });

    // The same parcel again: already gone, 409; the pre-order parcel before its bottles arrived: 409 saying so.
    expect((await shipParcel(order.publicId, 1, "4123-4567-8901")).statusCode).toBe(409);
    const early = await shipParcel(order.publicId, 2, "4123-4567-8902");
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0]).toContain("予約商品の在庫が足りないため発送できません");
    expect((await env.client.order(order.publicId))!.status).toBe("deposited");
    expect(await ledgerOf(order.id)).toEqual([[inStock, "sale", -1]]);

    // The bottles arrive; the pre-order parcel ships and the order is sent, its sale booked now.
    await env.shop.database.db.transaction((tx) => moveStock(tx, { productId: preorder, kind: "receiving", quantity: 6, actor: "staff", actorId: "1" }));
    const second = await shipParcel(order.publicId, 2, "4123-4567-8902");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.status).toBe("sent");
    // The order's own slip is its first parcel's.
    expect(second.json().data.slip_number).toBe("4123-4567-8901");
    expect(await env.client.stockOf(preorder)).toBe(4);
    expect(await ledgerOf(order.id)).toEqual([
      [inStock, "sale", -1],
      [preorder, "sale", -2],
    ]);
    const after = await shippingMails(payload.email);
    expect(after).toHaveLength(2);
    const last = after.find((mail) => mail.text.includes("4123-4567-8902"))!;
    expect(last.subject).toContain("ご注文の商品を発送しました");
    expect(last.text).toContain("ボジョレー・ヌーヴォー × 2");
    expect(last.text).toContain("これでご注文の商品はすべて発送いたしました");
    // The history: one row per parcel, the first keeping the order where it was.
    const history = await env.shop.database.db
      .select()
      .from(orderHistoryTable)
      .where(eq(orderHistoryTable.orderId, order.id))
      .orderBy(asc(orderHistoryTable.id));
    expect(history.slice(-2).map((row) => [row.fromStatus, row.toStatus, row.note])).toEqual([
      ["deposited", "deposited", "1個口目を発送: 送り状番号 4123-4567-8901 (yamato)"],
      ["deposited", "sent", "2個口目を発送: 送り状番号 4123-4567-8902 (yamato)"],
    ]);
    // Nothing is left to ship.
    expect((await staffPost(`${order.publicId}/ship`, { slip_number: "4123-4567-8903" })).statusCode).toBe(409);
  });
});

describe("an order to three destinations", () => {
  it("ships parcel by parcel, booked once when resent, and is sent at the last; My Page shows each parcel", async () => {
    const member = await env.shop.memberSession();
    const { id, email } = await threeDestinations(member);
    const slips = ["5123-0000-0001", "5123-0000-0002", "5123-0000-0003"];
    const statuses: string[] = [];
    for (const [index, n] of [3, 1, 2].entries()) {
      const headers = staff.headers;
      const shipped = await shipParcel(id, n, slips[n - 1]!, headers);
      expect(shipped.statusCode, shipped.body).toBe(200);
      statuses.push(shipped.json().data.status);
      if (index === 0) {
        // The same request resent (its Idempotency-Key): the first answer, nothing booked again.
        const resent = await shipParcel(id, n, slips[n - 1]!, headers);
        expect(resent.statusCode).toBe(200);
        expect(resent.json().data.shipments.filter((shipment: { state: string }) => shipment.state === "shipped")).toHaveLength(1);
        expect(await shippingMails(email)).toHaveLength(1);
        // My Page: each parcel's state and slip, the order still paid.
        const mine = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
        const card = mine.json().data.find((each: { id: string }) => each.id === id);
        expect(card.attributes.status).toBe("deposited");
        expect(card.attributes.shipments.map((shipment: { state: string; slip_number: string | null }) => [shipment.state, shipment.slip_number])).toEqual([
          ["ready", null],
          ["ready", null],
          ["shipped", slips[2]],
        ]);
        expect(card.attributes.shipments[2].tracking_url).toContain("5123000000");
        expect(card.attributes.shipments.map((shipment: { state_label: string }) => shipment.state_label)).toEqual(["発送準備中", "発送準備中", "発送済み"]);
      }
    }
    expect(statuses).toEqual(["deposited", "deposited", "sent"]);
    const mails = await shippingMails(email);
    expect(mails).toHaveLength(3);
    for (const slip of slips) expect(mails.filter((mail) => mail.text.includes(slip))).toHaveLength(1);
    // A parcel the order does not have: 404.
    expect((await shipParcel(id, 4, "5123-0000-0004")).statusCode).toBe(404);
  });

  it("ships every parcel not yet gone with the whole-order move, the first one keeping its slip", async () => {
    const { id, email } = await threeDestinations();
    expect((await shipParcel(id, 2, "6123-0000-0002")).statusCode).toBe(200);
    // A parcel has left: the order cannot be called off as a whole, nor a line lowered, and nothing moves.
    expect((await staffPost(`${id}/cancel`)).statusCode).toBe(409);
    const detail = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers })).json().data;
    expect((await staffPost(`${id}/lines`, { line: detail.items[0].line_id, quantity: 3 })).statusCode).toBe(409);
    expect((await env.client.order(id))!.status).toBe("deposited");
    const rest = await staffPost(`${id}/ship`, { slip_number: "6123-0000-0009", carrier: "yamato" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.status).toBe("sent");
    expect(rest.json().data.shipments.map((shipment: { slip_number: string }) => shipment.slip_number)).toEqual([
      "6123-0000-0009",
      "6123-0000-0002",
      "6123-0000-0009",
    ]);
    // A mail per parcel that left, each with its own slip.
    const mails = await shippingMails(email);
    expect(mails).toHaveLength(3);
    expect(mails.filter((mail) => mail.text.includes("6123-0000-0002"))).toHaveLength(1);
  });
});

describe("the B2 issued-data file with <order>-<n> rows", () => {
  async function upload(file: string) {
    const preview = await env.shop.app.inject({ method: "POST", url: "/admin/api/shipments/issued-data/preview", headers: staff.headers, payload: { file } });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as {
      order_id: string;
      slip_number: string;
      carrier: string;
      state: string;
      parcel: number | null;
      reason: string | null;
      line: number;
    }[];
    const shipments = rows
      .filter((row) => row.state === "ship")
      .map(({ order_id, slip_number, carrier, parcel, line }) => ({ order_id, slip_number, carrier, line, ...(parcel ? { parcel } : {}) }));
    const confirm =
      shipments.length > 0
        ? await env.shop.app.inject({ method: "POST", url: "/admin/api/shipments/issued-data", headers: staff.headers, payload: { shipments } })
        : undefined;
    return { rows, confirm };
  }

  it("sets the slip of parcel n and ships it; the order is sent when its last parcel's row comes", async () => {
    const { id, email } = await threeDestinations();
    const first = await upload(
      b2IssuedDataFile([
        { reference: `${id}-1`, slip: "712345678901" },
        { reference: `${id}-2`, slip: "712345678902" },
        { reference: `${id}-7`, slip: "712345678907" },
      ]),
    );
    expect(first.rows.map((row) => [row.parcel, row.state, row.reason])).toEqual([
      [1, "ship", null],
      [2, "ship", null],
      [7, "refused", "unknown_parcel"],
    ]);
    expect(first.confirm!.statusCode, first.confirm!.body).toBe(200);
    expect(first.confirm!.json().data.counts).toEqual({ shipped: 2, done: 0, refused: 0 });
    const detail = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers })).json().data;
    expect(detail.status).toBe("deposited");
    expect(detail.shipments.map((shipment: { state: string; slip_number: string | null }) => [shipment.state, shipment.slip_number])).toEqual([
      ["shipped", "712345678901"],
      ["shipped", "712345678902"],
      ["ready", null],
    ]);

    // The same rows again are done; the third parcel's row ships it and the order is sent.
    const second = await upload(
      b2IssuedDataFile([
        { reference: `${id}-2`, slip: "712345678902" },
        { reference: `${id}-3`, slip: "712345678903" },
      ]),
    );
    expect(second.rows.map((row) => row.state)).toEqual(["done", "ship"]);
    expect(second.confirm!.json().data.counts).toMatchObject({ shipped: 1 });
    expect((await env.client.order(id))!.status).toBe("sent");
    expect(await shippingMails(email)).toHaveLength(3);
  });
});

describe("a parcel's slip corrected (decision 097)", () => {
  function correctSlip(orderId: string, n: number, payload: object, locale: "ja" | "en" = "ja") {
    const headers = locale === "en" ? { ...staff.headers, cookie: `${staff.cookie}; locale=en` } : staff.headers;
    return env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${orderId}/shipments/${n}/slip`, headers, payload });
  }

  async function statusMailRecords(orderId: string) {
    const rows = await env.shop.database.db.select().from(transactionRecordsTable).where(eq(transactionRecordsTable.orderRef, orderId));
    return rows.filter((row) => row.kind === "status_mail").length;
  }

  it("corrects parcel 2 alone: its slip in the answer, the history, the mail, My Page's tracking link and the B2 file's check", async () => {
    const member = await env.shop.memberSession();
    const { id, email } = await threeDestinations(member);
    expect((await shipParcel(id, 2, "7123-0000-0002")).statusCode).toBe(200);
    const recordsBefore = await statusMailRecords(id);

    const corrected = await correctSlip(id, 2, { slip_number: "7123-0000-0022", carrier: "sagawa", notify: true });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const detail = corrected.json().data;
    // The order keeps its status; only parcel 2 changes, and the order's own slip (its first parcel's) stays empty.
    expect(detail.status).toBe("deposited");
    expect(detail.slip_number).toBeNull();
    expect(
      detail.shipments.map((shipment: { state: string; slip_number: string | null; carrier: string | null }) => [shipment.state, shipment.slip_number]),
    ).toEqual([
      ["ready", null],
      ["shipped", "7123-0000-0022"],
      ["ready", null],
    ]);
    expect(detail.shipments[1].carrier).toBe("sagawa");
    // The history row names the parcel, the old and new slip and the carrier's change.
    const order = (await env.client.order(id))!;
    const [last] = await env.shop.database.db
      .select()
      .from(orderHistoryTable)
      .where(eq(orderHistoryTable.orderId, order.id))
      .orderBy(desc(orderHistoryTable.id))
      .limit(1);
    expect([last!.fromStatus, last!.toStatus, last!.actorKind, last!.note]).toEqual([
      "deposited",
      "deposited",
      "staff",
      "2個口目の送り状番号を訂正: 7123-0000-0002 → 7123-0000-0022 (yamato → sagawa)",
    ]);
    // The audit log names the move and the order.
    const [audit] = await env.shop.database.db
      .select()
      .from(staffAuditLogTable)
      .where(eq(staffAuditLogTable.action, "order.parcel_slip_correct"))
      .orderBy(desc(staffAuditLogTable.id))
      .limit(1);
    expect(audit).toMatchObject({ targetKind: "order", targetId: id, outcome: "success", status: 200 });

    // The shopper is mailed the corrected slip of that parcel, filed among the transaction records.
    const mail = (await env.shop.mailsTo(email)).find((each) => each.subject.includes("送り状番号訂正"))!;
    expect(mail.text).toContain("7123-0000-0022");
    expect(mail.text).toContain("2便目(全3便)");
    expect(mail.text).toContain(relatives[0]!.name);
    expect(mail.text).not.toContain("残りの商品は");
    expect(mail.html).toContain(trackingUrl("sagawa", "7123-0000-0022", "ja")!);
    expect(await statusMailRecords(id)).toBe(recordsBefore + 1);

    // My Page: the parcel's slip and its tracking link are the corrected ones.
    const mine = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
    const card = mine.json().data.find((each: { id: string }) => each.id === id);
    expect(card.attributes.shipments[1].slip_number).toBe("7123-0000-0022");
    expect(card.attributes.shipments[1].tracking_url).toBe(trackingUrl("sagawa", "7123-0000-0022", "ja"));

    // The B2 issued-data check reads the corrected slip: the corrected one is done, the old one is another slip.
    for (const [slip, state] of [
      ["7123-0000-0022", ["done", null]],
      ["7123-0000-0002", ["refused", "shipped_other_slip"]],
    ] as const) {
      const preview = await env.shop.app.inject({
        method: "POST",
        url: "/admin/api/shipments/issued-data/preview",
        headers: staff.headers,
        payload: { file: b2IssuedDataFile([{ reference: `${id}-2`, slip }]) },
      });
      expect(preview.json().data.rows.map((row: { state: string; reason: string | null }) => [row.state, row.reason])).toEqual([state]);
    }
  });

  it("keeps the order's slip columns on its first parcel, and asks no mail unless told", async () => {
    const { id, email } = await threeDestinations();
    expect((await shipParcel(id, 1, "8123-0000-0001")).statusCode).toBe(200);
    const mailsBefore = (await env.shop.mailsTo(email)).length;
    const corrected = await correctSlip(id, 1, { slip_number: "8123-0000-0011" });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toMatchObject({ status: "deposited", slip_number: "8123-0000-0011", carrier: "yamato" });
    expect((await env.client.order(id))!.slipNumber).toBe("8123-0000-0011");
    expect((await env.shop.mailsTo(email)).length).toBe(mailsBefore);
  });

  it("refuses a parcel the order lacks (404), a parcel not shipped (409) and a bad slip (422), in ja and en, changing nothing", async () => {
    const { id } = await threeDestinations();
    expect((await shipParcel(id, 2, "9123-0000-0002")).statusCode).toBe(200);
    expect((await correctSlip(id, 4, { slip_number: "9123-0000-0004" })).statusCode).toBe(404);
    expect((await correctSlip("no-such-order", 1, { slip_number: "9123-0000-0004" })).statusCode).toBe(404);

    const notShipped = await correctSlip(id, 1, { slip_number: "9123-0000-0001" });
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().errors[0]).toBe(
      "この配送便はまだ発送されていないため、送り状番号を訂正できません。発送済みにするときに送り状番号を入力してください。",
    );
    const notShippedEn = await correctSlip(id, 1, { slip_number: "9123-0000-0001" }, "en");
    expect(notShippedEn.statusCode).toBe(409);
    expect(notShippedEn.json().errors[0]).toBe(
      "This parcel has not shipped yet, so its slip number cannot be corrected. Enter the slip number when you mark it as shipped.",
    );

    const bad = await correctSlip(id, 2, { slip_number: "12/34" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContain("送り状番号は不正な値です");
    const badEn = await correctSlip(id, 2, { slip_number: "" }, "en");
    expect(badEn.statusCode).toBe(422);
    expect(badEn.json().errors.join(" ")).toContain("Slip number can't be blank");

    const detail = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers })).json().data;
    expect(detail.shipments.map((shipment: { slip_number: string | null }) => shipment.slip_number)).toEqual([null, "9123-0000-0002", null]);
  });

  it("has no cancelled order to correct: an order with a parcel gone is refused cancellation (409), its parcel still corrected", async () => {
    const { id } = await threeDestinations();
    expect((await shipParcel(id, 2, "9223-0000-0002")).statusCode).toBe(200);
    const cancel = await staffPost(`${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().errors[0]).toBe("この注文は現在のステータスからその操作を行えません。");
    expect((await correctSlip(id, 2, { slip_number: "9223-0000-0022" })).statusCode).toBe(200);
    const detail = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers })).json().data;
    expect([detail.status, detail.shipments[1].slip_number]).toEqual(["deposited", "9223-0000-0022"]);
  });
});
