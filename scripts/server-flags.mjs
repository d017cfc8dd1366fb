// The Node flags the shop's server runs with. package.json's "start" script holds them (so
// `npm start` has them); the bench, Lighthouse and the browser tests' server start
// `dist/server/main.js` with the same ones, read from there. Why these: decision 044.
import fs from "node:fs";

export function serverNodeFlags() {
  // BENCH_NODE_FLAGS (space-separated, may be empty) replaces them, for a before/after of the flags.
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const start = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts.start;
  return start.match(/(?<=\s)--[a-z-]+(?:=\S+)?/g) ?? [];
}
