import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { readConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { ShopProfileService, readShopProfileFile } from "../shop/shop-profile.service.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { createTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A session cookie and its matching CSRF header, as a page would give a browser. */
  browserSession(): { cookie: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const TEST_SECRET = "test-secret-that-is-at-least-32-characters-long";

/** The app as production builds it, on a fresh database with the demo profile, without pages. */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-api-test-"));
  const config = readConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET, LOG_LEVEL: "silent" });
  // The demo shop profile only: each test builds the catalogue it needs with the factories.
  await new ShopProfileService(database.db).save(readShopProfileFile(config.shopProfileFile));
  const app = await buildApp({ config, database, pages: "none" });
  await app.ready();
  return {
    app,
    database,
    browserSession() {
      const sessionId = crypto.randomUUID().replaceAll("-", "").padEnd(43, "x");
      return {
        cookie: `${SESSION_COOKIE}=${sessionId}`,
        headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, "x-csrf-token": csrfTokenFor(sessionId, TEST_SECRET) },
      };
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
