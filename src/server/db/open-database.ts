import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "./client.ts";
import { embeddedDatabaseExists, openPglite, openPostgres } from "./client.ts";
import { seedIfEmpty } from "./seed/seed.ts";

/** Advisory lock name held while migrating and setting up a database. */
export const FIRST_START_LOCK = "kura:first-start";

/**
 * Opens the configured database, applies migrations and sets up an empty one (seed.ts: the shop
 * profile, the demo catalogue when DEMO_DATA says so, the first owner).
 * A new embedded database is created in a one-off child process: initdb makes PGlite hold
 * 600-1000 MB for the rest of the process's life, and the server should not carry that.
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl && !embeddedDatabaseExists(config.dataDir)) {
    await createEmbeddedDatabaseInChild(config.dataDir, config.shopProfileFile, config.demoData);
  }
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, config.database) : await openPglite({ dataDir: config.dataDir });
  try {
    // Processes started together on one PostgreSQL take turns: the first migrates and sets up,
    // the others then find nothing left to do.
    await handle.exclusively(FIRST_START_LOCK, async () => {
      await handle.migrate();
      await seedIfEmpty(handle.db, { shopProfileFile: config.shopProfileFile, demoData: config.demoData, environment: process.env });
    });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function createEmbeddedDatabaseInChild(dataDir: string, shopProfileFile: string, demoData: boolean): Promise<void> {
  // Under tsx (dev, tests) this module is .ts and the child inherits tsx's loader through execArgv.
  const extension = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  const script = fileURLToPath(new URL(`./create-embedded${extension}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(script, [dataDir, shopProfileFile, demoData ? "demo" : "no-demo"], { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Creating the embedded database failed (exit ${code})`))));
  });
}
