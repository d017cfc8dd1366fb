import { spawnSync } from "node:child_process";
import { buildIsCurrent, markBuilt } from "./build-state.mjs";

/** Runs `npm run build` unless the production build is newer than every source. */
export function ensureBuild() {
  if (buildIsCurrent()) return;
  console.log("Building the production bundle…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  markBuilt();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
