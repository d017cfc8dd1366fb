import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { buildExists, buildIsCurrent, buildIsOlderThanSources, markBuilt } from "./build-state.mjs";

/** Runs `npm run build` unless the production build is newer than every source (tests, commands). */
export function ensureBuild() {
  if (buildIsCurrent()) return;
  runBuild();
}

function runBuild() {
  console.log("Building the production bundle…");
  // Always a production bundle, whoever asks: a build started from Vitest (NODE_ENV=test) would
  // otherwise compile import.meta.env.DEV as true, and the browser suite would then reuse it.
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  markBuilt();
}

const BUILD_LOCK = ".build-lock";

/**
 * `npm start`: never rebuilds an existing build (it only says when the sources are newer). Without
 * a build, one process builds while any others started with it wait for that build.
 */
export async function startFromBuild() {
  if (buildExists()) {
    if (buildIsOlderThanSources()) console.warn("The sources are newer than the production build; run `npm run build` to serve them.");
    return;
  }
  for (;;) {
    try {
      fs.writeFileSync(BUILD_LOCK, String(process.pid), { flag: "wx" });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(BUILD_LOCK, "utf8"));
      if (owner && owner !== process.pid && processIsAlive(owner)) {
        await delay(500); // another process is building; its build is used once it is there
        if (buildExists() && !fs.existsSync(BUILD_LOCK)) return;
        continue;
      }
      fs.rmSync(BUILD_LOCK, { force: true }); // left behind by a build that was killed
      continue;
    }
    try {
      if (!buildExists()) runBuild();
    } finally {
      fs.rmSync(BUILD_LOCK, { force: true });
    }
    return;
  }
}

function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
