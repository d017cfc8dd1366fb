import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./paths.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/mypage/orders?page=2")).toBe("/mypage/orders?page=2");
  });

  it("refuses other sites and odd values", () => {
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/mypage")).toBe("/mypage");
  });
});
