import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobResultsTable, jobsTable } from "../db/schema/jobs.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { openStaffShop, placeOneBottle, staffHeaders } from "../testing/staff-shop.ts";
import { JobsService } from "../jobs/jobs.service.ts";

// The order list's bulk moves and long work (issue #35 items 2 and 4, decision 069): each selected
// order moved in its own transaction with a per-order summary; a resend under the same key books
// nothing; over the threshold (3 here, set through the app's option) the work is a job that
// reaches done with the right counts, and one left running by a dead process goes on with the rest.

const THRESHOLD = 3;
let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

const place = (method: "bank" | "cod") => placeOneBottle({ shop, client, wine }, method);

function bulk(payload: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  const headers = staffHeaders(staff, { key: options.key, locale: options.locale ?? "ja" });
  return shop.app.inject({ method: "POST", url: "/admin/api/orders/bulk", headers, payload });
}

async function depositMails(email: string) {
  return (await shop.mailsTo(email)).filter((mail) => mail.subject.includes("ご入金を確認しました"));
}

async function job(id: number) {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/jobs/${id}`, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop({
    wine: { name: { ja: "蔵の白", en: "Kura white" }, price: 2500, stock: 500 },
    jobThreshold: THRESHOLD,
  }));
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/bulk", () => {
  it("confirms the deposits of the selected bank transfers, refuses a cash-on-delivery order with its reason, mails each once; a resend books nothing", async () => {
    const banks = [await place("bank"), await place("bank")];
    const cod = await place("cod");
    const key = crypto.randomUUID();
    const payload = { move: "deposit", orders: [banks[0]!.id, cod.id, banks[1]!.id] };

    const first = await bulk(payload, { key });
    expect(first.statusCode).toBe(200);
    const result = first.json().data;
    expect(result.counts).toEqual({ moved: 2, done: 0, refused: 1 });
    expect(result.rows.map((row: { order_id: string; state: string; reason: string | null }) => [row.order_id, row.state, row.reason])).toEqual([
      [banks[0]!.id, "moved", null],
      [cod.id, "refused", "not_allowed"],
      [banks[1]!.id, "moved", null],
    ]);
    expect(result.rows[1].message).toBe("この注文の今の状態では、この処理はできません。");
    for (const order of banks) {
      expect((await client.order(order.id))!.status).toBe("deposited");
      expect(await depositMails(order.email)).toHaveLength(1);
    }
    expect((await client.order(cod.id))!.status).toBe("await_payment");

    // The page sent twice: the first answer again, nothing booked, no second mail.
    const resent = await bulk(payload, { key });
    expect(resent.statusCode).toBe(200);
    expect(resent.headers["idempotent-replayed"]).toBe("true");
    expect(resent.json()).toEqual(first.json());
    for (const order of banks) expect(await depositMails(order.email)).toHaveLength(1);

    // A new click on the same orders: nothing to do for the deposited ones, in English.
    const again = await bulk({ move: "deposit", orders: [banks[0]!.id, "0000-0000-00AA"] }, { locale: "en" });
    expect(again.json().data.rows.map((row: { state: string; message: string | null }) => [row.state, row.message])).toEqual([
      ["done", null],
      ["refused", "No order has this number."],
    ]);
  });

  it("ships the selected orders with a slip number each and refuses a row without one", async () => {
    const orders = [await place("cod"), await place("cod")];
    const response = await bulk({
      move: "ship",
      orders: [
        { id: orders[0]!.id, slip_number: "412300009901", carrier: "yamato" },
        { id: orders[1]!.id, slip_number: "" },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.counts).toEqual({ moved: 1, done: 0, refused: 1 });
    expect(response.json().data.rows[1]).toMatchObject({ state: "refused", reason: "no_slip", message: "伝票番号を入力してください。" });
    expect(await client.order(orders[0]!.id)).toMatchObject({ status: "sent", slipNumber: "412300009901" });
    expect((await client.order(orders[1]!.id))!.status).toBe("await_payment");
  });

  it("answers 422 with a clear message for no move, no orders or a bad entry, and 400 without a request key", async () => {
    expect((await bulk({ orders: ["x"] })).json()).toEqual({ errors: ["一括処理の種類を選んでください。"] });
    const none = await bulk({ move: "deposit", orders: [] }, { locale: "en" });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: ["Select at least one order."] });
    expect((await bulk({ move: "ship", orders: [{ id: 5 }] })).statusCode).toBe(422);
    const headers = { ...staff.headers };
    delete (headers as Record<string, string>)["idempotency-key"];
    expect((await shop.app.inject({ method: "POST", url: "/admin/api/orders/bulk", headers, payload: { move: "deposit", orders: ["x"] } })).statusCode).toBe(
      400,
    );
  });
});

describe("printing and exporting the selected orders", () => {
  it("writes the CSV and the delivery notes of the selected orders only, and refuses a bad selection with a 422", async () => {
    const [one, two, other] = [await place("bank"), await place("cod"), await place("bank")];
    const get = (url: string) => shop.app.inject({ method: "GET", url, headers: staff.headers });
    const csv = await get(`/admin/api/orders/export.csv?order=${one.id}&order=${two.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(one.id);
    expect(csv.body).toContain(two.id);
    expect(csv.body).not.toContain(other.id);
    const notes = await get(`/admin/api/delivery-notes?order=${one.id}&order=${two.id}`);
    expect(notes.statusCode).toBe(200);
    expect(notes.headers["content-type"]).toBe("application/pdf");
    expect(notes.body.startsWith("%PDF")).toBe(true);
    const bad = await get("/admin/api/delivery-notes?order=not-an-order");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(["選択した注文は不正な値です"]);
  });
});

describe("jobs", () => {
  it("runs a bulk deposit over the threshold as a job that reaches done with the right counts, each customer mailed once", async () => {
    const orders = [];
    for (let n = 0; n < THRESHOLD + 2; n += 1) orders.push(await place("bank"));
    const cod = await place("cod");
    const key = crypto.randomUUID();
    const payload = { move: "deposit", orders: [...orders.map((order) => order.id), cod.id] };
    const started = await bulk(payload, { key });
    expect(started.statusCode).toBe(202);
    const { job: queued } = started.json().data;
    expect(queued).toMatchObject({ kind: "bulk_deposit", total: THRESHOLD + 3 });
    // Sent again: the same job, not a second one.
    const resent = await bulk(payload, { key });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().data.job.id).toBe(queued.id);

    await shop.app.services.jobs.drain();
    const finished = await job(queued.id);
    expect(finished).toMatchObject({
      state: "done",
      total: THRESHOLD + 3,
      done: THRESHOLD + 3,
      counts: { moved: THRESHOLD + 2, done: 0, refused: 1 },
      error: null,
    });
    expect(finished.rows.at(-1)).toMatchObject({ order_id: cod.id, state: "refused" });
    for (const order of orders) {
      expect((await client.order(order.id))!.status).toBe("deposited");
      expect(await depositMails(order.email)).toHaveLength(1);
    }
  });

  it("goes on with the rest of a job left running by a process that died, redoing nothing", async () => {
    const orders = [];
    for (let n = 0; n < 4; n += 1) orders.push(await place("bank"));
    // The dead process had moved the first order and kept its row, then stopped with its lease taken.
    const first = await bulk({ move: "deposit", orders: [orders[0]!.id] });
    const firstRow = first.json().data.rows[0];
    const [left] = await shop.database.db
      .insert(jobsTable)
      .values({
        kind: "bulk_deposit",
        state: "running",
        input: orders.map((order) => ({ id: order.id })),
        locale: "ja",
        total: 4,
        doneCount: 1,
        staffId: staff.staff.id,
        attempts: 1,
        leaseUntil: new Date(Date.now() - 60_000),
      })
      .returning();
    await shop.database.db.insert(jobResultsTable).values({ jobId: left!.id, position: 0, row: firstRow });

    await shop.app.services.jobs.drain();
    const finished = await job(left!.id);
    expect(finished).toMatchObject({ state: "done", done: 4, counts: { moved: 4, done: 0, refused: 0 } });
    for (const order of orders) expect(await depositMails(order.email)).toHaveLength(1);
  });

  it("confirms an issued-data upload over the threshold as a job", async () => {
    const orders = [];
    for (let n = 0; n < THRESHOLD + 1; n += 1) orders.push(await place("cod"));
    const shipments = orders.map((order, n) => ({ order_id: order.id, slip_number: `41230000770${n}`, carrier: "yamato" }));
    const started = await shop.app.inject({ method: "POST", url: "/admin/api/shipments/issued-data", headers: staff.headers, payload: { shipments } });
    expect(started.statusCode).toBe(202);
    await shop.app.services.jobs.drain();
    const finished = await job(started.json().data.job.id);
    expect(finished).toMatchObject({ kind: "issued_data", state: "done", counts: { moved: THRESHOLD + 1, done: 0, refused: 0 } });
    for (const [n, order] of orders.entries()) expect(await client.order(order.id)).toMatchObject({ status: "sent", slipNumber: `41230000770${n}` });
  });

  it("gives each job to one worker: two workers draining at once work every item exactly once", async () => {
    const appWorker = shop.app.services.jobs;
    await appWorker.stop();
    try {
      const worked: string[] = [];
      const workers = [0, 1].map((n) => {
        const worker = new JobsService(shop.database.db, { log: { warn: () => undefined, error: () => undefined } });
        worker.register("bulk_deposit", async (item, { position }) => {
          worked.push(`${(item as { job: string }).job}:${position}`);
          return { order_id: null, order_number: null, slip_number: null, state: "done", message: `worker ${n}` };
        });
        return worker;
      });
      const jobs = [];
      for (const name of ["a", "b"]) {
        const items = Array.from({ length: 5 }, () => ({ job: name }));
        const [row] = await shop.database.db
          .insert(jobsTable)
          .values({ kind: "bulk_deposit", input: items, locale: "ja", total: 5, staffId: staff.staff.id })
          .returning();
        jobs.push(row!.id);
      }
      await Promise.all(workers.map((worker) => worker.drain()));
      expect(worked.toSorted()).toEqual(["a", "b"].flatMap((name) => [0, 1, 2, 3, 4].map((position) => `${name}:${position}`)));
      for (const id of jobs) expect(await job(id)).toMatchObject({ state: "done", done: 5, counts: { moved: 0, done: 5, refused: 0 } });
    } finally {
      appWorker.start();
    }
  });

  it("answers 404 for an unknown or malformed job number", async () => {
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      expect((await shop.app.inject({ method: "GET", url: `/admin/api/jobs/${id}`, headers: staff.headers })).statusCode).toBe(404);
    }
  });
});
