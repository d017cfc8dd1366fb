import { describe, expect, it } from "vitest";
import { backOfficeRedirect } from "./admin-api.ts";

describe("backOfficeRedirect (the admin sign-in's ?redirect=)", () => {
  it("keeps back-office pages", () => {
    expect(backOfficeRedirect("/admin/orders?status=pending")).toBe("/admin/orders?status=pending");
    expect(backOfficeRedirect("/admin")).toBe("/admin");
  });

  it("sends everything else to the back office's home", () => {
    for (const candidate of [null, "", "/shop", "/admin/login", "https://evil.example/admin", "//evil.example/admin", "/admin/../shop", "/admin/..//evil.example"]) {
      expect(backOfficeRedirect(candidate), String(candidate)).toBe("/admin");
    }
  });

  it("refuses TAB, CR, LF and backslashes that browsers drop or read as a slash", () => {
    for (const candidate of ["/admin\t//evil.example", "/admin/\n/x", "/admin/\r\n", "/admin\\\\evil.example", "/\t/evil.example/admin"]) {
      expect(backOfficeRedirect(candidate), JSON.stringify(candidate)).toBe("/admin");
    }
  });
});
