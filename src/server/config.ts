import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** Every setting the server reads from the environment, parsed once at start. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public address of the shop, used for canonical links and mails. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string; without it the shop runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("data"),
  /** Signs session and CSRF tokens; generated once and kept in DATA_DIR when not set. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** JSON file with the shop profile used when the database is seeded. */
  SHOP_PROFILE_FILE: z.string().default("config/shop-profile.json"),
  /** Salt of the series hashids in URLs (/shop?series[]=…); changing it changes every such link. */
  HASHID_SALT: z.string().min(1).default("kura-series"),
  /** Set when a reverse proxy terminates TLS in front of the shop. */
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("development"),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  shopProfileFile: string;
  hashidSalt: string;
  trustProxy: boolean;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  /** Only the page renderer (Vite dev server vs production build) and logging depend on this. */
  production: boolean;
};

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
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET,
    shopProfileFile: env.SHOP_PROFILE_FILE,
    hashidSalt: env.HASHID_SALT,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    production: env.NODE_ENV === "production",
  };
}
