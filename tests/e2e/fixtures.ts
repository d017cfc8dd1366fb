import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";

export const SHOP_NAME_JA = "酒舗 蔵";
export const SHOP_NAME_EN = "Kura Wine & Spirits";

/** A returning visitor who already confirmed their age. */
export async function asConfirmedAdult(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("ageConfirmed", "true"));
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The CSRF token of the page last loaded (it changes at sign-in: load a page again after). */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
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
  let link = "";
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mailbox");
        const mail = page.getByRole("row", { name: email }).getByRole("link");
        if ((await mail.count()) === 0) return "";
        await mail.first().click();
        link = (await page.locator('pre a[href*="confirmation_token"]').first().getAttribute("href")) ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  const confirmation = new URL(link);
  expect((await page.request.get(confirmation.pathname + confirmation.search)).ok()).toBe(true);
  await page.goto("/");
  const signIn = await page.request.post("/api/users/sign_in", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { api_user: { email, password } },
  });
  expect(signIn.status()).toBe(200);
  await page.goto("/");
  return email;
}
