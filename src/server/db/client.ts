import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { claimingTransactions } from "./keyed-transactions.ts";
import { releaseFailedTransactions } from "./pool-transactions.ts";

// The one database type the services see (its own module, so the transaction wrappers need not import this one).
export type { Database } from "./database.ts";
import type { Database } from "./database.ts";

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** A cheap query for health checks. */
  ping(): Promise<void>;
  /** Calls `onNotify` with the payload of every NOTIFY on `channel`, from any process on this database. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Runs `work` while holding the lock `name` across every process on this database (a PostgreSQL
   * advisory lock; the embedded database has one process only). `wait: false` gives up at once
   * when another process holds it and answers undefined: for periodic jobs one process is enough.
   */
  exclusively<T>(name: string, work: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined>;
  close(): Promise<void>;
  /** The embedded database's own client (backups dump it); undefined on PostgreSQL. */
  pglite?: PGlite;
}

export interface PostgresOptions {
  /** Connections of the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Longest a statement may run before PostgreSQL cancels it, in ms (DATABASE_STATEMENT_TIMEOUT_MS; 0 = none). */
  statementTimeoutMs?: number;
}

// Both src/server/db (tests, dev) and dist/server/db (production) sit three levels below the project root.
const projectRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const MIGRATIONS_FOLDER = path.join(projectRoot, "src/server/db/migrations");

/** Small buffers keep the embedded server near 180 MB instead of 300 MB (decision 048; the budget is in docs/performance.md). */
const PGLITE_CONF = ["shared_buffers = 16MB"];

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  // The PostgreSQL driver is loaded only for PostgreSQL: the embedded shop never needs it (decision 048).
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, statement_timeout: options.statementTimeoutMs ?? 30_000 });
  // An idle connection that the server closes (restart, failover, a dropped test database) is
  // reported as a pool error; without a listener Node treats it as uncaught and the process dies.
  // The pool has already discarded that connection and opens a new one on the next query.
  pool.on("error", () => undefined);
  // A connection that is checked out (inside a transaction, between two queries) when the server
  // goes away reports the loss as an 'error' event on its client, which the pool only watches while
  // the client is idle: unheard, Node would end the whole shop. The query in flight fails anyway
  // (the request answers 503) and the pool discards the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => undefined));
  releaseFailedTransactions(pool);
  const db = claimingTransactions(drizzlePostgres(pool) as unknown as Database);
  // LISTEN needs one connection of its own for as long as the process lives. When it is lost
  // (PostgreSQL restarted, a network cut) it is opened again with a growing pause, and every
  // channel is listened to again, so caches keep hearing other processes' writes.
  const handlers = new Map<string, ((payload: string) => void)[]>();
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retryDelay = 500;
  const connectListener = (): Promise<void> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      const lost = () => {
        if (listener !== client) return;
        listener = undefined;
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void connectListener().catch(() => undefined), retryDelay).unref();
        retryDelay = Math.min(retryDelay * 2, 30_000);
      };
      client.on("error", lost);
      client.on("end", lost);
      client.on("notification", (message) => {
        for (const onNotify of handlers.get(message.channel) ?? []) onNotify(message.payload ?? "");
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        listener = client;
        retryDelay = 500;
      } catch (error) {
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void connectListener().catch(() => undefined), retryDelay).unref();
        retryDelay = Math.min(retryDelay * 2, 30_000);
        throw error;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };
  return {
    db,
    driver: "postgres",
    migrate: () => migratePostgres(drizzlePostgres(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await pool.query("select 1");
    },
    listen: async (channel, onNotify) => {
      const known = handlers.get(channel);
      handlers.set(channel, [...(known ?? []), onNotify]);
      if (!listener) await connectListener();
      else if (!known) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    notify: async (channel, payload = "") => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    exclusively: async (name, work, { wait = true } = {}) => {
      // A session lock on a connection of its own: released when the work ends, and by PostgreSQL
      // when this process dies holding it. Waiting happens on a connection without the statement
      // timeout, since another process's migrations may take longer than that.
      if (!wait) {
        const client = await pool.connect();
        // A connection whose unlock failed may still hold the lock: it is closed, not pooled.
        let broken: Error | undefined;
        try {
          const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [name]);
          if (!rows[0]?.locked) return undefined;
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock(hashtext($1))", [name]).catch((error: Error) => {
              broken = error;
            });
          }
        } finally {
          client.release(broken);
        }
      }
      const client = new pg.Client({ connectionString });
      client.on("error", () => undefined);
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext($1))", [name]);
        return await work();
      } finally {
        // Ending the session releases the lock.
        await client.end().catch(() => undefined);
      }
    },
    close: async () => {
      closed = true;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Opens PGlite on a data directory, or in memory from a dumped template (tests). */
export async function openPglite(source: { dataDir: string } | { template: Blob }): Promise<DatabaseHandle> {
  const lock = "dataDir" in source ? takeDataDirLock(source.dataDir) : undefined;
  try {
    const client = await PGlite.create({
      ...("dataDir" in source ? { dataDir: path.join(source.dataDir, "pgdata") } : { loadDataDir: source.template }),
      postgresqlconf: PGLITE_CONF,
    });
    const db = claimingTransactions(drizzlePglite(client) as unknown as Database);
    return {
      db,
      driver: "pglite",
      pglite: client,
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await client.query("select 1");
      },
      listen: async (channel, onNotify) => {
        await client.listen(channel, onNotify);
      },
      notify: async (channel, payload = "") => {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
      // One process owns the embedded database (the lock file below): nobody else to exclude.
      exclusively: (_name, work) => work(),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function embeddedDatabaseExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"));
}

/**
 * PGlite is a single-process database: two processes writing one directory lose writes.
 * A lock file with the owner's pid turns a second opener away with a clear message.
 */
export function takeDataDirLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "kura.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return { release: () => fs.rmSync(lockFile, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = dataDirLockOwner(dataDir);
      if (owner && owner !== process.pid) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. ` +
            "Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.",
        );
      }
      fs.rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/** The live process that holds the embedded database's lock, if any. */
export function dataDirLockOwner(dataDir: string): number | undefined {
  let owner: number;
  try {
    owner = Number(fs.readFileSync(path.join(dataDir, "kura.lock"), "utf8"));
  } catch {
    return undefined;
  }
  return owner && processIsAlive(owner) ? owner : undefined;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
