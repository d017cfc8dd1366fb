// `npm run db:seed`: writes the demo data (shop profile and catalogue, no account) again into the
// configured database, whatever DEMO_DATA says: running it is the explicit request (stop the shop
// first when it runs on the embedded database: PGlite allows one process).
import { readConfig } from "../../config.ts";
import { embeddedDatabaseExists, openPglite } from "../client.ts";
import { FIRST_START_LOCK, openDatabase } from "../open-database.ts";
import { seedDemoData } from "./seed.ts";

const config = readConfig();
process.on("uncaughtException", (error) => {
  console.error(error.message);
  process.exit(1);
});
// openDatabase creates a database that does not exist yet and sets up an empty one as a first start
// does (on PostgreSQL too, so its first owner is made and printed here, not skipped); the demo data
// is then written again below.
const handle = config.databaseUrl || !embeddedDatabaseExists(config.dataDir) ? await openDatabase(config) : await openPglite({ dataDir: config.dataDir });
try {
  // Not while a shop process starting at the same time migrates.
  await handle.exclusively(FIRST_START_LOCK, () => handle.migrate());
  await seedDemoData(handle.db, { shopProfileFile: config.shopProfileFile });
  console.log(`Demo data written to the ${handle.driver} database.`);
} finally {
  await handle.close();
}
