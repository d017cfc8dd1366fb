// `npm run admin:reset-2fa -- EMAIL`: removes a staff member's second factor on the server (a sole
// owner who lost both the phone and the recovery codes), lifts the account's locks and ends its
// sessions; the owner enrols again at the next sign-in. Stop the shop first on the embedded
// database (PGlite allows one process). Decision 063.
import { SessionService } from "../accounts/session.service.ts";
import { SignInLock } from "../accounts/sign-in-lock.ts";
import { readConfig } from "../config.ts";
import { openPglite, openPostgres } from "../db/client.ts";
import { FIRST_START_LOCK } from "../db/open-database.ts";
import { resolveSessionSecret } from "../session-secret.ts";
import { resetTwoFactorFromCommand } from "./staff-two-factor-reset.ts";
import { StaffTwoFactor } from "./staff-two-factor.ts";

const config = readConfig();
process.on("uncaughtException", (error) => {
  console.error(error.message);
  process.exit(1);
});
const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, config.database) : await openPglite({ dataDir: config.dataDir });
try {
  await handle.exclusively(FIRST_START_LOCK, () => handle.migrate());
  const secret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const sessions = new SessionService(handle.db, config.accounts.sessionTimeoutMinutes);
  const signInLock = new SignInLock(handle.db, config.accounts, secret);
  const twoFactor = new StaffTwoFactor(handle.db, { sessions }, secret);
  for (const line of await resetTwoFactorFromCommand(handle.db, { twoFactor, signInLock }, process.argv.slice(2))) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
