import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { embeddedDatabaseExists, openPglite, takeDataDirLock } from "../db/client.ts";

/**
 * Backups of both databases, in each one's own format (decision 022): the embedded database as
 * PGlite's data-directory dump (a gzipped tar, `dumpDataDir`/`loadDataDir`), PostgreSQL as
 * `pg_dump --format=custom` restored with `pg_restore`. Uploaded images are rows of the database
 * (`images`, `image_variants`), so every backup carries them.
 */

export type BackupKind = "embedded" | "postgres";

/** Refused: the message says why and what to do, and the command prints it as is. */
export class BackupRefusedError extends Error {}

/** A file name for a backup taken now, e.g. kura-embedded-20261123-224501Z.tar.gz. */
export function defaultBackupFile(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "Z");
  return path.join("backups", `kura-${kind}-${stamp}.${kind === "embedded" ? "tar.gz" : "pgdump"}`);
}

/** Which database a backup file is of, from its first bytes (gzip for PGlite, PGDMP for pg_dump). */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const handle = fs.openSync(file, "r");
  try {
    fs.readSync(handle, head, 0, 5, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "embedded";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  throw new BackupRefusedError(`${file} is not a Kura backup (neither an embedded-database dump nor a pg_dump file).`);
}

/** Has `write` fill a temporary file, then renames it to `file`, so a half-written backup never looks complete. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

// --- embedded database -------------------------------------------------------------------------

/**
 * Dumps an open PGlite. The dump runs between two queries (PGlite's query lock), and inside a
 * transaction of its own so that no other transaction is half-way through either: the files are
 * those of a database at rest.
 */
export async function dumpOpenPglite(client: PGlite, file: string): Promise<void> {
  await client.query("checkpoint");
  await writeAtomically(file, async (partial) => {
    const dump = await client.transaction(() => client.dumpDataDir("gzip"));
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  });
}

/** Backs up the embedded database in `dataDir`, which no process may have open (the caller checked the lock). */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  if (!embeddedDatabaseExists(dataDir)) throw new BackupRefusedError(`There is no embedded database in ${path.resolve(dataDir)} to back up.`);
  const handle = await openPglite({ dataDir });
  try {
    await dumpOpenPglite(handle.pglite!, file);
  } finally {
    await handle.close();
  }
}

/**
 * Restores a dump into `dataDir`. A data directory that already holds a database is refused unless
 * `force`; then it is kept beside as `pgdata.before-restore-…` rather than deleted.
 */
export async function restoreEmbedded(dataDir: string, file: string, options: { force: boolean }): Promise<string[]> {
  const notes: string[] = [];
  const pgdata = path.join(dataDir, "pgdata");
  // The lock keeps a running shop (or another command) out while the directory is replaced.
  const lock = takeDataDirLock(dataDir);
  try {
    if (embeddedDatabaseExists(dataDir)) {
      if (!options.force) {
        throw new BackupRefusedError(
          `The embedded database in ${path.resolve(dataDir)} is not empty: restoring would replace the shop it holds. ` +
            "Run again with --force to replace it (it is kept as pgdata.before-restore-…), or set DATA_DIR to an empty folder.",
        );
      }
      const aside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
      fs.renameSync(pgdata, aside);
      notes.push(`The database that was there is kept in ${aside}; delete it once the restored shop is checked.`);
    } else {
      fs.rmSync(pgdata, { recursive: true, force: true });
    }
    const dump = new Blob([fs.readFileSync(file)]);
    const client = await PGlite.create({ dataDir: pgdata, loadDataDir: dump });
    await client.query("checkpoint");
    await client.close();
  } finally {
    lock.release();
  }
  return notes;
}

// --- PostgreSQL ----------------------------------------------------------------------------------

/**
 * pg_dump and pg_restore: from PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin.
 * They must be at least the server's major version (pg_dump says so when not).
 */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  try {
    execFileSync(name, ["--version"], { stdio: "ignore" });
    return name;
  } catch {
    const root = "/usr/lib/postgresql";
    const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((version) => /^\d+$/.test(version)) : [];
    versions.sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(root, version, "bin", name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  throw new BackupRefusedError(
    `${name} was not found. Install the PostgreSQL client of your server's version (Debian/Ubuntu: apt-get install postgresql-client), ` +
      "or put its bin folder on PATH.",
  );
}

/** The URL without its password, and the password for PGPASSWORD: a password in argv is visible to every user of `ps`. */
function libpqArguments(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new BackupRefusedError(`${path.basename(command)} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = libpqArguments(databaseUrl);
  const pgDump = postgresTool("pg_dump");
  await writeAtomically(file, (partial) => run(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`], env));
}

/** Tables in the database's own schemas, and how many orders among them (for the refusal's message). */
async function describePostgres(client: pg.Client): Promise<{ tables: number; orders: number | undefined }> {
  const tables = await client.query<{ schema: string; name: string }>(
    "select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  );
  const hasOrders = tables.rows.some((table) => table.schema === "public" && table.name === "orders");
  const orders = hasOrders ? Number((await client.query<{ n: string }>("select count(*) as n from public.orders")).rows[0]!.n) : undefined;
  return { tables: tables.rowCount ?? 0, orders };
}

/**
 * Restores a pg_dump file into the database of `databaseUrl`, in one transaction. A database with
 * any table is refused unless `force`; then its schemas are dropped first.
 */
export async function restorePostgres(databaseUrl: string, file: string, options: { force: boolean }): Promise<string[]> {
  const notes: string[] = [];
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { tables, orders } = await describePostgres(client);
    if (tables > 0) {
      if (!options.force) {
        const what = orders === undefined ? `${tables} tables` : `${tables} tables, ${orders} orders`;
        throw new BackupRefusedError(
          `The database ${client.database} is not empty (${what}): restoring would replace the shop it holds. ` +
            "Stop the shop, then run again with --force to replace it, or point DATABASE_URL at an empty database (createdb).",
        );
      }
      const schemas = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'",
      );
      await client.query("begin");
      for (const { name } of schemas.rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
      await client.query("create schema public");
      await client.query("commit");
      notes.push(`The ${tables} tables that were in ${client.database} were replaced.`);
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = libpqArguments(databaseUrl);
  await run(postgresTool("pg_restore"), ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file], env);
  return notes;
}
