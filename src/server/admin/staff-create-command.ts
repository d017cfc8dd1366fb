// `npm run admin:create -- EMAIL [--role staff]`: creates a staff member or resets a password, on
// the configured database (stop the shop first when it runs on the embedded database: PGlite
// allows one process).
import { SessionService } from "../accounts/session.service.ts";
import { SignInLock } from "../accounts/sign-in-lock.ts";
import { readConfig } from "../config.ts";
import { embeddedDatabaseExists, openPglite, openPostgres } from "../db/client.ts";
import { FIRST_START_LOCK, openDatabase } from "../db/open-database.ts";
import { resolveSessionSecret } from "../session-secret.ts";
import { createStaffFromCommand } from "./staff-create.ts";
import { StaffService } from "./staff.service.ts";
import { StaffTwoFactor } from "./staff-two-factor.ts";

const config = readConfig();
process.on("uncaughtException", (error) => {
  console.error(error.message);
  process.exit(1);
});
// A database that does not exist yet is created, migrated and seeded first, as `npm start` would.
const handle =
  !config.databaseUrl && !embeddedDatabaseExists(config.dataDir)
    ? await openDatabase(config)
    : config.databaseUrl
      ? await openPostgres(config.databaseUrl, config.database)
      : await openPglite({ dataDir: config.dataDir });
try {
  // Not while a shop process starting at the same time migrates.
  await handle.exclusively(FIRST_START_LOCK, () => handle.migrate());
  const sessions = new SessionService(handle.db, config.accounts.sessionTimeoutMinutes);
  const signInLock = new SignInLock(handle.db, config.accounts, resolveSessionSecret(config.sessionSecret, config.dataDir));
  const secret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const staff = new StaffService(handle.db, { sessions, signInLock, twoFactor: new StaffTwoFactor(handle.db, { sessions }, secret) });
  for (const line of await createStaffFromCommand(staff, process.argv.slice(2), process.env)) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
