// Run as a child process by open-database.ts: creates an embedded database and exits, taking
// initdb's memory with it.
import { openPglite } from "./client.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: create-embedded <data dir>");
const handle = await openPglite({ dataDir });
await handle.migrate();
await handle.close();
