import { describe } from "vitest";
import { safeRedirectPath } from "./paths.ts";
import { examples } from "./testing/examples.ts";

describe("safeRedirectPath", () => {
  examples("keeps paths on this site", safeRedirectPath, [
    ["/mypage/orders?page=2", "/mypage/orders?page=2"],
    ["/shop?q=%E6%97%A5%E6%9C%AC%E9%85%92#top", "/shop?q=%E6%97%A5%E6%9C%AC%E9%85%92#top"],
  ]);

  examples("refuses other sites and odd values", safeRedirectPath, [
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
  ]);

  examples("answers the given fallback for no value at all", ([value, fallback]: Parameters<typeof safeRedirectPath>) => safeRedirectPath(value, fallback), [
    [[null, "/mypage"], "/mypage"],
  ]);

  examples(
    "refuses control characters and backslashes that browsers drop or read as a slash",
    safeRedirectPath,
    ["/\t/evil.example/phish", "/\n/x", "/\r/x", "/\r\n/x", "/x\u0000", "/\u007f/x", "/shop\\..\\\\evil", "/\u0085/x"].map(
      (candidate) => [candidate, "/"] as const,
    ),
  );

  examples("refuses paths that resolve to another host", safeRedirectPath, [
    ["/.//evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
  ]);

  examples("answers full-width look-alikes of / and \\ as encoded paths on this site", safeRedirectPath, [
    ["/／evil.example", "/%EF%BC%8Fevil.example"],
    ["/＼evil.example", "/%EF%BC%BCevil.example"],
    ["／／evil.example", "/"],
  ]);
});
