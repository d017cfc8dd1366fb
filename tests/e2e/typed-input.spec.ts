import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { asConfirmedAdult, csrfOf, signUpAndSignIn } from "./fixtures.ts";

// Text typed (or filled by a password manager) the moment a form shows, while React is still
// hydrating the page, must still be there afterwards: every form, 20 fresh loads each, half on a
// desktop and half on a phone. Half of the loads type at the natural pace (whatever moment the
// field becomes usable: before, during or just after hydration); the other half hold the page's
// scripts until everything is typed, so the typing certainly comes before React hydrates.

const TRIES = 20;
const VIEWPORTS = { desktop: { width: 1280, height: 720 }, phone: { width: 390, height: 844 } } as const;

interface TypedField {
  /** The control, found on the page as it is at that moment. */
  field(page: Page): Locator;
  text: string;
}

interface FormCase {
  name: string;
  path: string;
  fields: TypedField[];
  /** Drawn only after hydration (it waits for the browser's cart or an API answer): no held scripts. */
  drawnAfterHydration?: boolean;
}

const byName =
  (name: string, tag = "input") =>
  (page: Page) =>
    page.locator(`${tag}[name="${name}"]`);
const inForm = (has: string, name: string) => (page: Page) =>
  page
    .locator("form")
    .filter({ has: page.locator(`input[name="${has}"]`) })
    .locator(`input[name="${name}"]`);

const GUEST_FORMS: FormCase[] = [
  {
    name: "login",
    path: "/login",
    fields: [
      { field: byName("email"), text: "hanako@example.com" },
      { field: byName("password"), text: "correct horse battery" },
    ],
  },
  {
    name: "sign-up",
    path: "/signup",
    fields: [
      { field: byName("email"), text: "new-member@example.com" },
      { field: byName("password"), text: "a long new password" },
      { field: byName("password_confirmation"), text: "a long new password" },
    ],
  },
  { name: "password reset request", path: "/password", fields: [{ field: byName("email"), text: "forgot@example.com" }] },
  {
    name: "password reset",
    path: "/password/edit?reset_password_token=typed-input",
    fields: [
      { field: byName("password"), text: "a fresh password" },
      { field: byName("password_confirmation"), text: "a fresh password" },
    ],
  },
  {
    name: "inquiry",
    path: "/inquiry",
    fields: [
      { field: byName("name"), text: "蔵前 花子" },
      { field: byName("email"), text: "hanako@example.com" },
      { field: byName("subject"), text: "贈答用の包装について" },
      { field: byName("message", "textarea"), text: "のし紙をお願いできますか。" },
    ],
  },
];

const ADDRESS_FIELDS: TypedField[] = [
  // A well-formed zip the postcode data does not know: nothing is filled in from it.
  { field: (page) => page.getByLabel("郵便番号"), text: "0000000" },
  { field: byName("address"), text: "千代田区千代田1-1" },
  { field: byName("building_name"), text: "蔵ビル 3F" },
];

const CHECKOUT: FormCase = {
  name: "checkout contact and address",
  path: "/checkout",
  drawnAfterHydration: true,
  fields: [
    { field: byName("name"), text: "蔵前 花子" },
    { field: byName("email"), text: "hanako@example.com" },
    { field: byName("phone"), text: "03-1234-5678" },
    ...ADDRESS_FIELDS,
  ],
};

const MEMBER_FORMS: FormCase[] = [
  {
    name: "My Page profile",
    path: "/mypage",
    fields: [
      { field: byName("user_name"), text: "蔵前 花子" },
      { field: byName("tel"), text: "03-1234-5678" },
    ],
  },
  {
    name: "My Page e-mail and password change",
    path: "/mypage/account",
    fields: [
      { field: inForm("email", "email"), text: "changed@example.com" },
      { field: inForm("email", "current_password"), text: "correct horse battery" },
      { field: inForm("password_confirmation", "password"), text: "a new long password" },
      { field: inForm("password_confirmation", "password_confirmation"), text: "a new long password" },
    ],
  },
  { name: "My Page address", path: "/mypage/address", drawnAfterHydration: true, fields: ADDRESS_FIELDS },
];

/** Holds the page's JavaScript (never its HTML or CSS) until `release` is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = /\/assets\/.*\.js(\?|$)/;
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    // Lets the held requests go on before the route is gone.
    await page.unrouteAll({ behavior: "wait" });
  };
}

/**
 * One load: open the page without waiting for anything, type into every field as soon as it takes
 * text (the first with the keyboard, the others as autofill does), then wait for hydration and
 * answer the fields that no longer hold their text.
 */
async function typeWhileLoading(page: Page, form: FormCase, holding: boolean): Promise<string[]> {
  const release = holding ? await holdScripts(page) : undefined;
  await page.goto(form.path, { waitUntil: "commit" });
  const [first, ...rest] = form.fields;
  if (first) await first.field(page).pressSequentially(first.text);
  for (const { field, text } of rest) await field(page).fill(text);
  if (holding) {
    // Typed into the server's HTML: React has not started.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await release?.();
  }
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // Whatever the page does right after hydrating (focus, inert, re-renders) is done once it is idle.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  const lost: string[] = [];
  for (const { field, text } of form.fields) {
    const locator = field(page);
    const value = await locator.inputValue();
    if (value !== text) lost.push(`${(await locator.getAttribute("name")) ?? "zip"}=${JSON.stringify(value)}`);
  }
  return lost;
}

async function everyTry(page: Page, form: FormCase): Promise<void> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const viewport = attempt % 4 < 2 ? "desktop" : "phone";
    const holding = !form.drawnAfterHydration && attempt % 2 === 1;
    await page.setViewportSize(VIEWPORTS[viewport]);
    const lost = await typeWhileLoading(page, form, holding);
    if (lost.length > 0) failures.push(`try ${attempt + 1} (${viewport}${holding ? ", scripts held" : ""}): ${lost.join(", ")}`);
  }
  expect(failures, `${form.name}: ${failures.length} of ${TRIES} loads lost text`).toEqual([]);
}

test.describe.configure({ timeout: testTime(180_000) });

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  // The login prompt would cover checkout as the cart fills; these visitors have seen it.
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
  // Leaving checkout with bottles in the cart asks first; each new load here means to leave.
  page.on("dialog", (dialog) => void dialog.accept());
});

for (const form of GUEST_FORMS) {
  test(`${form.name}: text typed while the page loads stays`, async ({ page }) => {
    await everyTry(page, form);
  });
}

test(`${CHECKOUT.name}: text typed as the form shows stays`, async ({ page, request }) => {
  await page.goto("/");
  const products = (await (await request.get("/ja/api/products")).json()).data as { id: string; attributes: { sold_out: boolean } }[];
  const bottle = products.find((each) => !each.attributes.sold_out);
  if (!bottle) throw new Error("the demo catalogue has nothing to buy");
  const put = await page.request.put("/api/carts", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { cart: { cart_product_ids: { [bottle.id]: 1 } } },
  });
  expect(put.ok()).toBe(true);
  // Each load is a first visit: what the tab kept of the last one's form (decision 053) goes first.
  await page.addInitScript(() => window.sessionStorage.removeItem("checkoutForm"));
  await everyTry(page, CHECKOUT);
});

for (const form of MEMBER_FORMS) {
  test(`${form.name}: text typed while the page loads stays`, async ({ page }) => {
    await signUpAndSignIn(page, "typed");
    await everyTry(page, form);
  });
}

test("a sign-in with a blank field is stopped in the browser, whatever was filled before hydration", async ({ page }) => {
  const signIns: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/api/users/sign_in")) signIns.push(request.postData() ?? "");
  });
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "commit" });
  // A password manager that filled only the e-mail, before React took the page over.
  await page.locator('input[name="email"]').fill("hanako@example.com");
  await release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  const password = page.getByLabel("パスワード", { exact: true });
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("パスワードを入力してください");
  await expect(password).toBeFocused();
  await expect(page.getByLabel("メールアドレス")).not.toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("メールアドレス").fill("");
  await password.fill("correct horse battery");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByLabel("メールアドレス")).toHaveAccessibleDescription("メールアドレスを入力してください");
  await expect(page.getByLabel("メールアドレス")).toBeFocused();
  expect(signIns).toEqual([]);

  // Filled in, it goes out with what the fields hold.
  await page.getByLabel("メールアドレス").fill("hanako@example.com");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("login-errors")).toBeVisible();
  expect(signIns).toHaveLength(1);
  expect(JSON.parse(signIns[0] ?? "{}")).toMatchObject({ api_user: { email: "hanako@example.com", password: "correct horse battery" } });
});
