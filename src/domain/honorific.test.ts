import { describe, expect, it } from "vitest";
import { addressedName, endsWithHonorific, honorificFor } from "./honorific.ts";
import { examples } from "./testing/examples.ts";

describe("敬称 after a recipient's name", () => {
  describe("adds 様 to a plain name", () => {
    it("as the honorific of a plain name", () => {
      expect(honorificFor("山田 花子")).toBe("様");
    });

    examples("after the name, with the given separator", ([name, separator]: Parameters<typeof addressedName>) => addressedName(name, separator), [
      [["山田 花子", undefined], "山田 花子 様"],
      [["山田 花子", ""], "山田 花子様"],
      [["Hanako Yamada", undefined], "Hanako Yamada 様"],
    ]);
  });

  it("adds none to a name that already ends in 御中, 様 or 殿, kept as typed", () => {
    for (const name of ["㈱蔵前酒販 御中", "蔵前酒販御中", "山田様", "山田 花子 様", "総務部長 殿", "蔵前酒販　御中 "]) {
      expect(endsWithHonorific(name)).toBe(true);
      expect(honorificFor(name)).toBe("");
    }
    expect(addressedName("㈱蔵前酒販 御中")).toBe("㈱蔵前酒販 御中");
    expect(addressedName("蔵前酒販　御中 ")).toBe("蔵前酒販　御中");
  });

  examples("takes 行 as an honorific only as a word of its own, not the end of a given name", honorificFor, [
    ["蔵前酒販 行", ""],
    ["蔵前酒販　行", ""],
    ["佐藤 正行", "様"],
    ["鈴木英行", "様"],
  ]);
});
