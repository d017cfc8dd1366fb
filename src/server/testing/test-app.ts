import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app.ts";
import { readConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { ShopProfileService, readShopProfileFile } from "../shop/shop-profile.service.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { createTestDatabase } from "./test-database.ts";
import type { UserResource } from "../../domain/account.ts";
import { hashPassword } from "../accounts/password.ts";
import { usersTable } from "../db/schema/accounts.ts";

export interface BrowserSession {
  cookie: string;
  headers: Record<string, string>;
}

export interface MemberSession extends BrowserSession {
  user: UserResource;
  email: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A session cookie and its matching CSRF header, as a page would give a browser. */
  browserSession(): BrowserSession;
  /** Creates a confirmed member and signs in through the API, as the sign-in page does. */
  memberSession(options?: { email?: string; password?: string; remember?: boolean }): Promise<MemberSession>;
  /** Signs in through the API from a new browser session and returns the answer, for the test to check. */
  signIn(credentials: { email: string; password: string }): Promise<LightMyRequestResponse>;
  /** The session a response moved the browser to (sign-in and sign-out rotate it). */
  sessionFrom(response: { cookies: { name: string; value: string }[] }): BrowserSession;
  /** Sends the queued mails (after the work requests left running) and returns those the built-in mailbox holds for `to`, newest first. */
  mailsTo(to: string): Promise<{ subject: string; text: string; html: string }[]>;
  close(): Promise<void>;
}

const TEST_SECRET = "test-secret-that-is-at-least-32-characters-long";

/** The app as production builds it, on a fresh database (or the one given) with the demo profile, without pages unless asked. */
export async function createTestApp(
  environment: Record<string, string> = {},
  existing?: DatabaseHandle,
  options: {
    onRoute?: (route: RouteOptions) => void;
    /** "production": the pages too, from the production build (`scripts/ensure-build.mjs` first). */
    pages?: "production" | "none";
    /** Items over which bulk work runs as a job (decision 069): a small number instead of a big data set. */
    jobThreshold?: number;
  } = {},
): Promise<TestApp> {
  const database = existing ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kura-api-test-"));
  const config = readConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET, LOG_LEVEL: "silent", ...environment });
  // The demo shop profile only: each test builds the catalogue it needs with the factories.
  await new ShopProfileService(database.db).save(readShopProfileFile(config.shopProfileFile));
  const app = await buildApp({ config, database, pages: options.pages ?? "none", onRoute: options.onRoute, jobThreshold: options.jobThreshold });
  await app.ready();
  const sessionOf = (sessionId: string): BrowserSession => ({
    cookie: `${SESSION_COOKIE}=${sessionId}`,
    headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, "x-csrf-token": csrfTokenFor(sessionId, TEST_SECRET) },
  });
  let signIns = 0;
  const sessionFrom = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE);
    if (!cookie) throw new Error("the response set no session cookie");
    return sessionOf(cookie.value);
  };
  return {
    app,
    database,
    browserSession() {
      return sessionOf(crypto.randomUUID().replaceAll("-", "").padEnd(43, "x"));
    },
    sessionFrom,
    signIn: ({ email, password }) =>
      app.inject({
        method: "POST",
        url: "/api/users/sign_in",
        headers: sessionOf(crypto.randomUUID().replaceAll("-", "").padEnd(43, "x")).headers,
        payload: { api_user: { email, password } },
      }),
    async memberSession(options = {}) {
      const email = options.email ?? `member-${crypto.randomUUID()}@example.com`;
      const password = options.password ?? "correct horse battery";
      await database.db.insert(usersTable).values({ email, passwordHash: await hashPassword(password), confirmedAt: new Date() });
      const guest = sessionOf(crypto.randomUUID().replaceAll("-", "").padEnd(43, "x"));
      signIns += 1;
      const response = await app.inject({
        method: "POST",
        url: "/api/users/sign_in",
        // Each member from an address of its own (198.18.0.0/15, for tests): a file making many
        // members stays under the sign-in rate limit, which counts per client address.
        remoteAddress: `198.18.${Math.floor(signIns / 250) % 256}.${(signIns % 250) + 1}`,
        headers: guest.headers,
        payload: { api_user: { email, password, remember_me: options.remember ?? false } },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return { ...sessionFrom(response), user: response.json().data, email, password };
    },
    async mailsTo(to) {
      // Reset and resend mails are queued after their answer (AfterAnswer).
      await app.services.afterAnswer.settled();
      await app.services.mail.flush();
      return app.services.mailbox.list({ to });
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of the enclosing describe block (or file): built in a beforeAll, closed in an
 * afterAll. Most API test files open this way; the handle is filled in place, so the tests read
 * `shop.app` as they would from createTestApp, once the hook has run (not at collection time).
 * Further set-up (members, staff, products) goes in the file's own beforeAll, registered after
 * this call so that it runs once the app is there.
 */
export function testAppFixture(...args: Parameters<typeof createTestApp>): TestApp {
  const shop = {} as TestApp;
  beforeAll(async () => {
    Object.assign(shop, await createTestApp(...args));
  });
  afterAll(async () => {
    await shop.close?.(); // absent when the app failed to build: that failure is the one to see
  });
  return shop;
}

/** What building the production bundle may take on a busy two-core machine (beforeAll's bound in the tests that use it). */
export const PRODUCTION_BUILD_TIMEOUT_MS = 900_000;

/**
 * The app with its pages from the production build, for tests of the pages' forms and actions
 * (decisions 052, 057, 059): `scripts/ensure-build.mjs` first (it builds only when the sources are
 * newer than build/, and always for production), then the app as createTestApp makes it. Call it
 * in a beforeAll bounded by PRODUCTION_BUILD_TIMEOUT_MS.
 */
export async function createTestAppWithPages(environment: Record<string, string> = {}): Promise<TestApp> {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  return createTestApp(environment, undefined, { pages: "production" });
}

/**
 * testAppFixture with the pages: the app of createTestAppWithPages, built in a beforeAll bounded by
 * PRODUCTION_BUILD_TIMEOUT_MS and closed in an afterAll. The handle is filled in place as there.
 */
export function testAppWithPagesFixture(environment: Record<string, string> = {}): TestApp {
  const shop = {} as TestApp;
  beforeAll(async () => {
    Object.assign(shop, await createTestAppWithPages(environment));
  }, PRODUCTION_BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await shop.close?.(); // absent when the build or the app failed: that failure is the one to see
  });
  return shop;
}
