import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";

// What a customer reads on a PDF the shop answers (receipts, delivery notes, 返還請求書), through
// poppler's pdftotext: the tests assert on the printed words rather than on the PDF's bytes.

/** The PDF's text (after asserting the payload is a PDF): `-layout` keeps columns, `-raw` the reading order. */
export function pdfText(payload: Buffer, mode: "layout" | "raw" = "layout"): string {
  expect(payload.subarray(0, 5).toString()).toBe("%PDF-");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-pdf-text-"));
  try {
    const file = path.join(work, "document.pdf");
    fs.writeFileSync(file, payload);
    return execFileSync("pdftotext", [`-${mode}`, "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The PDF's pages that print anything, split at pdftotext's form feeds. */
export function pdfPages(payload: Buffer, mode: "layout" | "raw" = "layout"): string[] {
  return pdfText(payload, mode)
    .split("\f")
    .filter((page) => page.trim());
}
