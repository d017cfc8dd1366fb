import { expect, test } from "@playwright/test";
import { SHOP_NAME_EN, SHOP_NAME_JA, asConfirmedAdult, waitForHydration } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
});

test("every menu link reaches its page with the right title", async ({ page }) => {
  const menu: [string, RegExp, string][] = [
    ["Company", /\/company$/, `Company | ${SHOP_NAME_JA}`],
    ["Privacy Policy", /\/privacy-policy$/, `Privacy Policy | ${SHOP_NAME_JA}`],
    ["Contact", /\/inquiry$/, `Contact | ${SHOP_NAME_JA}`],
    ["Shop", /\/shop$/, SHOP_NAME_JA],
    ["Log In", /\/login$/, SHOP_NAME_JA],
    ["Top", /\/$/, SHOP_NAME_JA],
  ];
  await page.goto("/company");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "メインメニュー" });
  for (const [label, url, title] of menu) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page).toHaveTitle(title);
  }

  const popupPromise = page.waitForEvent("popup");
  await nav.getByRole("link", { name: /Mail Magazine/ }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(/\/magazine\/register$/);
  await expect(popup).toHaveTitle(SHOP_NAME_JA);
});

test("a link click shows the progress bar, navigates after the transition and scrolls to the top", async ({ page }) => {
  await page.goto("/privacy-policy");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = page.getByTestId("page-progress");
  // Times, in the page, when the bar reaches 50% and when the address changes: a slow machine can
  // only make the gap longer, so the check does not depend on when the test looks.
  await page.evaluate(() => {
    const times: Record<string, number> = {};
    (window as unknown as { transitionTimes: Record<string, number> }).transitionTimes = times;
    const progress = document.querySelector('[data-testid="page-progress"]')!;
    new MutationObserver(() => {
      if (progress.getAttribute("aria-valuenow") === "50") times.half ??= performance.now();
    }).observe(progress, { attributes: true });
    const start = location.pathname;
    const watch = () => {
      if (location.pathname !== start) times.moved = performance.now();
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "特定商取引法に基づく表記" }).click();
  await expect(bar).toHaveAttribute("aria-valuenow", "50");
  await expect(page).toHaveURL(/\/specified-commercial-transaction-act-notes$/);
  // The address changes only after the 400 ms transition (a frame of slack for the timers).
  const times = await page.evaluate(() => (window as unknown as { transitionTimes: Record<string, number> }).transitionTimes);
  expect(times.moved! - times.half!).toBeGreaterThanOrEqual(380);
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the language switch turns the site English and the choice survives a reload", async ({ page }) => {
  await page.goto("/company");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(`Company | ${SHOP_NAME_EN}`);
  await expect(page.getByRole("contentinfo")).toContainText("Drinking by persons under 20 is prohibited by law");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("link", { name: "日本語" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("contentinfo")).toContainText("20歳未満の者の飲酒は法律で禁止されています");
});

test("a page's JavaScript is requested only once the page has loaded and been painted (decision 047)", async ({ page }) => {
  await asConfirmedAdult(page);
  for (const path of ["/", "/shop", "/company"]) {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return {
        load: navigation.loadEventEnd,
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        scripts,
      };
    });
    expect(timing.scripts.length, path).toBeGreaterThan(10);
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.load);
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.firstPaint);
  }
});

test("a page loads only its own language's dictionary, preloaded, and hydrates in that language", async ({ page }) => {
  const dictionaries: string[] = [];
  page.on("request", (request) => {
    const name = /\/assets\/(ja|en)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) dictionaries.push(name);
  });
  await page.goto("/company");
  await expect(page.locator('head link[rel="modulepreload"][href^="/assets/ja-"]')).toHaveCount(1);
  await waitForHydration(page);
  // The drawer is rendered by the browser, so its text comes from the loaded dictionary.
  await page.getByTestId("cart-button").click();
  await expect(page.getByTestId("cart-drawer")).toContainText("カートは空です");
  expect(dictionaries).toEqual(["ja"]);
  await page.keyboard.press("Escape");

  dictionaries.length = 0;
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await waitForHydration(page);
  await page.getByTestId("cart-button").click();
  await expect(page.getByTestId("cart-drawer")).toContainText("Your cart is empty");
  expect(dictionaries).toEqual(["en"]);
});

test("the first page's stylesheets are written into it under the response's nonce; a later page's are linked", async ({ page }) => {
  const stylesheets: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/company");
  if (!response) throw new Error("no answer");
  const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(html).toMatch(new RegExp(`<style nonce="${nonce}" data-precedence="default" data-href="[^"]*/assets/legal-table-[^"]*">`));
  await waitForHydration(page);
  // The company table is styled by the written-in stylesheet, and hydration fetched none of them again.
  await expect(page.locator("main table").first()).toHaveCSS("border-collapse", "collapse");
  expect(stylesheets).toEqual([]);

  // A page reached in the browser links what it needs beyond the first page's styles.
  await page.locator('header a[href="/shop"]').first().click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId("product-grid")).toHaveCSS("display", "grid");
  expect(stylesheets.some((path) => path.startsWith("/assets/product-grid-"))).toBe(true);
  expect(violations).toEqual([]);
});

test("the build's manifest is not served", async ({ request }) => {
  expect((await request.get("/.vite/manifest.json")).status()).toBe(404);
});

test("the footer carries the social links, the legal notice link and the age notice", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const service of ["Instagram", "Facebook", "Twitter", "LINE"]) {
    const link = footer.getByRole("link", { name: `${service}でフォロー` });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link.locator("svg")).toHaveAttribute("width", "32");
  }
  await expect(footer.getByRole("link", { name: "特定商取引法に基づく表記" })).toHaveAttribute("href", "/specified-commercial-transaction-act-notes");
});

test("the floating cart button toggles the cart drawer", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("cart-button").click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "カート" })).toBeVisible();
  await expect(drawer).toContainText("カートは空です");
  await drawer.getByRole("button", { name: "カートを閉じる" }).click();
  await expect(drawer).toBeHidden();
  await page.getByTestId("cart-button").click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("an unknown address gets the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("ページが見つかりません");
  await expect(page.getByRole("navigation", { name: "メインメニュー" })).toBeVisible();
});

test("My Page sends a visitor who is not signed in to the login page, keeping the address", async ({ page }) => {
  await page.goto("/mypage");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage$/);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu sits behind a toggle and closes when a link is clicked", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "メインメニュー" });
    await expect(nav).toBeHidden();
    // A <summary>: a disclosure button whose expanded state is the <details>' open attribute.
    const toggle = page.getByTestId("menu-toggle");
    await expect(toggle).toHaveAccessibleName("メニューを開く");
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(toggle).toHaveAccessibleName("メニューを閉じる");
    await expect(page.locator("header details")).toHaveAttribute("open", "");
    await nav.getByRole("link", { name: "Company", exact: true }).click();
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/company$/);
  });
});

test("the header fits every screen from tablet to desktop in both languages: no item breaks inside, nothing overlaps or runs off", async ({ page }) => {
  for (const locale of ["ja", "en"] as const) {
    await page.goto(`/locale/${locale}?to=/`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    for (const width of [1024, 1160, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const where = `${locale} at ${width}px`;
      const header = await page.getByRole("banner").evaluate((banner) => {
        // The most lines any one text of the element takes: a break inside a text gives its rects two tops.
        const lines = (element: Element) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          let most = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            most = Math.max(most, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
          }
          return most;
        };
        const visible = [...banner.querySelectorAll("a, button, input")].filter((element) => (element as HTMLElement).offsetParent !== null);
        const boxes = visible.map((element) => ({
          label: element.textContent?.trim() || element.getAttribute("aria-label") || element.tagName,
          box: element.getBoundingClientRect(),
        }));
        const overlaps = boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .filter((b) => a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1)
            .map((b) => `${a.label} × ${b.label}`),
        );
        return {
          broken: visible.filter((element) => element.tagName === "A" && lines(element) > 1).map((element) => element.textContent?.trim()),
          overlaps,
          pastTheEdge: boxes.filter(({ box }) => box.right > window.innerWidth).map(({ label }) => label),
          pageWidth: document.documentElement.scrollWidth,
        };
      });
      expect(header.broken, `${where}: links broken over two lines`).toEqual([]);
      expect(header.overlaps, `${where}: header controls overlapping`).toEqual([]);
      expect(header.pastTheEdge, `${where}: header controls past the screen's edge`).toEqual([]);
      expect(header.pageWidth, `${where}: the page is wider than the screen`).toBeLessThanOrEqual(width);
    }
  }
});
