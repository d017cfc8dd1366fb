import { describe, expect, it, vi } from "vitest";
import { lazyFormRules, problemMessages } from "./form-rules.ts";

// A form's schema fetched after hydration (decision 075), and its problems worded as the route's 422 words them.

describe("lazyFormRules", () => {
  it("fetches the rules once however often the form asks", async () => {
    const load = vi.fn(async () => ({ rule: "inquiry" }));
    const rules = lazyFormRules("inquiry", load);
    expect(await rules()).toEqual({ rule: "inquiry" });
    expect(await rules()).toEqual({ rule: "inquiry" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers null when the rules cannot be fetched, and tries again the next time", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("rules");
    const rules = lazyFormRules("magazine", load);
    expect(await rules()).toBeNull();
    expect(await rules()).toBe("rules");
    expect(load).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("magazine rules not loaded", expect.any(Error));
    warn.mockRestore();
  });
});

describe("problemMessages", () => {
  it("words each field's problem with the page's label, in Japanese and in English", () => {
    const problems = { name: { kind: "blank" as const }, message: { kind: "too_long" as const, count: 5000 } };
    expect(problemMessages(problems, { name: "お名前", message: "お問い合わせ内容" }, "ja")).toEqual({
      name: ["お名前を入力してください"],
      message: ["お問い合わせ内容は5000文字以内で入力してください"],
    });
    expect(problemMessages(problems, { name: "Name", message: "Message" }, "en")).toEqual({
      name: ["Name can't be blank"],
      message: ["Message is too long (maximum is 5000 characters)"],
    });
  });

  it("names a field without a label by its own name", () => {
    expect(problemMessages({ phone: { kind: "blank" } }, {}, "en")).toEqual({ phone: ["phone can't be blank"] });
  });
});
