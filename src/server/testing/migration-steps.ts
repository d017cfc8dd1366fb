import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { MIGRATIONS_FOLDER } from "../db/client.ts";

/** A bare embedded database that a data-migration test brings up one migration at a time. */
export interface MigrationSteps {
  /** The database, for the rows a test writes between migrations and the ones it reads after. */
  readonly client: PGlite;
  /** The migrations' tags in the journal's order (`0034_payments_and_shipments`, …). */
  journal(): Promise<string[]>;
  /** Runs one migration's SQL file, statement by statement, as the migrator would. */
  apply(tag: string): Promise<void>;
}

/**
 * For the tests of a migration that moves existing data, run on the SQL files themselves: a fresh
 * database in a beforeAll, with no migration applied, closed in an afterAll. The test applies the
 * migrations before the one it tests, writes rows as they were then, applies that one and reads.
 */
export function migrationSteps(): MigrationSteps {
  let client: PGlite | undefined;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(async () => {
    await client?.close();
  });
  const steps: MigrationSteps = {
    get client() {
      if (!client) throw new Error("migrationSteps(): the database is there once beforeAll has run");
      return client;
    },
    async journal() {
      const text = await readFile(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8");
      return (JSON.parse(text) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
    },
    async apply(tag) {
      const sql = await readFile(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
      for (const statement of sql.split("--> statement-breakpoint")) if (statement.trim()) await steps.client.exec(statement);
    },
  };
  return steps;
}
