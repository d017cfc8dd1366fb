// The server the browser tests run against: the production build on a fresh embedded database in
// a temporary folder that is removed when the server stops (or on E2E_DATABASE_URL).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-e2e-"));
process.env.NODE_ENV = "production";
process.env.DATA_DIR = dataDir;
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL ??= "warn";
// E2E_DATABASE_URL runs the same journeys on PostgreSQL (CI); otherwise the embedded database.
if (process.env.E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete process.env.DATABASE_URL;
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import("../dist/server/main.js");
