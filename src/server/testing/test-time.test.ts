import { describe, expect, it } from "vitest";
import { timeScale } from "./test-time.ts";

describe("timeScale", () => {
  it("is 1 on a quiet or ordinarily loaded machine, 2 when the load per core is over 12", () => {
    expect(timeScale({}, 0.2)).toBe(1);
    expect(timeScale({}, 12)).toBe(1);
    expect(timeScale({}, 12.5)).toBe(2);
  });

  it("takes TEST_TIME_SCALE when it is a positive number, whatever the load", () => {
    expect(timeScale({ TEST_TIME_SCALE: "3" }, 0.2)).toBe(3);
    expect(timeScale({ TEST_TIME_SCALE: "0.5" }, 20)).toBe(0.5);
    expect(timeScale({ TEST_TIME_SCALE: "slow" }, 0.2)).toBe(1);
    expect(timeScale({ TEST_TIME_SCALE: "0" }, 20)).toBe(2);
  });
});
