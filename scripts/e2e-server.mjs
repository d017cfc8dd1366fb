// The server the browser tests run against: the production build on a fresh embedded database in
// a temporary folder that is removed when the server stops (or on E2E_DATABASE_URL).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-e2e-"));
// E2E_DEV=1 runs the sources through the Vite dev server instead of the build, so several people
// can run browser tests at once without rebuilding each other's dist/ (slower first page).
const development = Boolean(process.env.E2E_DEV);
process.env.NODE_ENV = development ? "development" : "production";
process.env.DATA_DIR = dataDir;
process.env.HOST = "127.0.0.1";
// The shop's public address is the one the browsers use (playwright.config.ts's baseURL): a gateway
// sends the shopper back to it (PayPay's /checkout/return), and on localhost instead the browser
// would arrive without its 127.0.0.1 session cookie: no cart, and an order that is not theirs.
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT}`;
process.env.LOG_LEVEL ??= "warn";
// The demo catalogue on either database (DATABASE_URL alone would leave it out), and the built-in
// mailbox, where the journeys read their mails as the test owner (ADMIN_EMAIL and ADMIN_PASSWORD,
// from playwright.config.ts, make that owner at the first start).
process.env.DEMO_DATA = "1";
process.env.DEV_MAILBOX = "1";
// An answer with a key its response schema does not name is a 500 here, as in the API tests (decision 093).
process.env.CHECK_ANSWER_KEYS = "1";
// Every browser test signs in from 127.0.0.1; the limits themselves are tested in the API suite.
process.env.RATE_LIMIT_MULTIPLIER ??= "50";
// E2E_DATABASE_URL runs the same journeys on PostgreSQL (CI); otherwise the embedded database.
// (PostgreSQL wants SESSION_SECRET set: any value will do for one test server.)
if (process.env.E2E_DATABASE_URL) {
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  process.env.SESSION_SECRET ??= "e2e-secret-that-is-at-least-32-characters-long";
} else delete process.env.DATABASE_URL;
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
// Before the server: the first start's set-up, exactly as the server's own first start does it
// (migrations, the demo catalogue, and the owner of ADMIN_EMAIL, ADMIN_PASSWORD and
// ADMIN_TOTP_SECRET, enrolled in two-step verification with that key). Only then the staff account
// the journeys read the mailbox with, made with `npm run admin:create` as a trader would
// (tests/e2e/e2e-owner.ts). Made first, that account would be the database's first staff member,
// and the set-up would make no owner: on PostgreSQL (where admin:create migrates but does not set
// up) every owner journey met an owner who had to enrol.
if (process.env.E2E_MAIL_READER_EMAIL) {
  const { execFileSync } = await import("node:child_process");
  const [loader, source, extension] = development ? [["--import", "tsx"], "./src/server", "ts"] : [[], "./dist/server", "js"];
  const run = (args, env = process.env) => execFileSync(process.execPath, [...loader, ...args], { stdio: ["ignore", "ignore", "inherit"], env });
  // In processes of their own, as admin:create runs: the embedded database allows one process at a time.
  run(["scripts/e2e-set-up.mjs"]);
  run([`${source}/admin/staff-create-command.${extension}`, process.env.E2E_MAIL_READER_EMAIL, "--role", "staff"], {
    ...process.env,
    ADMIN_PASSWORD: process.env.E2E_MAIL_READER_PASSWORD,
  });
}
if (development) {
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
} else {
  await import("../dist/server/main.js");
}
