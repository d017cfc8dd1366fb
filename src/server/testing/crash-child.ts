// A shop server the crash-recovery test can kill with SIGKILL: the app as production builds it
// (without pages), on the database named by the environment (DATABASE_URL, or PGlite in DATA_DIR),
// listening on PORT. Says "ready" to its parent once it serves.
import { buildApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { openPglite, openPostgres } from "../db/client.ts";

const config = readConfig();
const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database, pages: "none" });
await app.listen({ host: "127.0.0.1", port: config.port });
process.send?.("ready");
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
