import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stylesheetTexts } from "./client-manifest.ts";

describe("stylesheetTexts", () => {
  let build: string | undefined;
  afterEach(() => {
    if (build) rmSync(build, { recursive: true, force: true });
  });

  it("answers each built stylesheet's text by the href pages link it with, also with React Router's trailing #", () => {
    build = mkdtempSync(path.join(os.tmpdir(), "kura-build-"));
    const assets = path.join(build, "client", "assets");
    mkdirSync(assets, { recursive: true });
    writeFileSync(path.join(assets, "root-abc.css"), "body{margin:0}");
    writeFileSync(path.join(assets, "button-def.css"), "._button_1{color:red}");
    writeFileSync(path.join(assets, "root-abc.js"), "export {}");
    const text = stylesheetTexts(build);
    expect(text("/assets/root-abc.css")).toBe("body{margin:0}");
    expect(text("/assets/button-def.css#")).toBe("._button_1{color:red}");
    expect(text("/assets/root-abc.js")).toBeUndefined();
    expect(text("/assets/missing.css")).toBeUndefined();
  });
});
