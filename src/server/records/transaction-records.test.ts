import { sql, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { ordersTable } from "../db/schema/orders.ts";
import { transactionRecordsTable } from "../db/schema/records.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { BOOK_REFUSED, databaseAnswer } from "../testing/database-refusal.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { japanDay, recordTransaction, sha256Hex } from "./transaction-records.ts";

// Electronic transaction records kept as 電子帳簿保存法 §7 asks (issue 29 item 3, decision 062):
// exactly as issued, append-only in the database, found by date, amount and counterparty.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let staff: StaffSession;
let member: MemberSession;
let wine: number;

beforeAll(async () => {
  staff = await staffSession(shop);
  member = await shop.memberSession();
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100 });
});

interface Found {
  id: number;
  kind: string;
  transaction_date: string;
  amount: number;
  counterparty: string;
  order_ref: string | null;
  sha256: string;
  size: number;
}

async function search(query: string, headers = staff.headers): Promise<Found[]> {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/transaction-records?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Found[];
}

async function fileOf(id: number) {
  return shop.app.inject({ method: "GET", url: `/admin/api/transaction-records/${id}/file`, headers: staff.headers });
}

describe("a receipt kept as issued", () => {
  it("stays byte for byte what the buyer downloaded after its order changed, and is still found by date, amount and counterparty", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "保存 太郎", userId: member.user.id });
    const issued = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.publicId}/receipt`,
      headers: member.headers,
      payload: { addressee: "株式会社保存商事", proviso: "" },
    });
    expect(issued.statusCode).toBe(200);
    const pdf = issued.rawPayload;

    // The order changes afterwards: another address and name, then it is cancelled by staff.
    await shop.database.db
      .update(ordersTable)
      .set({ name: "変更 次郎", address: "千代田区丸の内1-1", updatedAt: new Date() })
      .where(eq(ordersTable.id, order.id));
    const cancelled = await shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.publicId}/cancel`, headers: staff.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const day = japanDay(order.createdAt);
    // Every condition at once: the date range, the amount range and a part of the counterparty.
    const found = await search(`from=${day}&to=${day}&min_amount=7810&max_amount=7,810&counterparty=${encodeURIComponent("保存商事")}`);
    const receipt = found.find((each) => each.kind === "receipt" && each.order_ref === order.publicId);
    expect(receipt).toMatchObject({
      transaction_date: day,
      amount: 7810,
      counterparty: "株式会社保存商事 (保存 太郎)",
      sha256: sha256Hex(pdf),
      size: pdf.length,
    });
    // Each condition alone finds it too; the buyer's name as it was, not as it is now.
    expect((await search(`counterparty=${encodeURIComponent("保存 太郎")}`)).map((each) => each.id)).toContain(receipt!.id);
    expect((await search(`counterparty=${encodeURIComponent("保存太郎")}`)).map((each) => each.id)).toContain(receipt!.id);
    expect((await search(`from=${day}`)).map((each) => each.id)).toContain(receipt!.id);
    expect((await search(`max_amount=7810&min_amount=7810`)).map((each) => each.id)).toContain(receipt!.id);
    // Under the name it has now only the cancellation mail, written to that name.
    expect((await search(`counterparty=${encodeURIComponent("変更 次郎")}`)).map((each) => each.kind)).toEqual(["status_mail"]);

    const stored = await fileOf(receipt!.id);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(stored.rawPayload, pdf)).toBe(0);
    expect(stored.headers["x-content-sha256"]).toBe(sha256Hex(pdf));
    // The cancellation mail is kept too; the receipt did not go with the order's move.
    expect((await shop.app.services.records.ofOrder(order.publicId)).map((each) => each.kind)).toEqual(["receipt", "status_mail"]);
  });

  it("keeps each reissue as a record of its own, and the order's removal leaves them", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "再発 花子" });
    const post = () =>
      shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.publicId}/receipt`, headers: staff.headers, payload: { addressee: "", proviso: "" } });
    const first = await post();
    const second = await post();
    const kept = await shop.app.services.records.ofOrder(order.publicId);
    expect(kept.map((each) => [each.kind, each.fileName])).toEqual([
      ["receipt", `receipt-${order.publicId}.pdf`],
      ["receipt", `receipt-${order.publicId}-2.pdf`],
    ]);
    expect(kept.map((each) => each.sha256)).toEqual([sha256Hex(first.rawPayload), sha256Hex(second.rawPayload)]);

    await shop.database.db.execute(sql`delete from receipt_issues where order_id = ${order.id}`);
    await shop.database.db.delete(ordersTable).where(eq(ordersTable.id, order.id));
    expect(await shop.app.services.records.ofOrder(order.publicId)).toHaveLength(2);
  });

  it("keeps a delivery note once per distinct file: printed again unchanged it is the same note", async () => {
    const order = await insertOrder(shop, { productId: wine, status: "deposited", method: "bank", name: "納品 三郎" });
    const note = () => shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}/delivery-note`, headers: staff.headers });
    const first = await note();
    const again = await note();
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0);
    await shop.database.db.update(ordersTable).set({ name: "納品 四郎" }).where(eq(ordersTable.id, order.id));
    const changed = await note();
    const kept = await shop.app.services.records.ofOrder(order.publicId);
    expect(kept.map((each) => [each.kind, each.counterparty, each.sha256])).toEqual([
      ["delivery_note", "納品 三郎", sha256Hex(first.rawPayload)],
      ["delivery_note", "納品 四郎", sha256Hex(changed.rawPayload)],
    ]);
  });
});

describe("the table refuses changes", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, whoever asks, and a hash that is not the content's", async () => {
    const db = shop.database.db;
    await recordTransaction(db, {
      kind: "payment_event",
      sourceKey: `test:${crypto.randomUUID()}`,
      amount: 100,
      counterparty: "改竄 試",
      contentType: "text/plain",
      fileName: "x.txt",
      content: Buffer.from("original"),
    });
    const [row] = await db.select({ id: transactionRecordsTable.id }).from(transactionRecordsTable).where(eq(transactionRecordsTable.counterparty, "改竄 試"));
    const refused = async (statement: ReturnType<typeof sql>) => {
      expect(await databaseAnswer(db, statement)).toEqual({ code: BOOK_REFUSED, message: expect.stringContaining("append-only") });
    };
    await refused(sql`update transaction_records set amount = 1 where id = ${row!.id}`);
    await refused(sql`update transaction_records set content = 'forged'::bytea, sha256 = encode(sha256('forged'::bytea), 'hex') where id = ${row!.id}`);
    await refused(sql`delete from transaction_records where id = ${row!.id}`);
    await refused(sql`delete from transaction_records`);
    await refused(sql`truncate transaction_records`);
    const forged = await db
      .execute(
        sql`insert into transaction_records (kind, source_key, transaction_date, amount, counterparty, content_type, file_name, content, sha256) values ('receipt', 'forged', '2026-01-01', 1, 'x', 'text/plain', 'x', 'a'::bytea, ${sha256Hex(Buffer.from("b"))})`,
      )
      .then(
        () => "inserted",
        (failure: unknown) => String((failure as { cause?: unknown }).cause ?? failure),
      );
    expect(forged).toMatch(/transaction_records_sha256_of_content/);
    const [after] = await db.select().from(transactionRecordsTable).where(eq(transactionRecordsTable.id, row!.id));
    expect(after!.amount).toBe(100);
    expect(after!.content.toString()).toBe("original");
  });

  it("records one issue once: the same key again adds nothing", async () => {
    const key = `test:${crypto.randomUUID()}`;
    const input = {
      kind: "payment_event" as const,
      sourceKey: key,
      amount: 5,
      counterparty: "一度 限",
      contentType: "text/plain",
      fileName: "y.txt",
      content: Buffer.from("once"),
    };
    expect(await recordTransaction(shop.database.db, input)).toBe(true);
    expect(await recordTransaction(shop.database.db, { ...input, content: Buffer.from("twice") })).toBe(false);
    expect(await search(`counterparty=${encodeURIComponent("一度 限")}`)).toHaveLength(1);
  });
});

describe("mails that state amounts", () => {
  it("keeps the order mail, the payment confirmed by staff and the status mails as they were queued", async () => {
    const client = new CheckoutClient(shop);
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank", name: "メール 五郎" });
    const placed = await client.post(shop.browserSession(), payload);
    expect(placed.statusCode, placed.body).toBe(200);
    const publicId = placed.json().order_id as string;
    expect((await shop.app.inject({ method: "POST", url: `/admin/api/orders/${publicId}/deposit`, headers: staff.headers })).statusCode).toBe(200);
    expect(
      (await shop.app.inject({ method: "POST", url: `/admin/api/orders/${publicId}/ship`, headers: staff.headers, payload: { slip_number: "1234-5678-9012" } }))
        .statusCode,
    ).toBe(200);
    const order = await shop.app.services.orders.byPublicId(publicId);

    const kept = await shop.app.services.records.ofOrder(publicId);
    expect(kept.map((each) => each.kind)).toEqual(["order_mail", "status_mail", "transfer_confirmation", "status_mail"]);
    for (const each of kept) expect(each).toMatchObject({ amount: order!.price, counterparty: "メール 五郎", orderRef: publicId });
    // A mail is filed under the order's day; the staff's confirmation under the day it was entered (here the same).
    expect(kept.map((each) => each.transactionDate)).toEqual(kept.map(() => japanDay(order!.createdAt)));

    const mails = await shop.mailsTo(payload.email);
    expect(mails).toHaveLength(3);
    const orderMail = (await fileOf(kept[0]!.id)).rawPayload.toString("utf8");
    expect(orderMail).toMatch(/^Message-ID: <kura-mail-\d+@/m);
    expect(orderMail).toMatch(/^Date: /m);
    expect(orderMail).toContain(`To: ${payload.email}`);
    expect(orderMail).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(orderMail).toMatch(/Content-Type: text\/html; charset=utf-8/);
    // The subject as sent, MIME-encoded as mail clients read it.
    expect(orderMail).toMatch(/^Subject: =\?UTF-8\?/m);
    const confirmation = JSON.parse((await fileOf(kept[2]!.id)).rawPayload.toString("utf8")) as Record<string, unknown>;
    expect(confirmation).toMatchObject({ order: publicId, amount_jpy: order!.price, confirmed_by_staff_id: String(staff.staff.id) });

    // Found among the mails by kind and amount.
    const byKind = await search(`kind=order_mail&min_amount=${order!.price}&max_amount=${order!.price}&counterparty=${encodeURIComponent("メール")}`);
    expect(byKind.map((each) => each.id)).toEqual([kept[0]!.id]);
  });

  it("keeps the gateway's payment record of a card order, without its client secret", async () => {
    const client = new CheckoutClient(shop);
    const session = shop.browserSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], {
      payment_method: "credit",
      name: "カード 六郎",
      payment: { payment_method_id: await client.paymentMethod(session, "4242424242424242") },
    });
    const placed = await client.post(session, payload);
    expect(placed.statusCode, placed.body).toBe(200);
    const publicId = placed.json().order_id as string;
    const kept = await shop.app.services.records.ofOrder(publicId);
    const payment = kept.find((each) => each.kind === "payment_record");
    expect(payment).toBeDefined();
    const content = (await fileOf(payment!.id)).rawPayload.toString("utf8");
    expect(content).not.toMatch(/secret/i);
    expect(JSON.parse(content)).toMatchObject({ order: publicId, payment_intent: { status: "succeeded", amount: payment!.amount } });
    expect(kept.map((each) => each.kind)).toContain("order_mail");
  });
});

describe("the back office's search and export", () => {
  const seeded: { date: string; amount: number; name: string }[] = [
    { date: "2025-04-01", amount: 1000, name: "検索 一" },
    { date: "2025-04-15", amount: 5000, name: "検索 二" },
    { date: "2025-05-01", amount: 5000, name: "検索 一" },
    { date: "2025-05-20", amount: 20000, name: "株式会社ケンサク" },
  ];

  beforeAll(async () => {
    for (const [index, each] of seeded.entries()) {
      await recordTransaction(shop.database.db, {
        kind: "payment_event",
        sourceKey: `seed:${index}:${crypto.randomUUID()}`,
        transactionDate: each.date,
        amount: each.amount,
        counterparty: each.name,
        contentType: "application/json",
        fileName: `seed-${index}.json`,
        content: Buffer.from(JSON.stringify({ index, ...each })),
      });
    }
  });

  const names = async (query: string) => (await search(query)).map((each) => `${each.transaction_date} ${each.amount} ${each.counterparty}`).sort();

  it("combines date range, amount range and counterparty", async () => {
    expect(await names("from=2025-04-01&to=2025-05-31")).toEqual([
      "2025-04-01 1000 検索 一",
      "2025-04-15 5000 検索 二",
      "2025-05-01 5000 検索 一",
      "2025-05-20 20000 株式会社ケンサク",
    ]);
    expect(await names("from=2025-04-01&to=2025-04-30&min_amount=5000")).toEqual(["2025-04-15 5000 検索 二"]);
    expect(await names(`from=2025-04-01&to=2025-05-31&counterparty=${encodeURIComponent("検索 一")}`)).toEqual([
      "2025-04-01 1000 検索 一",
      "2025-05-01 5000 検索 一",
    ]);
    expect(await names(`from=2025-04-01&to=2025-05-31&min_amount=2000&max_amount=10000&counterparty=${encodeURIComponent("検索")}`)).toEqual([
      "2025-04-15 5000 検索 二",
      "2025-05-01 5000 検索 一",
    ]);
    expect(await names(`from=2025-05-02&to=2025-05-31&counterparty=${encodeURIComponent("けんさく")}`)).toEqual([]);
    expect(await names(`counterparty=${encodeURIComponent("ケンサク")}&min_amount=２００００`)).toEqual(["2025-05-20 20000 株式会社ケンサク"]);
  });

  it("answers bad conditions with a message naming the field, and strangers with 401", async () => {
    const bad = await shop.app.inject({
      method: "GET",
      url: "/admin/api/transaction-records?from=2025-02-30&min_amount=abc&max_amount=-1",
      headers: staff.headers,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as string[];
    expect(errors.join(" ")).toContain("開始日");
    expect(errors.join(" ")).toContain("金額(下限)");
    expect(errors.join(" ")).toContain("金額(上限)");
    const reversed = await shop.app.inject({
      method: "GET",
      url: "/en/admin/api/transaction-records?from=2025-05-01&to=2025-04-01".replace("/en", ""),
      headers: { ...staff.headers, "accept-language": "en" },
    });
    expect(reversed.statusCode).toBe(422);
    for (const url of ["/admin/api/transaction-records", "/admin/api/transaction-records/export", "/admin/api/transaction-records/1/file"]) {
      expect((await shop.app.inject({ method: "GET", url, headers: member.headers })).statusCode).toBe(401);
      expect((await shop.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/transaction-records/999999/file", headers: staff.headers })).statusCode).toBe(404);
  });

  it("exports the matches as a zip of an index, the files as stored and their SHA-256 list", async () => {
    const response = await shop.app.inject({
      method: "GET",
      url: `/admin/api/transaction-records/export?from=2025-04-01&to=2025-05-31&counterparty=${encodeURIComponent("検索")}`,
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const index = Buffer.from(files["index.csv"]!).toString("utf8");
    expect(index.startsWith("\uFEFF記録ID,種類,取引年月日,取引金額(円),取引先")).toBe(true);
    const lines = index.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(3);
    const sums = Buffer.from(files["SHA256SUMS"]!).toString("utf8").trim().split("\n");
    expect(sums).toHaveLength(3);
    for (const line of sums) {
      const [hash, name] = line.split("  ");
      const content = Buffer.from(files[name!]!);
      expect(sha256Hex(content)).toBe(hash);
      expect(index).toContain(name!);
      expect(JSON.parse(content.toString("utf8")).name).toMatch(/^検索/);
    }
  });
});
