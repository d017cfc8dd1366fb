import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./database.ts";

/**
 * What a request carrying an Idempotency-Key asks of the first transaction it opens
 * (src/server/http/request-keys.ts, docs/decisions/049): its key is taken inside that transaction,
 * so the key is kept exactly when the write is, even if the process dies right after the commit.
 */
export interface TransactionClaim {
  /** Inserts the key's row with `tx`; throws (rolling the transaction back) when another request holds it. */
  take(tx: Database): Promise<void>;
  /** True once a transaction took the key, or once the request answered (later transactions are no longer its write). */
  settled: boolean;
}

const claims = new AsyncLocalStorage<TransactionClaim>();

/** Runs a route handler with its claim: the first `db.transaction` it opens takes the key. */
export function withTransactionClaim<T>(claim: TransactionClaim, work: () => Promise<T>): Promise<T> {
  return claims.run(claim, work);
}

/**
 * Makes `db.transaction` take the current request's key first (a no-op outside such a request).
 * A transaction that rolls back gives the claim back to the request's next transaction.
 */
export function claimingTransactions(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const claim = claims.getStore();
    if (!claim || claim.settled) return transaction(work, config);
    claim.settled = true;
    return transaction(async (tx) => {
      await claim.take(tx);
      return work(tx);
    }, config).catch((error: unknown) => {
      claim.settled = false;
      throw error;
    });
  }) as Database["transaction"];
  return db;
}
