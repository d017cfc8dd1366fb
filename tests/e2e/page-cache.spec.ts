import { expect, request as playwrightRequest, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { asReturningShopper } from "./checkout-steps.ts";
import { signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Guests' catalogue pages are rendered once and kept (src/server/http/page-cache.ts). What a
// shopper relies on: each guest's page still carries that guest's own CSRF token, every inline
// script carries this response's CSP nonce, and members get a copy of their own with their own data.

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
  const put = (guest: APIRequestContext, token: string) =>
    guest.put("/api/carts", { headers: { "x-csrf-token": token }, data: { cart: { cart_product_ids: { [wine]: 1 } } } });
  expect((await put(first, tokenA)).status()).toBe(200);
  expect((await put(second, tokenB)).status()).toBe(200);
  expect((await put(second, tokenA)).status()).toBe(403);
});

/** The member the page's visitor block hands to the browser (web/shared/auth/visitor.tsx). */
function visitorIn(html: string): { email?: string } | null {
  const json = /<script type="application\/json" id="kura-visitor">([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error("no visitor block");
  return JSON.parse(json) as { email?: string } | null;
}

/** Polled: a journey running beside this one may change the catalogue, which drops the copy. */
async function keptPage(request: APIRequestContext, url: string): Promise<string> {
  let html = "";
  await expect
    .poll(async () => {
      const response = await request.get(url);
      html = await response.text();
      if (response.headers()["x-page-cache"] === "hit") await expectNoncesMatch(response);
      return response.headers()["x-page-cache"];
    })
    .toBe("hit");
  return html;
}

// Members share their own kept copy (decision 044): the header's My Page and Log Out, and a visitor
// block with each member's own JSON written in when it is answered.
test("two members get the kept /shop each with their own data, and neither reaches the other or a guest", async ({ page, browser, baseURL }) => {
  // Two sign-ups, each confirmed through the mailbox.
  test.slow();
  await asReturningShopper(page);
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await asReturningShopper(otherPage);
    const emailA = await signUpAndSignIn(page, "cache-a");
    const emailB = await signUpAndSignIn(otherPage, "cache-b");

    const htmlA = await keptPage(page.request, "/shop");
    const htmlB = await keptPage(otherPage.request, "/shop");
    expect(visitorIn(htmlA)?.email).toBe(emailA);
    expect(visitorIn(htmlB)?.email).toBe(emailB);
    expect(htmlA).not.toContain(emailB);
    expect(htmlB).not.toContain(emailA);
    for (const html of [htmlA, htmlB]) expect(html).not.toMatch(/kuraCsrf|kuraNonce|kuraVisitor|kuraMember|stand-in/);
    expect(csrfIn(htmlA)).not.toBe(csrfIn(htmlB));

    const guest = await newGuest(baseURL);
    const asGuest = await keptPage(guest, "/shop");
    expect(visitorIn(asGuest)).toBeNull();
    expect(asGuest).not.toContain(emailA);
    expect(asGuest).not.toContain(emailB);

    // The page in the browser: the member's header, and the member's own cart count (the cart is
    // loaded by the browser, never part of the kept page).
    const products = (await (await page.request.get("/api/products")).json()) as { data: Array<{ id: number; attributes: { sold_out: boolean } }> };
    const wine = products.data.find((product) => !product.attributes.sold_out)!.id;
    const put = await page.request.put("/api/carts", { headers: { "x-csrf-token": csrfIn(htmlA) }, data: { cart: { cart_product_ids: { [wine]: 2 } } } });
    expect(put.status()).toBe(200);
    await page.goto("/shop");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "メインメニュー" });
    await expect(nav.getByRole("link", { name: "My Page" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await otherPage.goto("/shop");
    await waitForHydration(otherPage);
    await expect(otherPage.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "My Page" })).toBeVisible();
    await expect(otherPage.getByTestId("cart-count")).toHaveCount(0);

    // Signed out from the header, the same browser is a guest again: the guests' copy, no member in it.
    await nav.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    const afterSignOut = await keptPage(page.request, "/shop");
    expect(visitorIn(afterSignOut)).toBeNull();
    expect(afterSignOut).not.toContain(emailA);
    await page.goto("/shop");
    await expect(page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "Log In" })).toBeVisible();
  } finally {
    await other.close();
  }
});

// Past the age gate (its cookie, decision 056) a page has no gate: such visitors get a kept copy of
// their own, and neither copy reaches the other kind of visitor, whichever was kept first.
test("a guest past the age gate gets the kept /company without the gate, a new guest with it", async ({ baseURL }) => {
  const [adult, newcomer] = [await newGuest(baseURL), await newGuest(baseURL)];
  await adult.post("/age-gate", {
    form: { _csrf: csrfIn(await (await adult.get("/company")).text()), year: "1990", month: "4", day: "1", to: "/company" },
    maxRedirects: 0,
  });
  const [adultPage, newcomerPage] = [await keptPage(adult, "/company"), await keptPage(newcomer, "/company")];
  expect(adultPage).not.toContain('data-testid="age-gate"');
  expect(adultPage).not.toMatch(/<div id="site" inert/);
  expect(newcomerPage).toContain('data-testid="age-gate"');
  expect(newcomerPage).toMatch(/<div id="site" inert=""/);
});
