import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { registerErrorHandler } from "./errors.ts";

// The net under the input checks: a value PostgreSQL cannot take that a check missed is answered
// as the visitor's 400, in the request's language, and logged without the value. A route here
// sends such values to the database on purpose, as a missing check would.

let database: DatabaseHandle;
const logged: string[] = [];

function appWithQuery(query: (value: string) => ReturnType<DatabaseHandle["db"]["execute"]>) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: "warn", stream } });
  app.decorateRequest("locale", "ja");
  app.addHook("onRequest", async (request) => {
    request.locale = request.headers["accept-language"] === "en" ? "en" : "ja";
  });
  registerErrorHandler(app);
  app.post<{ Body: { value: string } }>("/unchecked", async (request) => {
    await query(request.body.value);
    return { ok: true };
  });
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe("values the database refuses", () => {
  it.each([
    ["NUL in text", (value: string) => database.db.execute(sql`select ${value}::text as v`), "secret\u0000value@example.com"],
    ["an id beyond integer", (value: string) => database.db.execute(sql`select ${value}::integer as v`), "2147483648"],
    ["text that is no number", (value: string) => database.db.execute(sql`select ${value}::integer as v`), "secret-value"],
  ])("answers 400 for %s, in the request's language, without logging the value", async (_name, query, value) => {
    logged.length = 0;
    const app = appWithQuery(query);
    for (const [locale, text] of [
      ["ja", "入力内容に誤りがあります。"],
      ["en", "Some of the values you entered are not valid."],
    ] as const) {
      const response = await app.inject({ method: "POST", url: "/unchecked", headers: { "accept-language": locale }, payload: { value } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [text] });
    }
    expect(logged.length).toBe(2);
    expect(logged.join("")).not.toContain("secret");
    expect(logged.join("")).not.toContain("2147483648");
    await app.close();
  });

  it("still answers 500 for a failure that is not the visitor's value", async () => {
    const app = appWithQuery(() => database.db.execute(sql`select * from no_such_table`));
    const response = await app.inject({ method: "POST", url: "/unchecked", payload: { value: "x" } });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
