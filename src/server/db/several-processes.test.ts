import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkServerConfig, readConfig } from "../config.ts";
import type { DatabaseHandle } from "./client.ts";
import { MIGRATIONS_FOLDER, openPostgres } from "./client.ts";
import { FIRST_START_LOCK } from "./open-database.ts";
import { runOnServer } from "../testing/local-servers.ts";
import { testTime } from "../testing/test-time.ts";

// Several shop processes on one PostgreSQL (docs/decisions/021-several-processes.md): settings,
// first start under an advisory lock, periodic jobs in one process at a time.

const SECRET = "several-processes-secret-at-least-32-characters";
const serverUrl = process.env.TEST_DATABASE_URL;

describe("settings for several processes", () => {
  it("refuses to start on PostgreSQL without SESSION_SECRET, with the setting named", () => {
    const config = readConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/kura" });
    expect(() => checkServerConfig(config)).toThrow(/SESSION_SECRET: must be set when DATABASE_URL is set/);
    expect(() => checkServerConfig(readConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/kura", SESSION_SECRET: SECRET }))).not.toThrow();
    // The embedded database has one process: a secret generated in DATA_DIR is shared by nobody.
    expect(() => checkServerConfig(readConfig({}))).not.toThrow();
  });

  it("reads the pool size and statement timeout, with defaults of 10 and 30 s", () => {
    expect(readConfig({}).database).toEqual({ poolSize: 10, statementTimeoutMs: 30_000 });
    expect(readConfig({ DATABASE_POOL_SIZE: "4", DATABASE_STATEMENT_TIMEOUT_MS: "0" }).database).toEqual({ poolSize: 4, statementTimeoutMs: 0 });
    expect(() => readConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => readConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

const created: string[] = [];

function admin(statement: string): Promise<void> {
  return runOnServer(serverUrl!, statement);
}

async function freshDatabaseUrl(): Promise<string> {
  const name = `kura_processes_${crypto.randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  created.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function count(handle: DatabaseHandle, query: string): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

afterAll(async () => {
  for (const name of created) await admin(`drop database if exists ${name} with (force)`);
});

describe.skipIf(!serverUrl)(`on one PostgreSQL${serverUrl ? "" : " (TEST_DATABASE_URL is not set)"}`, () => {
  it("migrates once when four processes start at the same moment", { timeout: testTime(60_000) }, async () => {
    // As openDatabase does at start (the demo data it then writes takes minutes on a busy machine,
    // so the set-up inside the same lock is left out here).
    const url = await freshDatabaseUrl();
    const handles = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url)));
    try {
      await Promise.all(handles.map((handle) => handle.exclusively(FIRST_START_LOCK, () => handle.migrate())));
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
      expect(await count(handles[0]!, "select count(*)::int as n from drizzle.__drizzle_migrations")).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it("runs a periodic job in one process at a time: the others skip their turn", async () => {
    const url = await freshDatabaseUrl();
    const [first, second] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const running = first.exclusively(
        "kura:test-job",
        async () => {
          entered();
          await holding;
          return "first";
        },
        { wait: false },
      );
      await inside;
      expect(await second.exclusively("kura:test-job", async () => "second", { wait: false })).toBeUndefined();
      release();
      expect(await running).toBe("first");
      expect(await second.exclusively("kura:test-job", async () => "second", { wait: false })).toBe("second");
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS", async () => {
    const url = await freshDatabaseUrl();
    const handle = await openPostgres(url, { statementTimeoutMs: 100 });
    try {
      await expect(handle.db.execute("select pg_sleep(2)")).rejects.toThrow();
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});
