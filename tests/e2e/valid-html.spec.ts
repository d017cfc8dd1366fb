import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { csrfOf, signUpAndSignIn } from "./fixtures.ts";

// Every server-rendered page of the shop is valid HTML by the W3C Nu validator (vnu-jar, run on
// the system's Java: scripts/ensure-java.mjs), in Japanese and in English, signed out and signed in.
// The pages are the server's HTML as a browser receives it, before any script runs.

test.describe.configure({ timeout: testTime(240_000) });

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

const OPEN_PAGES = [
  "/",
  "/shop",
  "/shop?unsold=1",
  "/products",
  "/products/1",
  "/exhibits/1",
  "/company",
  "/privacy-policy",
  "/specified-commercial-transaction-act-notes",
  "/checkout",
  "/checkout/complete",
  "/inquiry",
  "/inquiry/complete",
  "/magazine/register",
  "/magazine/confirmed",
  "/magazine/unsubscribe",
  "/login",
  "/signup",
  "/signup/thanks",
  "/confirmations/thanks",
  "/confirmations/new",
  "/unlock/new",
  "/password",
  "/password/thanks",
  "/password/edit",
  "/no-such-page",
];

const MEMBER_PAGES = [
  "/",
  "/checkout",
  "/mypage",
  "/mypage/address",
  "/mypage/address-book",
  "/mypage/orders",
  "/mypage/account",
  "/mypage/magazine",
  "/mypage/credit",
];

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Saves each page's server HTML under `folder`, in both languages; answers how many were saved. */
async function savePages(page: Page, folder: string, prefix: string, paths: string[]): Promise<number> {
  let saved = 0;
  for (const locale of ["ja", "en"]) {
    await page.request.get(`/locale/${locale}?to=/`);
    for (const pagePath of paths) {
      const response = await page.request.get(pagePath);
      expect([200, 404], `${locale} ${pagePath}`).toContain(response.status());
      expect(response.headers()["content-type"], pagePath).toContain("text/html");
      const name = `${prefix}-${locale}${pagePath.replace(/[^a-z0-9]+/gi, "_")}.html`;
      fs.writeFileSync(path.join(folder, name), await response.text());
      saved += 1;
    }
  }
  return saved;
}

/** Runs the validator once over every file in `folder`: its errors, each with the page it is on. */
function validate(folder: string): string[] {
  const files = fs.readdirSync(folder).map((name) => path.join(folder, name));
  const run = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, "java must be installed (node scripts/ensure-java.mjs)").toBeUndefined();
  const report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  return report.messages
    .filter((message) => message.type === "error" || message.type === "non-document-error")
    .map((message) => `${path.basename(message.url)}:${message.lastLine ?? "?"} ${message.message} [${(message.extract ?? "").trim()}]`);
}

test("every server-rendered page is valid HTML, signed out and signed in, in Japanese and English", async ({ page }) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kura-valid-html-"));
  try {
    // A cart with bottles, so /checkout renders its form and summary rather than an empty cart.
    await page.goto("/");
    const put = await page.request.put("/api/carts", { headers: { "x-csrf-token": await csrfOf(page) }, data: { cart: { cart_product_ids: { "1": 1 } } } });
    expect(put.ok()).toBe(true);
    let saved = await savePages(page, folder, "guest", OPEN_PAGES);

    await signUpAndSignIn(page, "validhtml");
    saved += await savePages(page, folder, "member", MEMBER_PAGES);
    expect(saved).toBe(2 * (OPEN_PAGES.length + MEMBER_PAGES.length));

    expect(validate(folder)).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("the validator run by the test reports an invalid page (the check can fail)", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kura-invalid-html-"));
  try {
    fs.writeFileSync(
      path.join(folder, "age-gate-without-placeholder.html"),
      '<!DOCTYPE html><html lang="ja"><head><title>t</title></head><body><select required aria-label="年"><option value="2006">2006</option></select></body></html>',
    );
    expect(validate(folder)).toEqual([expect.stringContaining("first “option” element")]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
