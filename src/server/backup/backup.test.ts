import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { openPglite, openPostgres } from "../db/client.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { testTime } from "../testing/test-time.ts";
import { serveBackupRequests } from "./online-backup.ts";

// `npm run db:backup` of a shop with orders, `npm run db:restore` into an empty database, and every
// table compared row by row (and every sequence, so the restored shop numbers new orders on). On
// the embedded database the backup is taken while the shop holds it open, as a trader's cron job
// would. On PostgreSQL when TEST_DATABASE_URL is set (pg_dump / pg_restore).

const COMMANDS = fileURLToPath(new URL(".", import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-backup-"));

interface Target {
  /** The environment the commands run with to reach this database. */
  environment: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An empty database: a new PostgreSQL database, or an empty embedded data directory. */
async function emptyTarget(): Promise<Target> {
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(work, "data-"));
    return { environment: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir }), drop: async () => undefined };
  }
  const name = `kura_backup_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    environment: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString()),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Runs `npm run db:backup` / `db:restore` as their compiled modules would, from the sources. */
function command(name: "backup-command" | "restore-command", args: string[], target: Target): Promise<{ code: number | null; output: string }> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...target.environment, LOG_LEVEL: "silent" };
  if (!target.environment.DATABASE_URL) delete environment.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(COMMANDS, `${name}.ts`), ...args], { env: environment });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Every row of every table (as JSON, bytea as hex) and every sequence's position, by name. */
async function contents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const rowsOf = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const tables = await rowsOf(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const result: Record<string, string[]> = {};
  for (const { schema, name } of tables.rows as { schema: string; name: string }[]) {
    const rows = await rowsOf(sql`select to_jsonb(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`);
    result[`${schema}.${name}`] = rows.rows.map((row) => String(row.row)).sort();
  }
  const sequences = await rowsOf(
    sql`select schemaname || '.' || sequencename || '=' || coalesce(last_value::text, 'unused') as s from pg_sequences order by 1`,
  );
  result["(sequences)"] = sequences.rows.map((row) => String(row.s));
  return result;
}

/** A shop with a catalogue (images included), a member, a cart and orders of all three payment methods. */
async function fillShop(shop: TestApp): Promise<void> {
  const catalog = new CatalogFactory(shop.database.db);
  const wine = await catalog.product({ name: { ja: "蔵の赤", en: "Kura red" }, stock: 30, imageCount: 2 });
  const sake = await catalog.product({ name: { ja: "純米吟醸", en: "Junmai ginjo" }, stock: 30, shippingType: "cool" });
  await catalog.exhibit({ top: true });
  const client = new CheckoutClient(shop);
  const guest = shop.browserSession();
  expect((await client.post(guest, orderPayload([{ id: wine, amount: 2 }]))).statusCode).toBe(200);
  const member = await shop.memberSession();
  await client.fillCart(member, { [sake]: 1 });
  expect(
    (
      await client.post(
        member,
        orderPayload(
          [
            { id: sake, amount: 1 },
            { id: wine, amount: 1 },
          ],
          { payment_method: "cod" },
        ),
      )
    ).statusCode,
  ).toBe(200);
  const card = await client.paymentMethod(member, CARDS.visa);
  const paid = await client.post(member, orderPayload([{ id: wine, amount: 3 }], { payment_method: "credit", payment: { payment_method_id: card } }));
  expect(paid.statusCode).toBe(200);
  await shop.app.services.mail.flush();
}

/** The run's migrated template as a data directory's database, instead of a slow initdb. */
async function loadTemplate(dataDir: string): Promise<void> {
  const template = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), loadDataDir: template });
  await client.close();
}

let source: Target;
let shop: TestApp;
let sourceContents: Record<string, string[]>;
let stopBackups: (() => void) | undefined;
const targets: Target[] = [];

const backupFile = path.join(work, "backups", "shop-with-orders");
let backupTaken: ReturnType<typeof command> | undefined;
/** The shop's backup, taken once by whichever test needs it first (each command is a Node process of its own, slow under load). */
function backupOfShop(): ReturnType<typeof command> {
  backupTaken ??= command("backup-command", [backupFile], source);
  return backupTaken;
}

beforeAll(async () => {
  source = await emptyTarget();
  let database: DatabaseHandle;
  if (serverUrl) {
    database = await source.open();
    await database.migrate();
  } else {
    await loadTemplate(source.environment.DATA_DIR!);
    database = await source.open();
  }
  shop = await createTestApp({}, database);
  await fillShop(shop);
  // What main.ts does once the shop listens: the backup command asks this process for the dump.
  if (!serverUrl) stopBackups = serveBackupRequests(database, source.environment.DATA_DIR!, shop.app.log).stop;
  sourceContents = await contents(database);
}, testTime(240_000));

afterAll(async () => {
  stopBackups?.();
  await shop?.close();
  for (const target of [source, ...targets]) await target?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

// Each test runs one or two commands, each a Node process that compiles its sources with tsx and
// opens the database: a second or two when quiet, up to a minute each on a loaded two-core machine.
describe(`backup and restore (${serverUrl ? "PostgreSQL, pg_dump" : "embedded database, taken from the running shop"})`, () => {
  it(
    "restores a shop with orders into an empty database, every table and sequence equal",
    async () => {
      expect(sourceContents["public.orders"]).toHaveLength(3);
      expect(sourceContents["public.order_items"]).toHaveLength(4);
      expect(sourceContents["public.images"]!.length).toBeGreaterThanOrEqual(4);
      expect(sourceContents["public.users"]).toHaveLength(1);
      expect(sourceContents["public.mail_outbox"]!.length).toBeGreaterThanOrEqual(3);
      expect(sourceContents["public.test_gateway_objects"]!.length).toBeGreaterThan(0);

      const backup = await backupOfShop();
      expect(backup.output).toContain(`Backup written: ${backupFile}`);
      expect(backup.code).toBe(0);
      if (!serverUrl) expect(backup.output).toMatch(/The shop \(process \d+\) has the embedded database open: it writes the backup\./);
      expect(fs.readdirSync(path.join(work, "backups"))).toEqual(["shop-with-orders"]);

      const target = await emptyTarget();
      targets.push(target);
      const restore = await command("restore-command", [backupFile], target);
      expect(restore.output).toContain(`Restored ${backupFile}.`);
      expect(restore.code).toBe(0);

      const restored = await target.open();
      try {
        const restoredContents = await contents(restored);
        expect(Object.keys(restoredContents)).toEqual(Object.keys(sourceContents));
        for (const [table, rows] of Object.entries(sourceContents)) {
          expect(restoredContents[table]?.length, table).toBe(rows.length);
          expect(restoredContents[table], table).toEqual(rows);
        }
      } finally {
        await restored.close();
      }
    },
    testTime(180_000),
  );

  it(
    "refuses to write a backup over an existing file",
    async () => {
      expect((await backupOfShop()).code).toBe(0);
      const again = await command("backup-command", [backupFile], source);
      expect(again.output).toContain(`${backupFile} already exists: give another file name`);
      expect(again.code).toBe(1);
    },
    testTime(120_000),
  );

  it(
    "refuses to restore over a database that holds a shop unless forced, and then replaces it",
    async () => {
      expect((await backupOfShop()).code).toBe(0);
      const target = await emptyTarget();
      targets.push(target);
      // A shop of its own: one product, no orders.
      if (!serverUrl) await loadTemplate(target.environment.DATA_DIR!);
      const other = await target.open();
      await other.migrate();
      await new CatalogFactory(other.db).product({ name: { ja: "別の店", en: "Another shop" } });
      await other.close();

      const refused = await command("restore-command", [backupFile], target);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is not empty.*restoring would replace the shop it holds.*--force/s);
      const untouched = await target.open();
      expect((await contents(untouched))["public.products"]).toHaveLength(1);
      await untouched.close();

      const forced = await command("restore-command", [backupFile, "--force"], target);
      expect(forced.code).toBe(0);
      if (!serverUrl) expect(forced.output).toMatch(/kept in .*pgdata\.before-restore-/);
      const replaced = await target.open();
      try {
        expect(await contents(replaced)).toEqual(sourceContents);
      } finally {
        await replaced.close();
      }
    },
    testTime(240_000),
  );

  // The embedded database only: PostgreSQL serves a running shop and a restore side by side.
  if (!serverUrl) {
    it(
      "does not restore, even forced, into the data directory a running shop holds open",
      async () => {
        expect((await backupOfShop()).code).toBe(0);
        const running = await command("restore-command", [backupFile, "--force"], source);
        expect(running.code).toBe(1);
        expect(running.output).toMatch(/The shop \(process \d+\) has the embedded database open: stop it, restore, then start it again\./);
      },
      testTime(120_000),
    );
  }

  it(
    "says which database a backup belongs to instead of restoring it into the other kind",
    async () => {
      expect((await backupOfShop()).code).toBe(0);
      const other: Target = serverUrl
        ? { environment: { DATA_DIR: fs.mkdtempSync(path.join(work, "data-")) }, open: () => Promise.reject(new Error("unused")), drop: async () => undefined }
        : { environment: { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, open: () => Promise.reject(new Error("unused")), drop: async () => undefined };
      const refused = await command("restore-command", [backupFile], other);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        serverUrl ? /is a pg_dump backup of PostgreSQL: set DATABASE_URL/ : /is a backup of the embedded database, but DATABASE_URL is set/,
      );
    },
    testTime(120_000),
  );
});
