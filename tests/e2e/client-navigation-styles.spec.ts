import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { asConfirmedAdult, waitForHydration } from "./fixtures.ts";

// The first page's stylesheets are written into it (decision 043). A client navigation must not
// fetch them again: React Router preloads a route's stylesheets unless the page links them, and a
// preload nothing uses costs a request and a console warning ("preloaded … but not used within a
// few seconds") on every page that shares the shop's button and notice styles.

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  // Every stylesheet preload added to the page, kept even when React Router removes it after loading.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { stylePreloads: string[] }).stylePreloads = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLLinkElement && node.rel === "preload" && node.as === "style") seen.push(node.getAttribute("href")!);
    }).observe(document, { childList: true, subtree: true });
  });
});

async function writtenIn(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].flatMap((style) => style.dataset.href!.split(/\s+/)));
}

test("a client navigation from the home page to a product and on to /shop fetches no stylesheet the first page holds", async ({ page }) => {
  const cssRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css")) cssRequests.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await waitForHydration(page);
  const first = await writtenIn(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // The shop's shared stylesheets (React Router names them with a trailing "#") are among them.
  expect(first.some((href) => href.endsWith("#"))).toBe(true);

  await page.locator('main a[href^="/products/"]').first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole("button", { name: "カートに入れる" })).toBeVisible();
  await page.getByRole("navigation", { name: "現在位置" }).getByRole("link", { name: "Shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId("product-grid")).toBeVisible();

  const preloaded = await page.evaluate(() => (window as unknown as { stylePreloads: string[] }).stylePreloads);
  expect(preloaded.filter((href) => first.includes(href))).toEqual([]);
  const fetchedAgain = cssRequests.filter((path) => first.some((href) => href.replace(/#$/, "") === path));
  expect(fetchedAgain).toEqual([]);
  // Still one document: every step was a client navigation.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
