import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { releaseFailedTransactions } from "./pool-transactions.ts";

// Against the machine's PostgreSQL (127.0.0.1:5432, as CI has it): drizzle's transactions on a pool
// of two, with the guard of pool-transactions.ts that client.ts puts on the shop's pool.
const pool = new pg.Pool({ connectionString: process.env.POOL_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", max: 2 });
pool.on("error", () => undefined);
pool.on("connect", (client) => client.on("error", () => undefined));
releaseFailedTransactions(pool);
const db = drizzle(pool);

afterAll(async () => {
  await pool.end();
});

const checkedOut = () => pool.totalCount - pool.idleCount;
const selectOne = () => db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0]);

describe("transactions on the PostgreSQL pool", () => {
  it("gives the connection back when BEGIN fails, so failed BEGINs never use up the pool", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // An isolation level PostgreSQL does not know: BEGIN itself fails.
      await expect(db.transaction(async () => undefined, { isolationLevel: "no such level" as never })).rejects.toThrow();
      expect(checkedOut()).toBe(0);
    }
    await expect(selectOne()).resolves.toEqual({ one: 1 });
    expect(checkedOut()).toBe(0);
  });

  it("drops a connection whose ROLLBACK failed instead of pooling it again", async () => {
    await expect(db.transaction((tx) => tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`))).rejects.toThrow();
    expect(checkedOut()).toBe(0);
    expect(pool.totalCount).toBe(pool.idleCount);
    await expect(selectOne()).resolves.toEqual({ one: 1 });
  });

  it("still commits and rolls back as before", async () => {
    await expect(selectOne()).resolves.toEqual({ one: 1 });
    await expect(db.transaction(async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(checkedOut()).toBe(0);
  });
});
