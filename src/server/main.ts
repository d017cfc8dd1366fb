import { buildApp } from "./app.ts";
import { checkServerConfig, readConfig } from "./config.ts";
import { openDatabase } from "./db/open-database.ts";

// Start-up: configuration -> database (migrations, demo data on an empty one) -> listen.
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

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  // Finish the requests in flight, then release the database (and the PGlite lock).
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kura is serving ${config.publicUrl} (${database.driver} database)`);
} catch (error) {
  app.log.error({ err: error }, "could not start");
  await database.close();
  process.exit(1);
}
