import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import { BackupRefusedError, dumpOpenPglite } from "./backup.service.ts";

/**
 * Backups of the embedded database while the shop runs (decision 022). PGlite allows one process,
 * so `npm run db:backup` cannot open it next to the shop: it leaves a request file in DATA_DIR and
 * sends the shop SIGUSR2, and the shop, which has the database open, writes the dump. The shop
 * marks itself in `kura.serving`, so the command never signals another holder of the lock (a seed
 * or admin:create, which SIGUSR2 would end).
 */

const SERVING_FILE = "kura.serving";
const REQUEST_PREFIX = "backup-request-";

/** Started by main.ts once the shop listens; `stop` removes the mark and the handler. */
export function serveBackupRequests(database: DatabaseHandle, dataDir: string, log: FastifyBaseLogger): { stop(): void } {
  const client = database.pglite;
  if (!client) return { stop: () => undefined };
  const servingFile = path.join(dataDir, SERVING_FILE);
  fs.writeFileSync(servingFile, String(process.pid));
  let running = Promise.resolve();
  const onSignal = () => {
    running = running.then(async () => {
      for (const name of fs.readdirSync(dataDir).filter((each) => each.startsWith(REQUEST_PREFIX))) {
        const requestFile = path.join(dataDir, name);
        let target: string;
        try {
          target = (JSON.parse(fs.readFileSync(requestFile, "utf8")) as { file: string }).file;
          fs.rmSync(requestFile, { force: true });
        } catch {
          continue; // taken by an earlier signal, or not written completely yet: its own signal follows
        }
        try {
          await dumpOpenPglite(client, target);
          log.info({ file: target }, "backup written");
        } catch (error) {
          log.error({ err: error }, "backup failed");
          fs.writeFileSync(`${target}.failed`, error instanceof Error ? error.message : String(error));
        }
      }
    });
  };
  process.on("SIGUSR2", onSignal);
  return {
    stop: () => {
      process.off("SIGUSR2", onSignal);
      fs.rmSync(servingFile, { force: true });
    },
  };
}

/** Asks the shop that holds the embedded database (process `owner`) to write a backup to `file`. */
export async function requestBackupFromShop(dataDir: string, owner: number, file: string, timeoutMs = 10 * 60_000): Promise<void> {
  const serving = Number(readOrEmpty(path.join(dataDir, SERVING_FILE)));
  if (serving !== owner) {
    throw new BackupRefusedError(
      `Process ${owner} has the embedded database in ${path.resolve(dataDir)} open and is not a running shop ` +
        "(npm run db:seed or admin:create?). Wait until it has finished, then run npm run db:backup again.",
    );
  }
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(`${target}.failed`, { force: true });
  const requestFile = path.join(dataDir, `${REQUEST_PREFIX}${crypto.randomBytes(6).toString("hex")}.json`);
  fs.writeFileSync(`${requestFile}.tmp`, JSON.stringify({ file: target }));
  fs.renameSync(`${requestFile}.tmp`, requestFile);
  try {
    await new Promise<void>((resolve, reject) => {
      const watcher = fs.watch(path.dirname(target));
      const finish = (error?: Error) => {
        clearTimeout(timer);
        watcher.close();
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (fs.existsSync(target)) finish();
        else if (fs.existsSync(`${target}.failed`)) {
          const reason = fs.readFileSync(`${target}.failed`, "utf8");
          fs.rmSync(`${target}.failed`, { force: true });
          finish(new BackupRefusedError(`The shop could not write the backup: ${reason}`));
        }
      };
      const timer = setTimeout(
        () => finish(new BackupRefusedError(`The shop (process ${owner}) wrote no backup within ${timeoutMs / 1000} s; see its log.`)),
        timeoutMs,
      );
      watcher.on("change", check);
      watcher.on("error", (error) => finish(error));
      try {
        process.kill(owner, "SIGUSR2");
      } catch (error) {
        const denied = (error as NodeJS.ErrnoException).code === "EPERM";
        finish(
          new BackupRefusedError(
            denied ? `The shop (process ${owner}) runs as another user: run npm run db:backup as that user.` : `Could not signal the shop (process ${owner}).`,
          ),
        );
        return;
      }
      check();
    });
  } finally {
    fs.rmSync(requestFile, { force: true });
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
