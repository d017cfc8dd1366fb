import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";
import { checkoutWith } from "./checkout-steps.ts";
import type { ProductResource } from "./checkout-steps.ts";
import { asConfirmedAdult, signUpAndSignIn } from "./fixtures.ts";

// Issue 28 / decision 058: /checkout is drawn whole by the server; when its script takes over on a
// slow phone (4× CPU slowdown) nothing may move. The layout shifts are recorded from the first
// paint (a PerformanceObserver started before the page's own scripts) until the form is the
// script's (`data-interactive`) and its card field has been drawn; their sum (CLS) stays under 0.1.
// (It was 0.79 in four runs of six: the cart was marked loaded before its items had arrived, and the
// page showed 「カートに商品がありません」 for a moment, the footer rising into view and falling back.)
// Runs in the phone project (390 × 844, touch) and the desktop one.

interface Shift {
  value: number;
  sources: { node: string; from: number[]; to: number[] }[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
    __shiftObserver?: PerformanceObserver;
  }
}

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? "?");
      const testId = node.getAttribute("data-testid");
      return `${node.tagName.toLowerCase()}${testId ? `[${testId}]` : ""}${node.className ? `.${String(node.className).split(" ")[0]}` : ""}`;
    };
    const rect = (r: DOMRectReadOnly) => [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
    window.__shifts = [];
    window.__shiftObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__shifts!.push({
          value: entry.value,
          sources: entry.sources.map((source) => ({ node: describe(source.node), from: rect(source.previousRect), to: rect(source.currentRect) })),
        });
      }
    });
    window.__shiftObserver.observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts so far, after two frames have been drawn (a shift is reported with the frame that made it). */
async function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Entries observed but not yet delivered to the callback.
    const pending = window.__shiftObserver!.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    return [...window.__shifts!, ...pending.filter((entry) => !entry.hadRecentInput).map((entry) => ({ value: entry.value, sources: [] }))];
  });
}

async function firstBottle(request: APIRequestContext): Promise<ProductResource> {
  const products = (await (await request.get("/ja/api/products")).json()).data as ProductResource[];
  return products.find((each) => !each.attributes.sold_out)!;
}

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

async function expectStill(page: Page, who: string): Promise<void> {
  // The last thing the script draws: the card field (the form starts at the card), once the gateway has loaded.
  await expect(page.getByRole("group", { name: "カード情報" })).toBeVisible();
  const shifts = await shiftsSoFar(page);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // The shifts' sources (which element moved, from where to where) name the cause when this fails.
  expect(cls, `${who}: layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
}

test("a guest's /checkout does not move when its script takes over", async ({ page, request }) => {
  await asConfirmedAdult(page);
  const bottle = await firstBottle(request);
  await recordShifts(page);
  await slowPhone(page);
  await checkoutWith(page, { [bottle.id]: 1 });
  await expectStill(page, "guest");
});

test("a member's /checkout does not move when its script takes over", async ({ page, request }) => {
  await asConfirmedAdult(page);
  await signUpAndSignIn(page, "cls");
  const bottle = await firstBottle(request);
  await recordShifts(page);
  await slowPhone(page);
  await checkoutWith(page, { [bottle.id]: 1 });
  await expectStill(page, "member");
});
