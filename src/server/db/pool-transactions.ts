import type pg from "pg";

/**
 * drizzle-orm 0.45's node-postgres `transaction()` runs BEGIN before the try/finally that releases
 * the pooled client, and releases the client as healthy even when its ROLLBACK failed
 * (drizzle-team/drizzle-orm#6023 and #6114, open). During a PostgreSQL outage every failed BEGIN
 * would keep one of the pool's connections for good, until the shop hangs on an empty pool.
 * Clients checked out with `pool.connect()` (drizzle's transactions; the pool's own `query()` uses
 * the callback form and releases itself) therefore release themselves as broken when BEGIN fails,
 * and are destroyed rather than pooled again when their ROLLBACK failed.
 */
export function releaseFailedTransactions(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.then(guard);
  }) as pg.Pool["connect"];
}

type Query = (...args: unknown[]) => unknown;

function statementOf(args: unknown[]): string {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: unknown } | undefined)?.text ?? "");
  return String(text).trimStart().toLowerCase();
}

function guard(client: pg.PoolClient): pg.PoolClient {
  // pg-pool gives every checkout its own `release`; `query` is restored to the prototype's on release.
  const query = client.query.bind(client) as Query;
  const release = client.release.bind(client);
  let first = true;
  let released = false;
  let rollbackFailed: Error | undefined;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    delete (client as { query?: unknown }).query;
    release(error);
  };
  (client as { query: Query }).query = (...args: unknown[]) => {
    const isFirst = first;
    first = false;
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      const statement = statementOf(args);
      if (isFirst && statement.startsWith("begin")) releaseOnce(failure);
      else if (statement.startsWith("rollback")) rollbackFailed = failure;
      throw error;
    });
  };
  client.release = (error?: Error | boolean) => releaseOnce(error || rollbackFailed);
  return client;
}
