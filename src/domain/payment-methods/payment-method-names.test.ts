import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { paymentMethodChoices } from "./payment-method.registry.ts";

/**
 * The rule of issue 17 (decision 023): only a payment method's own module and the
 * registry name it; everything else asks the registry. This scans the source for a method's code
 * written as a string literal (TypeScript or SQL quotes) anywhere else.
 */
const root = join(import.meta.dirname, "..", "..");
const allowedDirectories = [
  "domain/payment-methods/",
  // The gateway adapters speak the gateway's payment method types (Stripe's `konbini`, `paypay`),
  // which have the same names; server/payments/methods/ holds the methods' own gateway modules.
  "server/payments/",
  // Test data names the methods it orders with, as a shopper's payload does.
  "server/testing/",
  "domain/testing/",
  "web/testing/",
  "server/db/migrations/",
];
// Not a payment method: the contract's page /mypage/credit is a route path.
const allowedLines = [/route\("credit", "routes\/mypage-credit\.tsx"\)/];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("payment method names", () => {
  it("appear as literals only in the methods' own modules and the registry", () => {
    const codes = [...new Set(paymentMethodChoices().flatMap((method) => [method.code, method.stored]))];
    const literal = new RegExp(`["'\`](${codes.join("|")})["'\`]`);
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      const path = relative(root, file).replaceAll("\\", "/");
      if (allowedDirectories.some((directory) => path.startsWith(directory))) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (literal.test(line) && !allowedLines.some((allowed) => allowed.test(line))) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it("finds a literal where one is written (the scan itself works)", () => {
    const literal = new RegExp(
      `["'\`](${paymentMethodChoices()
        .map((method) => method.code)
        .join("|")})["'\`]`,
    );
    expect(literal.test(`if (order.paymentMethod === "cod")`)).toBe(true);
    expect(literal.test("payment_method = 'bank'")).toBe(true);
    expect(literal.test(`const codAllowed = true`)).toBe(false);
  });
});
