import { describe, expect, it } from "vitest";
import { readShopProfileFile } from "../shop/shop-profile.service.ts";
import { lotteryLossMail, lotteryWinMail } from "./lottery.mails.ts";

// A member who signed up with an e-mail address alone has no name on file: the lottery's mails then
// open without a bare 「 様」 / "Dear ," (as the birthday coupon's mail does), and with the name when there is one.

const shop = readShopProfileFile("config/shop-profile.json");
const win = {
  product: "シャトー・ベルガルド アルマニャック 1998 700ml",
  bottles: 1,
  deadline: new Date("2026-12-05T00:11:00Z"),
  url: "https://kura.example/mypage/lotteries/36",
  moved: false,
};

describe("lottery mails' greeting", () => {
  it("opens a nameless member's win and loss mails without a bare 様 or Dear", () => {
    for (const mail of [
      lotteryWinMail(shop, "https://kura.example", "ja", { ...win, name: "" }),
      lotteryLossMail(shop, "https://kura.example", "ja", { name: " ", product: win.product }),
    ]) {
      expect(mail.text).not.toMatch(/^\s*様/m);
      expect(mail.html).not.toMatch(/>\s*様\s*</);
    }
    for (const mail of [
      lotteryWinMail(shop, "https://kura.example", "en", { ...win, name: "" }),
      lotteryLossMail(shop, "https://kura.example", "en", { name: "", product: win.product }),
    ]) {
      expect(mail.text).not.toContain("Dear ,");
      expect(mail.html).not.toContain("Dear ,");
    }
  });

  it("greets a member with a name by it", () => {
    expect(lotteryWinMail(shop, "https://kura.example", "ja", { ...win, name: "山田 花子" }).text).toContain("山田 花子 様");
    expect(lotteryLossMail(shop, "https://kura.example", "en", { name: "Hanako Yamada", product: win.product }).text).toContain("Dear Hanako Yamada,");
  });
});
