import { describe, expect, it } from "vitest";
import { nextPhaseChange, soldOutAt } from "./catalog.snapshot.ts";

// The kept catalogue is dropped when a product's sales phase changes (decision 088): the next such
// instant, and what "sold out" means in each phase.

describe("the catalogue's next phase change", () => {
  const now = new Date("2026-11-01T12:00:00+09:00");

  it("is the earliest start, end or release midnight (Japan time) still ahead", () => {
    expect(
      nextPhaseChange(
        [
          { salesStart: new Date("2026-10-01T10:00:00+09:00"), salesEnd: new Date("2026-12-01T00:00:00+09:00"), releaseDate: "2026-11-19" },
          { salesStart: new Date("2026-11-05T10:00:00+09:00"), salesEnd: null, releaseDate: null },
        ],
        now,
      ),
    ).toBe(new Date("2026-11-05T10:00:00+09:00").getTime());
    expect(nextPhaseChange([{ salesStart: null, salesEnd: null, releaseDate: "2026-11-19" }], now)).toBe(new Date("2026-11-18T15:00:00Z").getTime());
  });

  it("is none when every window is behind or absent", () => {
    expect(
      nextPhaseChange(
        [
          { salesStart: null, salesEnd: null, releaseDate: null },
          { salesStart: null, salesEnd: null, releaseDate: "2026-10-01" },
        ],
        now,
      ),
    ).toBeNull();
  });

  it("counts a pre-order sold out by its allocation, and a product outside its window as nothing for sale", () => {
    const base = { soldOutFlag: false, stock: 0, preorderAllocation: 3, preorderOwed: 0, salesStart: null, salesEnd: null };
    expect(soldOutAt({ ...base, releaseDate: "2026-11-19" }, now)).toBe(false);
    expect(soldOutAt({ ...base, releaseDate: "2026-11-19", preorderAllocation: 0, stock: 10 }, now)).toBe(true);
    expect(soldOutAt({ ...base, releaseDate: null, stock: 10, salesEnd: new Date("2026-10-31T00:00:00+09:00") }, now)).toBe(true);
    expect(soldOutAt({ ...base, releaseDate: "2026-10-01", stock: 4, preorderOwed: 4 }, now)).toBe(true);
  });
});
