// How long a phone shows a page before its buttons work (issue 28): on a phone profile (390 × 844,
// touch, 3× pixels) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), the time from the
// first contentful paint until React has hydrated the page (root.tsx sets `data-hydrated` on <html>
// in an effect, which tests wait on; a MutationObserver notes the moment), for /, /shop, the first product page and
// /checkout, as a visitor past the age gate. Also printed: the load event and when the page's module
// script was started (after the load event and the first paint, decision 047), all from navigation. Each page is loaded RUNS times (default 5, interleaved,
// a fresh browser context each time: no HTTP cache) and the median is printed with the range.
// Issue 31 adds, per page: the Total Blocking Time the page observes (long tasks from the first paint
// to hydration + 1 s, each beyond 50 ms, as Lighthouse counts them), the first visit's time to the
// hydrated age gate and the Interaction to Next Paint of a tap on its 入場する (after choosing a birth
// date), and on the product page the INP of a tap on カートに入れる. INP is read as Chromium reports it
// to the page (Event Timing entries of the interaction: input to the next paint), the figure a
// Playwright trace shows for the tap; TRACE_DIR=dir also saves a Playwright trace of each page's first run.
//   node scripts/time-to-interactive.mjs http://127.0.0.1:3000 [runs]
// Against a running shop (npm start, or a test server); Debian's Chromium (CHROME_PATH).
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

/* global document, performance, MutationObserver, PerformanceObserver -- the functions given to the page run in the browser */
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
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

/** One load of one page: milliseconds from navigation to first contentful paint and to hydration. */
async function measure(pagePath, { firstVisit = false, trace = null } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "ja-JP" });
  if (!firstVisit) await context.addCookies([{ name: "age_confirmed", value: "1", url: base, sameSite: "Lax" }]);
  if (trace) await context.tracing.start({ screenshots: true, snapshots: false });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // Long tasks (for TBT) and interactions (Event Timing, for INP), kept from the start of the page.
    window.__longTasks = [];
    window.__interactions = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) window.__interactions.push({ name: entry.name, duration: entry.duration, id: entry.interactionId });
    }).observe({ type: "event", buffered: true, durationThreshold: 16 });
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
    // Lighthouse's TBT window ends when the main thread goes quiet: hydration and a second after it.
    await page.waitForFunction(() => performance.now() > performance.getEntriesByName("hydrated", "mark")[0].startTime + 1000, null, {
      timeout: 60_000,
      polling: 100,
    });
    const times = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const started = performance.getEntriesByName("started", "mark")[0];
      const hydrated = performance.getEntriesByName("hydrated", "mark")[0];
      const [navigation] = performance.getEntriesByType("navigation");
      const fcp = paint?.startTime ?? NaN;
      const end = (hydrated?.startTime ?? NaN) + 1000;
      // Blocking time: the part of each long task beyond 50 ms, of tasks after the first paint.
      const tbt = window.__longTasks.filter((task) => task.start >= fcp && task.start < end).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      return { paint: fcp, load: navigation?.loadEventStart ?? NaN, started: started?.startTime ?? NaN, hydrated: hydrated?.startTime ?? NaN, tbt };
    });
    let tap = null;
    if (firstVisit) {
      await page.locator('select[name="year"]').selectOption({ index: 30 });
      await page.locator('select[name="month"]').selectOption("4");
      await page.locator('select[name="day"]').selectOption("12");
      tap = page.getByRole("button", { name: "入場する" });
    } else if (pagePath.startsWith("/products/")) {
      tap = page.getByRole("button", { name: "カートに入れる" });
    }
    if (tap) {
      const before = await page.evaluate(() => window.__interactions.length);
      await tap.tap();
      // The interaction's entry arrives after its next paint.
      await page.waitForFunction(
        (count) => window.__interactions.some((entry, index) => index >= count && (entry.name === "click" || entry.name === "pointerup")),
        before,
        { timeout: 60_000, polling: 50 },
      );
      times.inp = await page.evaluate((count) => {
        const mine = window.__interactions.slice(count);
        return Math.max(...mine.map((entry) => entry.duration));
      }, before);
    }
    return times;
  } finally {
    if (trace) await context.tracing.stop({ path: trace });
    await context.close();
  }
}

const results = Object.fromEntries(pages.map((pagePath) => [pagePath, []]));
const gate = Object.fromEntries(pages.map((pagePath) => [pagePath, []]));
const traceDir = process.env.TRACE_DIR;
const traceOf = (pagePath, kind, run) => (traceDir && run === 0 ? path.join(traceDir, `${kind}${pagePath.replaceAll("/", "_") || "_home"}.zip`) : null);
const loadBefore = os.loadavg();
for (let run = 0; run < runs; run++) {
  for (const pagePath of pages) {
    results[pagePath].push(await measure(pagePath, { trace: traceOf(pagePath, "returning", run) }));
    gate[pagePath].push(await measure(pagePath, { firstVisit: true, trace: traceOf(pagePath, "first-visit", run) }));
  }
}
const loadAfter = os.loadavg();
await browser.close();

const ms = (value) => `${Math.round(value)} ms`;
console.log(
  `${base}, phone profile, CPU ${CPU_SLOWDOWN}× slower, ${runs} runs per page, ${os.cpus().length} cores, load average ${loadBefore[0].toFixed(1)} before / ${loadAfter[0].toFixed(1)} after`,
);
console.log("| page | first paint | load event | scripts started | hydrated | first paint → first button works (median, range) |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const pagePath of pages) {
  const each = results[pagePath];
  const gaps = each.map((one) => one.hydrated - one.paint);
  const at = (key) => ms(median(each.map((one) => one[key])));
  console.log(
    `| ${pagePath} | ${at("paint")} | ${at("load")} | ${at("started")} | ${at("hydrated")} | ${ms(median(gaps))} (${ms(Math.min(...gaps))}–${ms(Math.max(...gaps))}) |`,
  );
}
const range = (values) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
console.log("");
console.log(
  "| page | TBT, returning visitor | INP of カートに入れる | first visit: age gate hydrated | first paint → gate works | TBT, first visit | INP of 入場する |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const pagePath of pages) {
  const returning = results[pagePath];
  const first = gate[pagePath];
  const cart = returning.filter((one) => one.inp !== undefined).map((one) => one.inp);
  console.log(
    `| ${pagePath} | ${range(returning.map((one) => one.tbt))} | ${cart.length ? range(cart) : "—"} | ${range(first.map((one) => one.hydrated))} | ${range(first.map((one) => one.hydrated - one.paint))} | ${range(first.map((one) => one.tbt))} | ${range(first.map((one) => one.inp))} |`,
  );
}
