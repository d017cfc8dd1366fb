// Decides whether the production build is older than the sources, so `npm start` and `npm test`
// build only when something changed.
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

export function buildIsCurrent() {
  if (!OUTPUTS.every((output) => fs.existsSync(output)) || !fs.existsSync(STAMP)) return false;
  const built = fs.statSync(STAMP).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

export function markBuilt() {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, new Date().toISOString());
}
