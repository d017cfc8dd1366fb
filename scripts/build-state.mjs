// Decides whether the production build is older than the sources, so `npm test` and the commands
// build only when something changed (`npm start` never rebuilds an existing build).
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["src", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "tsconfig.server.json"];
const OUTPUTS = ["build/server/index.js", "dist/server/main.js"];
export const STAMP = "dist/.build-stamp";

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Both halves of a production build are there (whatever their age). */
export function buildExists() {
  return OUTPUTS.every((output) => fs.existsSync(output));
}

/** Some source changed after the oldest half of the build was written. */
export function buildIsOlderThanSources() {
  const built = Math.min(...OUTPUTS.map((output) => fs.statSync(output).mtimeMs));
  return SOURCES.some((source) => newestMtime(source) > built);
}

export function buildIsCurrent() {
  if (!OUTPUTS.every((output) => fs.existsSync(output)) || !fs.existsSync(STAMP)) return false;
  const built = fs.statSync(STAMP).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

export function markBuilt() {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, new Date().toISOString());
}
