import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testAppFixture } from "../testing/test-app.ts";
import { PostcodesService, parsePostcodeScript } from "./postcodes.service.ts";

describe("reading the package's postcode scripts", () => {
  it("keys each 7-digit code with the prefecture as 1–47, city and town", () => {
    const script = `jQuery_jpostal_callback(
[["_100","東京都","千代田区","","","","","",""],["_1000001","東京都","千代田区","千代田","","","ﾄｳｷｮｳﾄ","ﾁﾖﾀﾞｸ","ﾁﾖﾀﾞ"],["_0470000","北海道","小樽市","","","","","",""]]
);`;
    expect(parsePostcodeScript(script)).toEqual({
      "1000001": { prefecture: 13, city: "千代田区", town: "千代田" },
      "0470000": { prefecture: 1, city: "小樽市", town: "" },
    });
  });

  it("gives a business's own code its street, and fills only what several towns of one code share", () => {
    const script = `jQuery_jpostal_callback([
["_0018501","北海道","札幌市北区","北二十九条西","２丁目１番１号","創成高等学校","","",""],
["_0110951","秋田県","秋田市","土崎港相染町","","","","",""],["_0110951","秋田県","秋田市","土崎港古川町","","","","",""],
["_0040000","北海道","札幌市厚別区","","","","","",""],["_0040000","北海道","札幌市清田区","","","","","",""]]);`;
    expect(parsePostcodeScript(script)).toEqual({
      "0018501": { prefecture: 1, city: "札幌市北区", town: "北二十九条西２丁目１番１号" },
      "0110951": { prefecture: 5, city: "秋田市", town: "" },
      "0040000": { prefecture: 1, city: "", town: "" },
    });
  });
});

describe("PostcodesService", () => {
  it("looks codes up in the installed package data", async () => {
    const postcodes = new PostcodesService();
    expect(await postcodes.lookup("1000001")).toEqual({ prefecture: 13, city: "千代田区", town: "千代田" });
    expect(await postcodes.lookup("9071801")).toMatchObject({ prefecture: 47, city: "八重山郡与那国町" });
    expect(await postcodes.lookup("0600042")).toEqual({ prefecture: 1, city: "札幌市中央区", town: "大通西" });
    expect(await postcodes.lookup("1009999")).toBeUndefined();
  });

  it("keeps a bounded number of prefixes in memory and answers missing prefixes with nothing", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "kura-postcodes-"));
    try {
      for (let prefix = 0; prefix < 70; prefix++) {
        const zip3 = String(prefix).padStart(3, "0");
        fs.writeFileSync(path.join(directory, `${zip3}.json`), `cb([["_${zip3}0001","東京都","市${prefix}","町","","","","",""]]);`);
      }
      const postcodes = new PostcodesService(directory);
      for (let prefix = 0; prefix < 70; prefix++) await postcodes.byPrefix(String(prefix).padStart(3, "0"));
      expect(postcodes.cachedPrefixes).toBe(64);
      // The file changes on disk: a prefix still in memory answers from memory, an evicted one is read again.
      fs.writeFileSync(path.join(directory, "000.json"), `cb([["_0000001","大阪府","新しい市","町","","","","",""]]);`);
      fs.writeFileSync(path.join(directory, "069.json"), `cb([["_0690001","大阪府","新しい市","町","","","","",""]]);`);
      expect((await postcodes.lookup("0000001"))?.city).toBe("新しい市");
      expect((await postcodes.lookup("0690001"))?.city).toBe("市69");
      expect(await postcodes.byPrefix("999")).toEqual({});
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("GET /api/postcodes/{zip3}", () => {
  const shop = testAppFixture();

  it("answers every code of the prefix, with a long cache lifetime, in every locale prefix", async () => {
    for (const url of ["/api/postcodes/100", "/ja/api/postcodes/100", "/en/api/postcodes/100"]) {
      const response = await shop.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toMatch(/^public, max-age=(\d+)$/);
      expect(Number(/max-age=(\d+)/.exec(String(response.headers["cache-control"]))![1])).toBeGreaterThanOrEqual(86400);
      const { data } = response.json();
      expect(data["1000001"]).toEqual({ prefecture: 13, city: "千代田区", town: "千代田" });
      expect(Object.keys(data).every((code) => /^100\d{4}$/.test(code))).toBe(true);
    }
  });

  it("is a 404 for anything but 3 digits", async () => {
    for (const zip3 of ["10", "1000", "abc", "１００"]) {
      const response = await shop.app.inject({ method: "GET", url: `/en/api/postcodes/${encodeURIComponent(zip3)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: ["The requested resource does not exist."] });
    }
  });
});
