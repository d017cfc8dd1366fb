// `npm run db:seed`: writes the demo data again into the configured database (stop the shop first
// when it runs on the embedded database: PGlite allows one process).
import { readConfig } from "../../config.ts";
import { embeddedDatabaseExists, openPglite, openPostgres } from "../client.ts";
import { FIRST_START_LOCK, openDatabase } from "../open-database.ts";
import { seedDemoData } from "./seed.ts";

const config = readConfig();
process.on("uncaughtException", (error) => {
  console.error(error.message);
  process.exit(1);
});
// openDatabase creates, migrates and seeds a database that does not exist yet; an existing one is
// opened as it is and seeded again below.
const handle =
  !config.databaseUrl && !embeddedDatabaseExists(config.dataDir)
    ? await openDatabase(config)
    : config.databaseUrl
      ? await openPostgres(config.databaseUrl, config.database)
      : await openPglite({ dataDir: config.dataDir });
try {
  // Not while a shop process starting at the same time migrates.
  await handle.exclusively(FIRST_START_LOCK, () => handle.migrate());
  await seedDemoData(handle.db, { shopProfileFile: config.shopProfileFile });
  console.log(`Demo data written to the ${handle.driver} database.`);
} finally {
  await handle.close();
}
