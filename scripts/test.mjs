// `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright driving Debian
// Chromium) against the production build. Prints one closing line with the totals.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureHaproxy } from "./ensure-haproxy.mjs";
import { ensureJava } from "./ensure-java.mjs";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "kura-test-"));
const only = process.argv[2]; // "unit" or "e2e" to run one half
// After "e2e": spec files (or other Playwright arguments) to run only those journeys.
const journeys = only === "e2e" ? process.argv.slice(3) : [];

// The runtime the tests run on, printed so a CI log shows it (npm scripts find the Node 24 that
// package.json pins in node_modules/.bin before the system's).
console.log(`node ${process.version} (${process.execPath})`);
// Children (npx, Vitest's forks, Playwright's web server) start on this same Node, even when this
// script was started by hand outside npm.
const PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);

function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, PATH, ...env } }).status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let status = 0;

if (only !== "e2e") {
  // The load-balancer and reverse-proxy configuration tests drive Debian's haproxy and nginx.
  ensureHaproxy();
  const vitestReport = path.join(reports, "vitest.json");
  status ||= run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
  const vitest = readJson(vitestReport);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  } else {
    failed += 1;
  }
}

if (only !== "unit") {
  ensureBuild();
  ensureChromium();
  // The valid-HTML journey runs the W3C Nu validator, a Java program.
  ensureJava();
  const playwrightReport = path.join(reports, "playwright.json");
  const e2eStatus = run("npx", ["playwright", "test", "--reporter=list,json", ...journeys], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  status ||= e2eStatus;
  const playwright = readJson(playwrightReport);
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
  } else {
    failed += 1;
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed > 0 ? 1 : 0));
