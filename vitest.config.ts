import { defineConfig } from "vitest/config";
import { testTime } from "./src/server/testing/test-time.ts";

// Unit and API tests. The React Router plugin is left out on purpose: tests import modules directly.
// Timeouts are sized for a loaded two-core machine (decision 055): a file's fresh database and app
// take a second when quiet and half a minute under load.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./src/server/db/test-template.global.ts"],
    pool: "forks",
    testTimeout: testTime(60_000),
    hookTimeout: testTime(180_000),
    // expect.poll gives up after one second unless told otherwise: a cache invalidation or a
    // background job takes longer than that on a loaded machine.
    expect: { poll: { timeout: testTime(30_000) } },
  },
});
