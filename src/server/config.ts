import { z } from "zod";
import { parseAllowListVariable, type AllowEntry } from "./security/ip-allow-list.ts";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Every setting the server reads from the environment, parsed once at start. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public address of the shop, used for canonical links and mails. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string; without it the shop runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Connections each process keeps to PostgreSQL (DATABASE_URL); processes × this must stay under the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Milliseconds a statement may run on PostgreSQL before it is cancelled (the request answers 503); 0 for no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATA_DIR: z.string().default("data"),
  /**
   * Signs session and CSRF tokens; generated once and kept in DATA_DIR when not set. Required with
   * DATABASE_URL: processes sharing one PostgreSQL must sign with the same secret.
   */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** JSON file with the shop profile used when the database is seeded. */
  SHOP_PROFILE_FILE: z.string().default("config/shop-profile.json"),
  /** Salt of the series hashids in URLs (/shop?series[]=…); changing it changes every such link. */
  HASHID_SALT: z.string().min(1).default("kura-series"),
  /** Set when a reverse proxy terminates TLS in front of the shop. */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * The back office's IP allow-list when set, replacing the owner's (decision 063): addresses or
   * CIDR ranges separated by commas or spaces, or `*` for any address (a locked-out owner's way in).
   */
  KURA_ADMIN_ALLOW_IPS: z
    .string()
    .refine((value) => {
      const parsed = parseAllowListVariable(value);
      return parsed === undefined || "entries" in parsed;
    }, "KURA_ADMIN_ALLOW_IPS must be * or IP addresses and CIDR ranges separated by commas, e.g. 203.0.113.7,192.0.2.0/24")
    .optional(),
  /** Devise lockable: failed sign-ins before the account locks, and minutes until it unlocks itself. */
  LOCK_MAX_ATTEMPTS: z.coerce.number().int().min(2).default(10),
  UNLOCK_AFTER_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Devise timeoutable: minutes of inactivity after which a session without remember_me ends. */
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Multiplies every rate limit (the browser suite signs in often from one address). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("development"),
  // --- mail (issue 5) ---
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@host:587; without it mails go to the built-in mailbox. */
  SMTP_URL: z
    .string()
    .refine((value) => value === "" || /^smtps?:\/\/[^\s/]+/.test(value), "SMTP_URL must look like smtp://user:password@host:587 (or smtps://…)")
    .optional(),
  /** Sender of the shop's mails, "Name <address>" or an address; defaults to the shop profile's e-mail and name. */
  MAIL_FROM: z
    .string()
    .refine(
      (value) => value === "" || /^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/.test(value),
      "MAIL_FROM must be an email address, optionally with a name: Kura <shop@example.jp>",
    )
    .optional(),
  /** The built-in mailbox (/dev/mailbox) on a production build, for signed-in staff only; off by default. */
  DEV_MAILBOX: booleanFlag.default(false),
  CHECK_ANSWER_KEYS: booleanFlag.default(false),
  // --- end mail ---
  /** The demo catalogue on an empty database; default on for the embedded database, off with DATABASE_URL. */
  DEMO_DATA: booleanFlag.optional(),
  // --- payments (issue 6) ---
  /** Stripe's secret key (sk_… or a restricted rk_…); with the publishable key it replaces the built-in test gateway. */
  STRIPE_SECRET_KEY: z
    .string()
    .refine((value) => value === "" || /^(sk|rk)_(test|live)_\S+$/.test(value), "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  /** Stripe's publishable key (pk_…), the only Stripe setting the browser sees. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .refine((value) => value === "" || /^pk_(test|live)_\S+$/.test(value), "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)")
    .optional(),
  /** Signing secret of the webhook endpoint /api/payments/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .refine((value) => value === "" || /^whsec_\S+$/.test(value), "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
    .optional(),
  /** Where the Stripe API is: tests point it at a local fake Stripe; default https://api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  // --- end payments ---
  // --- checkout (issue 6) ---
  /** Minutes a card order waiting for 3-D Secure holds its bottles before it is cancelled. */
  CHECKOUT_RESERVATION_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Calendar days a payment made elsewhere (a convenience-store voucher) may take; unpaid after that, the order is cancelled. */
  PAYMENT_VOUCHER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  // --- end checkout ---
  // --- card-testing defence (decision 064) ---
  /** Minutes over which refused cards are counted (at most a day). */
  CARD_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Refused cards a browser session may have in the window before its card attempts are refused. */
  CARD_FAILURES_PER_SESSION: z.coerce.number().int().min(1).default(5),
  /** Refused cards one client address may have in the window (× RATE_LIMIT_MULTIPLIER: offices share an address). */
  CARD_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Refusals one card (its fingerprint) may have in the window, whatever the session or address. */
  CARD_FAILURES_PER_CARD: z.coerce.number().int().min(1).default(5),
  // --- end card-testing defence ---
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Pool size and statement timeout of PostgreSQL connections (unused on the embedded database). */
  database: { poolSize: number; statementTimeoutMs: number };
  dataDir: string;
  sessionSecret: string | undefined;
  shopProfileFile: string;
  hashidSalt: string;
  trustProxy: boolean;
  /** KURA_ADMIN_ALLOW_IPS read: the allow-list that replaces the owner's (empty: any address), or undefined. */
  adminAllowIps: AllowEntry[] | undefined;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  accounts: { lockMaxAttempts: number; unlockAfterMinutes: number; sessionTimeoutMinutes: number };
  rateLimitMultiplier: number;
  /** Only the page renderer (Vite dev server vs production build) and logging depend on this. */
  production: boolean;
  /** Contains the SMTP password: never log it (the logger redacts `smtpUrl`). */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** DEV_MAILBOX: /dev/mailbox exists on a production build (for staff only). */
  devMailbox: boolean;
  /** CHECK_ANSWER_KEYS: a production build refuses an answer with a key its schema does not name, as other builds do (the browser tests' server). */
  checkAnswerKeys: boolean;
  /** DEMO_DATA: an empty database gets the demo catalogue, not only the shop profile. */
  demoData: boolean;
  /** Stripe's keys (never logged: the logger redacts `stripe`), or undefined for the built-in test gateway. */
  stripe: StripeConfig | undefined;
  /** Minutes a pending card order holds its stock (CHECKOUT_RESERVATION_MINUTES). */
  checkoutReservationMinutes: number;
  paymentVoucherDays: number;
  /** The card-testing defence's limits (decision 064). */
  cardAttemptLimits: { windowMinutes: number; failuresPerSession: number; failuresPerAddress: number; failuresPerCard: number };
};

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
}

/** Both keys or neither: one alone is a half-configured shop that would fail at the first payment. */
function stripeConfigOf(env: z.infer<typeof environmentSchema>): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (!secretKey && !publishableKey) return undefined;
  if (!secretKey || !publishableKey) {
    const missing = secretKey ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY";
    throw new Error(`Invalid configuration:\n  ${missing}: must be set together with ${secretKey ? "STRIPE_SECRET_KEY" : "STRIPE_PUBLISHABLE_KEY"}`);
  }
  if (secretKey.includes("_live_") !== publishableKey.includes("_live_")) {
    throw new Error("Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY");
  }
  return { secretKey, publishableKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined, apiBase: env.STRIPE_API_BASE };
}

export function readConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || undefined,
    database: { poolSize: env.DATABASE_POOL_SIZE, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET,
    shopProfileFile: env.SHOP_PROFILE_FILE,
    hashidSalt: env.HASHID_SALT,
    trustProxy: env.TRUST_PROXY,
    adminAllowIps: adminAllowIpsOf(env.KURA_ADMIN_ALLOW_IPS),
    logLevel: env.LOG_LEVEL,
    accounts: {
      lockMaxAttempts: env.LOCK_MAX_ATTEMPTS,
      unlockAfterMinutes: env.UNLOCK_AFTER_MINUTES,
      sessionTimeoutMinutes: env.SESSION_TIMEOUT_MINUTES,
    },
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    production: env.NODE_ENV === "production",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    devMailbox: env.DEV_MAILBOX,
    checkAnswerKeys: env.CHECK_ANSWER_KEYS,
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    stripe: stripeConfigOf(env),
    checkoutReservationMinutes: env.CHECKOUT_RESERVATION_MINUTES,
    paymentVoucherDays: env.PAYMENT_VOUCHER_DAYS,
    cardAttemptLimits: {
      windowMinutes: env.CARD_FAILURE_WINDOW_MINUTES,
      failuresPerSession: env.CARD_FAILURES_PER_SESSION,
      failuresPerAddress: env.CARD_FAILURES_PER_ADDRESS * env.RATE_LIMIT_MULTIPLIER,
      failuresPerCard: env.CARD_FAILURES_PER_CARD,
    },
  };
}

/**
 * What the server needs beyond what commands (admin:create, db:seed) do: on PostgreSQL, several
 * processes may serve the shop, and a secret generated per DATA_DIR would differ between them (a
 * CSRF token from one process would be refused by the next), so SESSION_SECRET must be given.
 */
export function checkServerConfig(config: Config): void {
  if (config.databaseUrl && !config.sessionSecret) {
    throw new Error(
      "Invalid configuration:\n  SESSION_SECRET: must be set when DATABASE_URL is set, to the same value in every process of the shop (e.g. the output of `openssl rand -base64 48`)",
    );
  }
}

function adminAllowIpsOf(value: string | undefined): AllowEntry[] | undefined {
  const parsed = parseAllowListVariable(value);
  return parsed && "entries" in parsed ? parsed.entries : undefined;
}
