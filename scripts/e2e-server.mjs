// The server the browser tests run against: the production build on a fresh embedded database in
// a temporary folder that is removed when the server stops.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-e2e-"));
process.env.NODE_ENV = "production";
process.env.DATA_DIR = dataDir;
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL ??= "warn";
delete process.env.DATABASE_URL;
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import("../dist/server/main.js");
