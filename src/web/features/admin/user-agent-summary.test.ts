import { describe, expect, it } from "vitest";
import { userAgentSummary } from "./user-agent-summary.ts";

describe("userAgentSummary", () => {
  it("names the browser with its main version and the system", () => {
    expect(userAgentSummary("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36")).toBe(
      "Chrome (headless) 156 · Linux",
    );
    expect(
      userAgentSummary("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86"),
    ).toBe("Edge 131 · Windows");
    expect(
      userAgentSummary(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 18 · iPhone");
    expect(userAgentSummary("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox 133 · macOS");
    expect(userAgentSummary("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe(
      "Chrome 131 · Android",
    );
  });

  it("keeps the start of what it does not know", () => {
    expect(userAgentSummary("Mozilla/5.0 (audit test)")).toBe("Mozilla/5.0 (audit test)");
  });
});
