import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app.ts";

describe("health when the database is gone", () => {
  it("answers 503 with a message and no internals", async () => {
    const shop = await createTestApp();
    const closeDatabase = shop.database.close;
    await closeDatabase();
    const response = await shop.app.inject({ method: "GET", url: "/healthz", cookies: { locale: "en" } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", errors: ["The database cannot be reached."] });
    await shop.app.close();
  });
});
