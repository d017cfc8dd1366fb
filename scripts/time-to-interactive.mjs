// How long a phone shows a page before its buttons work (issue 28): on a phone profile (390 × 844,
// touch, 3× pixels) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), the time from the
// first contentful paint until React has hydrated the page (root.tsx sets `data-hydrated` on <html>
// in an effect, which tests wait on; a MutationObserver notes the moment), for /, /shop, the first product page and
// /checkout, as a visitor past the age gate. Also printed: the load event and when the page's module
// script was started (after the load event and the first paint, decision 047), all from navigation. Each page is loaded RUNS times (default 5, interleaved,
// a fresh browser context each time: no HTTP cache) and the median is printed with the range.
//   node scripts/time-to-interactive.mjs http://127.0.0.1:3000 [runs]
// Against a running shop (npm start, or a test server); Debian's Chromium (CHROME_PATH).
import os from "node:os";
import { chromium } from "@playwright/test";

/* global document, performance, MutationObserver -- the functions given to the page run in the browser */
const { fetch } = globalThis;

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const runs = Math.max(1, Number(process.argv[3] ?? process.env.RUNS ?? 5));
const CPU_SLOWDOWN = 4;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const product = (await (await fetch(`${base}/api/products`)).json()).data?.[0];
if (!product) throw new Error(`GET ${base}/api/products answered no published product`);
const pages = ["/", "/shop", `/products/${product.id}`, "/checkout"];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

/** One load of one page: milliseconds from navigation to first contentful paint and to hydration. */
async function measure(pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "ja-JP" });
  await context.addCookies([{ name: "age_confirmed", value: "1", url: base, sameSite: "Lax" }]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    // On the document: <html> does not exist yet when this runs. "started": the page's module script
    // was put in (decision 047 starts it after the load event and the first paint).
    new MutationObserver((changes, observer) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeName === "SCRIPT" && node.type === "module" && !performance.getEntriesByName("started").length) performance.mark("started");
        }
      }
      if (document.documentElement?.dataset.hydrated !== "true") return;
      performance.mark("hydrated");
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  try {
    await page.goto(base + pagePath, { waitUntil: "commit" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 120_000, polling: 50 });
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const started = performance.getEntriesByName("started", "mark")[0];
      const hydrated = performance.getEntriesByName("hydrated", "mark")[0];
      const [navigation] = performance.getEntriesByType("navigation");
      return { paint: paint?.startTime ?? NaN, load: navigation?.loadEventStart ?? NaN, started: started?.startTime ?? NaN, hydrated: hydrated?.startTime ?? NaN };
    });
  } finally {
    await context.close();
  }
}

const results = Object.fromEntries(pages.map((pagePath) => [pagePath, []]));
const loadBefore = os.loadavg();
for (let run = 0; run < runs; run++) {
  for (const pagePath of pages) results[pagePath].push(await measure(pagePath));
}
const loadAfter = os.loadavg();
await browser.close();

const ms = (value) => `${Math.round(value)} ms`;
console.log(`${base}, phone profile, CPU ${CPU_SLOWDOWN}× slower, ${runs} runs per page, ${os.cpus().length} cores, load average ${loadBefore[0].toFixed(1)} before / ${loadAfter[0].toFixed(1)} after`);
console.log("| page | first paint | load event | scripts started | hydrated | first paint → first button works (median, range) |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const pagePath of pages) {
  const each = results[pagePath];
  const gaps = each.map((one) => one.hydrated - one.paint);
  const at = (key) => ms(median(each.map((one) => one[key])));
  console.log(`| ${pagePath} | ${at("paint")} | ${at("load")} | ${at("started")} | ${at("hydrated")} | ${ms(median(gaps))} (${ms(Math.min(...gaps))}–${ms(Math.max(...gaps))}) |`);
}
