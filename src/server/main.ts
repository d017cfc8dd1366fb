import { buildApp } from "./app.ts";
import { checkServerConfig, readConfig } from "./config.ts";
import { openDatabase } from "./db/open-database.ts";
import { serveBackupRequests } from "./backup/online-backup.ts";

// Start-up: configuration -> database (migrations; an empty one gets the shop profile, the demo
// catalogue when DEMO_DATA says so, and its first owner: seed.ts) -> listen.
const config = (() => {
  try {
    const read = readConfig();
    checkServerConfig(read);
    return read;
  } catch (error) {
    // A wrong setting is the operator's to fix: the message names it; a stack trace would bury it.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
const database = await openDatabase(config);
const app = await buildApp({ config, database, pages: config.production ? "production" : "development" });

let backups: { stop(): void } | undefined;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  // Finish the requests in flight, then release the database (and the PGlite lock).
  backups?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: config.port, host: config.host });
  // `npm run db:backup` asks the running shop for a backup of the embedded database it holds open.
  backups = serveBackupRequests(database, config.dataDir, app.log);
  app.log.info(`Kura is serving ${config.publicUrl} (${database.driver} database, Node ${process.version})`);
} catch (error) {
  app.log.error({ err: error }, "could not start");
  await database.close();
  process.exit(1);
}
