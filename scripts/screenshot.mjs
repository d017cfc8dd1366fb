// Takes a screenshot of a page of the running shop in Debian Chromium, for the README and for
// looking at a screen as a shopper would:
//   node scripts/screenshot.mjs <url> <out.png> [width] [height] [--adult] [--full] [--no-js]
// Prints the page's console errors and warnings, if any.
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith("--")));
const [url, out, width = "1280", height = "900"] = args.filter((arg) => !arg.startsWith("--"));
if (!url || !out) throw new Error("usage: screenshot.mjs <url> <out.png> [width] [height] [--adult] [--full] [--no-js]");

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
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, javaScriptEnabled: !flags.has("--no-js") });
// --adult: a visitor past the age gate (its cookie, decision 056); --no-js: the page before its JavaScript runs.
if (flags.has("--adult")) await page.context().addCookies([{ name: "age_confirmed", value: "1", url, sameSite: "Lax" }]);
const problems = [];
page.on("console", (message) => {
  if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
});
page.on("pageerror", (error) => problems.push(String(error)));
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: flags.has("--full") });
if (problems.length) console.log(problems.join("\n"));
await browser.close();
