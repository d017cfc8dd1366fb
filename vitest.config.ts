import { defineConfig } from "vitest/config";

// Unit and API tests. The React Router plugin is left out on purpose: tests import modules directly.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./src/server/db/test-template.global.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
