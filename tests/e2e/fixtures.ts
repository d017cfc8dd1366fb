import { expect, request, test } from "@playwright/test";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import * as OTPAuth from "otpauth";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_MAIL_READER, E2E_OWNER } from "./e2e-owner.ts";

export { E2E_MAIL_READER, E2E_OWNER };

const TOTP_PERIOD_MS = 30_000;
const ownerTotp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(E2E_OWNER.totpSecret), algorithm: "SHA1", digits: 6, period: 30 });

function currentStep(): number {
  return Math.floor(Date.now() / TOTP_PERIOD_MS);
}

/**
 * The 30-second steps whose codes some worker has sent for this worker's owner, as one directory per
 * step, shared by every worker process that signs in as that owner in this run (a worker that
 * replaces a failed one has the same owner) and named after the shop's port and the owner. The server takes
 * each step once and none before the last one taken, so a worker that only knew its own steps lost
 * races to the others' and, with many owner sign-ins at once, could lose five in a row.
 */
const claimedSteps = path.join(os.tmpdir(), `kura-e2e-owner-steps-${process.env.E2E_PORT ?? 3100}-${E2E_OWNER.email}`);

/** Claims the earliest step from `from` on that is later than every step claimed so far (mkdir is atomic); null when none is left up to the next step. */
function claimStep(from: number): number | null {
  fs.mkdirSync(claimedSteps, { recursive: true });
  const claimed = fs.readdirSync(claimedSteps).map(Number).filter(Number.isInteger);
  for (const old of claimed) if (old < from - 20) fs.rmSync(path.join(claimedSteps, String(old)), { recursive: true, force: true });
  for (let step = Math.max(from, ...claimed.map((taken) => taken + 1)); step <= currentStep() + 1; step++) {
    try {
      fs.mkdirSync(path.join(claimedSteps, String(step)));
      return step;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return null;
}

/**
 * The owner's next code as the authenticator app would show it. The server takes the step before
 * and after the current one too, each at most once and only later than the last one taken: the
 * earliest step no worker has claimed comes first. When all three are claimed, waits for the clock
 * to reach the next step: the codes are a function of time.
 */
async function nextOwnerCode(): Promise<{ code: string; step: number }> {
  let step = claimStep(currentStep() - 1);
  while (step === null) {
    const now = currentStep();
    await expect.poll(currentStep, { timeout: testTime(90_000), intervals: [500] }).toBeGreaterThan(now);
    step = claimStep(currentStep() - 1);
  }
  return { code: ownerTotp.generate({ timestamp: step * TOTP_PERIOD_MS }), step };
}

/**
 * The second step of the owner's sign-in (decision 063), on the code page the password led to:
 * types the code computed from the owner's key. Another worker may have spent that step a moment
 * before (the page then says so): the next step's code is typed instead.
 */
export async function passOwnerSecondStep(page: Page, locale: "ja" | "en" = "ja", landing?: Locator): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: locale === "en" ? "Enter your verification code" : "確認コードの入力" })).toBeVisible();
  for (let attempt = 0; attempt < 5; attempt++) {
    const { code, step } = await nextOwnerCode();
    await page.getByLabel(locale === "en" ? "Verification code" : "確認コード").fill(code);
    await page.getByRole("button", { name: locale === "en" ? "Verify and sign in" : "確認してサインイン" }).click();
    const refused = page.getByTestId("admin-login-errors");
    // Where the sign-in leads: the dashboard, or the page it was asked for (`landing`).
    const arrived = landing ?? page.getByRole("heading", { level: 1, name: locale === "en" ? "Dashboard" : "ダッシュボード" });
    await expect(arrived.or(refused)).toBeVisible();
    if (!(await refused.isVisible())) return;
    // On a loaded machine the post may reach the server after the clock left the step's window
    // (the earliest step is tried first, so it is the oldest the server still takes): the code is
    // then refused as wrong, and the next step's code is typed, as an owner would type the new one.
    if (step < currentStep() - 1 && (await refused.textContent())?.includes(locale === "en" ? "not correct" : "正しくありません")) continue;
    await expect(refused).toContainText(locale === "en" ? "already been used" : "すでに使われています");
  }
  throw new Error("the owner's codes kept being refused");
}

export const SHOP_NAME_JA = "酒舗 蔵";
export const SHOP_NAME_EN = "Kura Wine & Spirits";

/** A returning visitor who already confirmed their age: the age gate's cookie (decision 056). */
export async function asConfirmedAdult(page: Page): Promise<void> {
  await page.context().addCookies([{ name: "age_confirmed", value: "1", url: test.info().project.use.baseURL!, sameSite: "Lax" }]);
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The CSRF token of the page last loaded (it changes at sign-in: load a page again after). */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
}

/** A guest's bank-transfer order of one bottle of product 1, placed through the API; answers its id. */
export async function placeBankOrder(page: Page, email: string): Promise<string> {
  await page.goto("/");
  const response = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `e2e-bank-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ id: 1, amount: 1 }],
      payment_method: "bank",
      name: "蔵前 太郎",
      email,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "",
      birth_date: "1990-04-01",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order_id: string }).order_id;
}

/**
 * The trader receives `bottles` of a product through the back office (a signed-in trader's page):
 * journeys that buy from the small demo stock put back what they took, or receive what they are
 * about to buy, so later journeys on the same server still find it on the shelf.
 */
export async function restock(trader: Page, productId: number | string, bottles: number): Promise<void> {
  const restocked = await trader.request.post(`/admin/api/products/${productId}/restock`, {
    headers: { "x-csrf-token": await csrfOf(trader), "idempotency-key": crypto.randomUUID() },
    data: { amount: bottles },
  });
  expect(restocked.status(), await restocked.text()).toBe(200);
}

/** The trader in a browser of their own, signed in through the back office's sign-in page; ends on the dashboard. */
export async function traderSignsIn(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(E2E_OWNER.email);
  await page.getByLabel("パスワード").fill(E2E_OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(page);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  return page;
}

/** Signs a browser context's cookies in as the test server's mailbox reader (staff, no second factor) through the staff sign-in API. */
async function signInAsTestOwner(client: APIRequestContext): Promise<void> {
  const page = await (await client.get("/admin/login")).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1] ?? "";
  const response = await client.post("/admin/api/session", { headers: { "x-csrf-token": token }, data: E2E_MAIL_READER });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { staff?: unknown }).staff, "the mailbox reader signs in with its password alone").toBeDefined();
}

/**
 * The built-in mailbox as the test server serves it: on a production build /dev/mailbox exists only
 * with DEV_MAILBOX=1 and only for staff, so it opens in a browser of its own signed in as the test
 * owner (the shopper's page keeps its own session). The browser is closed after `read`.
 */
export async function withMailbox<T>(shopper: Page, read: (mailbox: Page) => Promise<T>): Promise<T> {
  // The trader reads mail on a desktop: inside a test, newContext() would take the project's phone
  // viewport and touch emulation, under which a long mailbox table is laid out at 980 px and zoomed.
  const context = await shopper
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false });
  try {
    await signInAsTestOwner(context.request);
    return await read(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The same for tests without a page: a request context signed in as the test owner. */
export async function withMailboxRequest<T>(read: (mailbox: APIRequestContext) => Promise<T>): Promise<T> {
  const client = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await signInAsTestOwner(client);
    return await read(client);
  } finally {
    await client.dispose();
  }
}

/**
 * Path and query of the link containing `linkPart` in the newest mail to `to`, read in the built-in
 * mailbox over HTTP as the test owner (no browser of its own: a page and its sign-in per look cost
 * seconds on a loaded machine). Mails leave through the outbox a moment after the request that
 * caused them, so the mailbox is asked again until that mail is the newest to `to`; the deadline is
 * sized for a loaded two-core machine (decision 055).
 */
export async function linkInMail(to: string, linkPart: string): Promise<string> {
  return withMailboxRequest(async (mailbox) => {
    let link = "";
    await expect
      .poll(
        async () => {
          const list = await (await mailbox.get("/dev/mailbox")).text();
          const mailPath = /href="(\/dev\/mailbox\/\d+)"/.exec(list.split("<tr>").find((cells) => cells.includes(to)) ?? "")?.[1];
          if (!mailPath) return "";
          const mail = await (await mailbox.get(mailPath)).text();
          const links = [...mail.matchAll(/<a href="(https?:[^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
          link = links.find((href) => href.includes(linkPart)) ?? "";
          return link;
        },
        { message: `a mail to ${to} with a link to ${linkPart}`, timeout: testTime(60_000) },
      )
      .not.toBe("");
    const url = new URL(link);
    return url.pathname + url.search;
  });
}

/**
 * A new member as a shopper becomes one: signs up through the API, follows the confirmation link
 * from the built-in mailbox and signs in; ends on the top page so the next post carries the new
 * token. Answers the member's e-mail.
 */
export async function signUpAndSignIn(page: Page, prefix = "member"): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "correct horse battery";
  await page.goto("/");
  const signUp = await page.request.post("/api/users", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { api_user: { email, password, password_confirmation: password } },
  });
  expect(signUp.status()).toBe(201);
  expect((await page.request.get(await linkInMail(email, "confirmation_token"))).ok()).toBe(true);
  await page.goto("/");
  const signIn = await page.request.post("/api/users/sign_in", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { api_user: { email, password } },
  });
  expect(signIn.status()).toBe(200);
  await page.goto("/");
  return email;
}

/** A date of birth well over 20: the order form's age field (decision 036). */
export const ADULT_BIRTH_DATE = "1985-04-01";

/** Types the orderer's date of birth next to the under-20 notice at checkout. */
export async function fillBirthDate(page: Page, date = ADULT_BIRTH_DATE): Promise<void> {
  await page.getByLabel(/^(生年月日|Date of birth)/).fill(date);
}

/** The path of a mail's link: the mail names the configured public host, the tests use baseURL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A member created over HTTP (sign-up, then the confirmation link of the mail), for journeys that start signed up; answers the e-mail. */
export async function createConfirmedMember(request: APIRequestContext, password: string, email = `${crypto.randomUUID()}@example.com`): Promise<string> {
  const page = await (await request.get("/login")).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1];
  expect(token).toBeTruthy();
  const signUp = await request.post("/ja/api/users", {
    headers: { "x-csrf-token": token! },
    data: { api_user: { email, password, password_confirmation: password } },
  });
  expect(signUp.status()).toBe(201);
  const confirmed = await request.get(await linkInMail(email, "confirmation_token"));
  expect(new URL(confirmed.url()).pathname).toBe("/confirmations/thanks");
  return email;
}
