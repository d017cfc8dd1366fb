import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./paths.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/mypage/orders?page=2")).toBe("/mypage/orders?page=2");
    expect(safeRedirectPath("/shop?q=%E6%97%A5%E6%9C%AC%E9%85%92#top")).toBe("/shop?q=%E6%97%A5%E6%9C%AC%E9%85%92#top");
  });

  it("refuses other sites and odd values", () => {
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/mypage")).toBe("/mypage");
  });

  it("refuses control characters and backslashes that browsers drop or read as a slash", () => {
    for (const candidate of ["/\t/evil.example/phish", "/\n/x", "/\r/x", "/\r\n/x", "/x\u0000", "/\u007f/x", "/shop\\..\\\\evil", "/\u0085/x"]) {
      expect(safeRedirectPath(candidate), JSON.stringify(candidate)).toBe("/");
    }
  });

  it("refuses paths that resolve to another host", () => {
    expect(safeRedirectPath("/.//evil.example")).toBe("/");
    expect(safeRedirectPath("/..//evil.example")).toBe("/");
    expect(safeRedirectPath("/%2e%2e//evil.example")).toBe("/");
  });

  it("answers full-width look-alikes of / and \\ as encoded paths on this site", () => {
    expect(safeRedirectPath("/／evil.example")).toBe("/%EF%BC%8Fevil.example");
    expect(safeRedirectPath("/＼evil.example")).toBe("/%EF%BC%BCevil.example");
    expect(safeRedirectPath("／／evil.example")).toBe("/");
  });
});
