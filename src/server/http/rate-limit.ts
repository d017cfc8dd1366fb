import crypto from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

/**
 * Per-route limits for the calls people abuse (sign-in, sign-up, password reset, resend, inquiry,
 * checkout, back-office sign-in). A route opts in with `config: { rateLimit: rateLimitFor("signIn") }`. Counters live in
 * PostgreSQL so every process behind a load balancer shares them (decision 021); keys are hashed so the
 * table holds no IP addresses.
 */
export const RATE_LIMITS = {
  signIn: { max: 20, windowMs: 10 * 60_000 },
  signUp: { max: 10, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
  resend: { max: 5, windowMs: 60 * 60_000 },
  inquiry: { max: 5, windowMs: 10 * 60_000 },
  magazine: { max: 5, windowMs: 60 * 60_000 },
  // 再入荷のお知らせ's sign-ups per IP (decision 083); the address has its own cap in the service.
  restock: { max: 30, windowMs: 60 * 60_000 },
  checkout: { max: 30, windowMs: 10 * 60_000 },
  // A gift sender's list of destinations read and checked (decision 087): postcode lookups per row.
  destinationsList: { max: 30, windowMs: 10 * 60_000 },
  // 抽選販売 entries (decision 084): one entry per member counts anyway; this stops scripted tries.
  lotteryEntry: { max: 10, windowMs: 10 * 60_000 },
  staffSignIn: { max: 20, windowMs: 10 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

let multiplier = 1;

/** Route config for one named limit; the same name shares one counter across /api, /ja/api and /en/api. */
export function rateLimitFor(name: RateLimitName): { max: number; timeWindow: number; groupId: string } {
  const limit = RATE_LIMITS[name];
  return { max: limit.max * multiplier, timeWindow: limit.windowMs, groupId: name };
}

function storeFor(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const hashed = crypto.createHash("sha256").update(key).digest("base64url");
      db.execute(
        sql`insert into rate_limits (key, window_ends_at, hits)
            values (${hashed}, now() + make_interval(secs => ${timeWindow / 1000}), 1)
            on conflict (key) do update set
              hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
              window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end
            returning hits, (extract(epoch from (window_ends_at - now())) * 1000)::int as ttl`,
      ).then(
        (result) => {
          // Both drivers answer { rows }; the shared database type leaves the result untyped.
          const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) });
          // Old windows are dead weight; sweep now and then instead of on a timer.
          if (Math.random() < 0.01) void db.execute(sql`delete from rate_limits where window_ends_at < now()`).catch(() => undefined);
        },
        (error: Error) => callback(error),
      );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, options: { db: Database; multiplier: number }): Promise<void> {
  multiplier = options.multiplier;
  await app.register(rateLimit, {
    global: false,
    store: storeFor(options.db),
    // The error handler turns the 429 into the localized message.
    errorResponseBuilder: (_request, context) => Object.assign(new Error("rate limited"), { statusCode: context.statusCode }),
  });
}
