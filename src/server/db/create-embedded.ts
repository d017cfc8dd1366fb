// Run as a child process by open-database.ts: creates an embedded database with the demo data and
// exits, taking initdb's (and the image rendering's) memory with it.
import { openPglite } from "./client.ts";
import { seedIfEmpty } from "./seed/seed.ts";

const [dataDir, shopProfileFile] = process.argv.slice(2);
if (!dataDir || !shopProfileFile) throw new Error("usage: create-embedded <data dir> <shop profile file>");
const handle = await openPglite({ dataDir });
try {
  await handle.migrate();
  await seedIfEmpty(handle.db, { shopProfileFile });
} finally {
  await handle.close();
}
