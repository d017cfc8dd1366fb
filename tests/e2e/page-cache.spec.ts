import { expect, request as playwrightRequest, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { signUpAndSignIn } from "./fixtures.ts";

// Guests' catalogue pages are rendered once and kept (src/server/http/page-cache.ts). What a
// shopper relies on: each guest's page still carries that guest's own CSRF token, every inline
// script carries this response's CSP nonce, and a member always gets a page of their own.

function csrfIn(html: string): string {
  return /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? "";
}

/** Every nonce attribute of the page (scripts and the written-in stylesheets) equals the nonce of the response's CSP header. */
async function expectNoncesMatch(response: APIResponse): Promise<void> {
  const csp = response.headers()["content-security-policy"] ?? "";
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const nonces = [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((match) => match[1]);
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  const styleNonces = [...html.matchAll(/<style[^>]* nonce="([^"]*)"/g)].map((match) => match[1]);
  expect(styleNonces.length).toBeGreaterThan(0);
  expect(new Set(styleNonces)).toEqual(new Set([nonce]));
  expect(csp).toMatch(new RegExp(`style-src[^;]*'nonce-${nonce}'`));
}

let guests: APIRequestContext[] = [];

test.afterEach(async () => {
  await Promise.all(guests.map((guest) => guest.dispose()));
  guests = [];
});

async function newGuest(baseURL: string | undefined): Promise<APIRequestContext> {
  const guest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "accept-language": "ja" } });
  guests.push(guest);
  return guest;
}

test("two guests get the same kept /shop, each with their own working CSRF token and the response's nonce", async ({ baseURL }) => {
  const [first, second] = [await newGuest(baseURL), await newGuest(baseURL)];
  // Polled: a journey running beside this one may change the catalogue, which drops the copy.
  let a: APIResponse | undefined;
  let b: APIResponse | undefined;
  await expect
    .poll(async () => {
      a = await first.get("/shop");
      b = await second.get("/shop");
      return [a.headers()["x-page-cache"], b.headers()["x-page-cache"]];
    })
    .toEqual(["hit", "hit"]);
  if (!a || !b) throw new Error("no answer");
  await expectNoncesMatch(a);
  await expectNoncesMatch(b);
  const [htmlA, htmlB] = [await a.text(), await b.text()];
  expect(htmlA).not.toMatch(/kuraCsrf|kuraNonce/);
  const [tokenA, tokenB] = [csrfIn(htmlA), csrfIn(htmlB)];
  expect(tokenA).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(tokenB).not.toBe(tokenA);
  // The hydration data carries the same token the meta tag does.
  expect(htmlA.split(tokenA).length).toBeGreaterThan(2);

  const products = (await (await first.get("/api/products")).json()) as { data: Array<{ id: number; attributes: { sold_out: boolean } }> };
  const wine = products.data.find((product) => !product.attributes.sold_out)!.id;
  const put = (guest: APIRequestContext, token: string) => guest.put("/api/carts", { headers: { "x-csrf-token": token }, data: { cart: { cart_product_ids: { [wine]: 1 } } } });
  expect((await put(first, tokenA)).status()).toBe(200);
  expect((await put(second, tokenB)).status()).toBe(200);
  expect((await put(second, tokenA)).status()).toBe(403);
});

test("a member's /shop is rendered for them, never kept or taken from the guests' copy", async ({ page }) => {
  const email = await signUpAndSignIn(page, "page-cache");
  await page.request.get("/shop");
  const mine = await page.request.get("/shop");
  expect(mine.headers()["x-page-cache"]).toBeUndefined();
  const html = await mine.text();
  expect(html).toContain(email);
  await expectNoncesMatch(mine);

  // Signed out again, the same browser is a guest and gets the kept page, without the member in it.
  await page.goto("/shop");
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
  expect((await page.request.delete("/api/users/sign_out", { headers: { "x-csrf-token": csrf } })).status()).toBeLessThan(300);
  // Polled: a journey running beside this one may change the catalogue, which drops the copy.
  let asGuest: APIResponse | undefined;
  await expect
    .poll(async () => {
      asGuest = await page.request.get("/shop");
      return asGuest.headers()["x-page-cache"];
    })
    .toBe("hit");
  expect(await asGuest!.text()).not.toContain(email);
});
