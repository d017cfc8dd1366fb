import { expect } from "@playwright/test";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { asConfirmedAdult, csrfOf, E2E_OWNER, fillBirthDate, passOwnerSecondStep, waitForHydration } from "./fixtures.ts";

// Steps of /checkout that several journeys take the same way (checkout, off-site payments).

export interface ProductResource {
  id: string;
  attributes: { name: string; price: number; price_include_tax: number; sold_out: boolean; buyable_limit: number | null };
}

async function catalogue(request: APIRequestContext): Promise<ProductResource[]> {
  return (await (await request.get("/ja/api/products")).json()).data;
}

/** A product of the demo catalogue by the start of its Japanese name. */
export async function product(request: APIRequestContext, name: string): Promise<ProductResource> {
  const found = (await catalogue(request)).find((each) => each.attributes.name.startsWith(name));
  if (!found) throw new Error(`no product named ${name}…`);
  return found;
}

/** Puts exactly these bottles in this browser's cart (PUT /api/carts, as the drawer does), and opens /checkout as the purchase button does. */
export async function checkoutWith(page: Page, amounts: Record<string, number>): Promise<void> {
  await page.goto("/");
  const put = await page.request.put("/api/carts", {
    headers: { "x-csrf-token": await csrfOf(page) },
    data: { cart: { cart_product_ids: amounts } },
  });
  expect(put.ok()).toBe(true);
  await page.goto("/checkout");
  await waitForHydration(page);
  // The server draws the form (decision 058); its script owns it once its own chunk has hydrated it.
  await expect(page.getByTestId("summary-total")).toBeVisible();
  await expect(page.getByTestId("checkout-form")).toHaveAttribute("data-interactive", "true");
}

export type Locale = "ja" | "en";

/** A field's name on the Japanese or the English form; a required one's name ends in its 必須 / Required badge. */
const field = (ja: string, en: string) => new RegExp(`^(${ja}|${en})( 必須| Required)?$`);

/** Name, e-mail (when given) and phone of the orderer, on the Japanese or the English form (the first such fields: a recipient's come after). */
export async function fillContact(page: Page, email?: string): Promise<void> {
  await page.getByLabel(field("お名前", "Name")).first().fill("蔵前 花子");
  if (email) await page.getByLabel(field("メールアドレス", "Email")).fill(email);
  await page.getByLabel(field("電話番号", "Phone")).first().fill("03-1234-5678");
  // The order form's age field (decision 036), next to the under-20 notice.
  await fillBirthDate(page);
}

/** A Japanese address filled from its postcode, plus the street number typed after it. */
export async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel(field("郵便番号", "Zip")).first().fill("1000001");
  const address = page.getByLabel(field("住所", "Address")).first();
  await expect(address).toHaveValue("千代田区千代田");
  await address.fill("千代田区千代田1-1");
}

/** The back office in a browser of its own (desktop size), signed in as the test owner, in the language asked. */
export async function traderSignsIn(browser: Browser, locale: Locale = "ja"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  const page = await context.newPage();
  await page.goto(locale === "en" ? "/locale/en?to=/admin/login" : "/admin/login");
  await waitForHydration(page);
  await page.getByLabel(locale === "en" ? "Email" : "メールアドレス").fill(E2E_OWNER.email);
  await page.getByLabel(locale === "en" ? "Password" : "パスワード").fill(E2E_OWNER.password);
  await page.getByRole("button", { name: locale === "en" ? "Sign in" : "サインイン" }).click();
  await passOwnerSecondStep(page, locale);
  await expect(page.getByRole("heading", { level: 1, name: locale === "en" ? "Dashboard" : "ダッシュボード" })).toBeVisible();
  return page;
}

/** The amounts of the cart as the server holds it. */
export async function serverCart(page: Page): Promise<Record<string, number>> {
  const items = (await (await page.request.get("/ja/api/carts")).json()).data as { id: string; amount: number }[];
  return Object.fromEntries(items.map((item) => [item.id, item.amount]));
}

/** A confirmed adult who has already seen the login prompt (it would cover the page when the cart fills). */
export async function asReturningShopper(page: Page): Promise<void> {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
}

/**
 * B2 Cloud refuses a file without the contract's billing codes: the owner enters them once, through
 * the settings API the settings page posts to (the same values from any journey, so journeys running
 * side by side agree; no other journey depends on their absence).
 */
export async function withB2BillingCodes(trader: Page): Promise<void> {
  const settings = (await (await trader.request.get("/admin/api/settings")).json()).data as { yamatoB2?: { customerCode?: string } };
  if (settings.yamatoB2?.customerCode) return;
  await trader.goto("/admin/orders");
  const saved = await trader.request.post("/admin/api/settings", {
    headers: { "x-csrf-token": await csrfOf(trader) },
    data: { ...settings, yamatoB2: { customerCode: "0312345678", classificationCode: "", freightNumber: "01" } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
