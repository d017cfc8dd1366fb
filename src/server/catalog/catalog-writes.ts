import type { Database } from "../db/client.ts";

// Statements that change rows; reads (select, $count, query) pass through untouched.
const WRITING_METHODS = new Set(["insert", "update", "delete", "execute"]);

/**
 * The catalogue's tables as its own write services see them: every insert, update, delete, raw
 * statement or transaction run through the returned handle calls `changed` once it has finished
 * (a transaction: once it has committed), before the caller gets the result. So no write of the
 * catalogue can forget to refresh the shop's cached catalogue, and no caller outside the module has
 * to remember it (issue 17, decision 028).
 *
 * Drizzle's query builders are thenables: the proxy hooks their `then`, so a statement built in
 * steps (`.values().returning()`) is seen when it is awaited, and only then.
 */
export function invalidatingWrites(db: Database, changed: () => Promise<void>): Database {
  const afterWrite = <T>(builder: object): T =>
    new Proxy(builder, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === "then" && typeof value === "function") {
          return (onFulfilled?: (result: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
            (value as (ok: (result: unknown) => unknown) => Promise<unknown>)
              .call(target, async (result: unknown) => {
                await changed();
                return result;
              })
              .then(onFulfilled, onRejected);
        }
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const next: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          // A chained builder step returns the next builder: keep watching it.
          return next !== null && typeof next === "object" && "then" in next ? afterWrite(next) : next;
        };
      },
    }) as T;

  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "transaction") {
        return async (...args: unknown[]) => {
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          await changed();
          return result;
        };
      }
      if (typeof property === "string" && WRITING_METHODS.has(property)) {
        return (...args: unknown[]) => afterWrite((value as (...a: unknown[]) => object).apply(target, args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
