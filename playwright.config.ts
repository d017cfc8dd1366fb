import { defineConfig, devices } from "@playwright/test";
import { serverNodeFlags } from "./scripts/server-flags.mjs";
import { testTime } from "./src/server/testing/test-time.ts";
import { E2E_MAIL_READER, E2E_OWNERS } from "./tests/e2e/e2e-owner.ts";

const port = Number(process.env.E2E_PORT ?? 3100);

// Browser journeys against the production build on a fresh embedded database. Debian's Chromium
// only: no browser is ever downloaded. Timeouts are sized for a loaded two-core machine, where a
// page takes seconds to load and hydrate (decision 055); journeys that do more set their own.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: testTime(90_000),
  expect: { timeout: testTime(15_000) },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /admin-settings\.spec\.ts/ },
    // The acceptance journeys of the storefront, and the staff order form (decision 081), again on a
    // phone (390 × 844, touch). Other journeys that look at a phone set their own viewport inside
    // the desktop project.
    {
      name: "phone",
      use: { ...devices["Desktop Chrome"], channel: undefined, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /(storefront-acceptance|checkout-cls|staff-order)\.spec\.ts/,
    },
    // Journeys that change shop-wide settings run alone, after every other journey has finished.
    {
      name: "shop-settings",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /admin-settings\.spec\.ts/,
      dependencies: ["desktop", "phone"],
    },
  ],
  webServer: {
    // With the Node flags of `npm start` (its heap limit among them), so every journey runs within them.
    command: ["node", ...serverNodeFlags(), "scripts/e2e-server.mjs"].join(" "),
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      ADMIN_EMAIL: E2E_OWNERS[0].email,
      ADMIN_PASSWORD: E2E_OWNERS[0].password,
      ADMIN_TOTP_SECRET: E2E_OWNERS[0].totpSecret,
      E2E_MORE_OWNERS: JSON.stringify(E2E_OWNERS.slice(1)),
      E2E_MAIL_READER_EMAIL: E2E_MAIL_READER.email,
      E2E_MAIL_READER_PASSWORD: E2E_MAIL_READER.password,
    },
    // Generous: a first start creates the database and seeds the demo catalogue and its images:
    // five minutes at load 20 and ten at load 30 on a two-core machine (decision 055).
    timeout: testTime(900_000),
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
