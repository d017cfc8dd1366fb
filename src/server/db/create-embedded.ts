// Run as a child process by open-database.ts: creates an embedded database, sets it up (seed.ts:
// the profile, the demo catalogue unless "no-demo", the first owner, whose one-time password goes
// to the inherited console) and exits, taking initdb's (and the image rendering's) memory with it.
import { openPglite } from "./client.ts";
import { seedIfEmpty } from "./seed/seed.ts";

const [dataDir, shopProfileFile, demo] = process.argv.slice(2);
if (!dataDir || !shopProfileFile || (demo !== "demo" && demo !== "no-demo"))
  throw new Error("usage: create-embedded <data dir> <shop profile file> demo|no-demo");
const handle = await openPglite({ dataDir });
try {
  await handle.migrate();
  await seedIfEmpty(handle.db, { shopProfileFile, demoData: demo === "demo", environment: process.env });
} finally {
  await handle.close();
}
