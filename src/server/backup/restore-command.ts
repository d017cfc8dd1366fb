// `npm run db:restore FILE [-- --force]`: puts a backup of `npm run db:backup` back into the
// configured database, which must be empty unless --force (decision 022, docs/operations.md).
import { readConfig } from "../config.ts";
import { dataDirLockOwner } from "../db/client.ts";
import { BackupRefusedError, backupKindOf, restoreEmbedded, restorePostgres } from "./backup.service.ts";

const config = readConfig();
const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((arg) => !arg.startsWith("--"));
try {
  if (!file) throw new BackupRefusedError("usage: npm run db:restore FILE [-- --force]");
  const kind = backupKindOf(file);
  if (kind === "embedded" && config.databaseUrl) {
    throw new BackupRefusedError(`${file} is a backup of the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR.`);
  }
  if (kind === "postgres" && !config.databaseUrl) {
    throw new BackupRefusedError(`${file} is a pg_dump backup of PostgreSQL: set DATABASE_URL to the (empty) database to restore it into.`);
  }
  let notes: string[];
  if (config.databaseUrl) {
    notes = await restorePostgres(config.databaseUrl, file, { force });
  } else {
    const owner = dataDirLockOwner(config.dataDir);
    if (owner) throw new BackupRefusedError(`The shop (process ${owner}) has the embedded database open: stop it, restore, then start it again.`);
    notes = await restoreEmbedded(config.dataDir, file, { force });
  }
  for (const note of notes) console.log(note);
  console.log(`Restored ${file}. Start the shop as usual; it applies any newer migrations.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
