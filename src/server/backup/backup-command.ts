// `npm run db:backup [FILE]`: a backup of the configured database (decision 022, docs/operations.md).
// PostgreSQL through pg_dump; the embedded database directly when no process has it open, otherwise
// written by the running shop on request, so it can be taken without stopping the shop.
import fs from "node:fs";
import { readConfig } from "../config.ts";
import { dataDirLockOwner } from "../db/client.ts";
import { BackupRefusedError, backupEmbedded, backupPostgres, defaultBackupFile } from "./backup.service.ts";
import { requestBackupFromShop } from "./online-backup.ts";

const config = readConfig();
const file = process.argv[2] ?? defaultBackupFile(config.databaseUrl ? "postgres" : "embedded");
try {
  // Never over an older backup (and the running shop's answer is recognised by the file appearing).
  if (fs.existsSync(file)) throw new BackupRefusedError(`${file} already exists: give another file name, or move the old backup away first.`);
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
  } else {
    const owner = dataDirLockOwner(config.dataDir);
    if (owner) console.log(`The shop (process ${owner}) has the embedded database open: it writes the backup.`);
    await (owner ? requestBackupFromShop(config.dataDir, owner, file) : backupEmbedded(config.dataDir, file));
  }
  const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Backup written: ${file} (${megabytes} MB). Copy it off this machine; restore with: npm run db:restore ${file}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
