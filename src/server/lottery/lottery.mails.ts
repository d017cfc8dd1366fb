import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail, shopSubject } from "../mail/mail-layout.ts";

// The lottery's mails (decision 084): the win with its link to buy before the deadline (also when
// the bottles come to the entry as the next drawn), and the polite notice to those not drawn.

/** "山田 花子 様" / "Dear Hanako Yamada,"; none for a member who gave no name (sign-up asks none), as the birthday coupon's mail. */
function greetingOf(name: string, locale: Locale): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return undefined;
  return locale === "ja" ? `${trimmed} 様` : `Dear ${trimmed},`;
}

/** A deadline as the shop writes it, in Japan time. */
function deadlineText(deadline: Date, locale: Locale): string {
  return (
    new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", { timeZone: "Asia/Tokyo", dateStyle: "long", timeStyle: "short" }).format(deadline) +
    (locale === "ja" ? "(日本時間)" : " (Japan time)")
  );
}

export interface WinMail {
  name: string;
  product: string;
  bottles: number;
  deadline: Date;
  url: string;
  /** Offered after another winner's bottles came back (繰り上げ当選). */
  moved: boolean;
}

export function lotteryWinMail(shop: ShopProfile, publicUrl: string, locale: Locale, win: WinMail): MailContent {
  const deadline = deadlineText(win.deadline, locale);
  if (locale === "ja") {
    return composeMail(
      shop,
      locale,
      publicUrl,
      shopSubject(shop, locale, win.moved ? "【繰り上げ当選】抽選販売のご案内" : "【当選】抽選販売の結果のお知らせ"),
      {
        greeting: greetingOf(win.name, locale),
        paragraphs: [
          `${inLocale(shop.shopName, locale)}の抽選販売にご応募いただき、ありがとうございます。`,
          win.moved
            ? `ご当選の方のご購入期限が過ぎたため、繰り上げ当選となりました。「${win.product}」を${win.bottles}本までご購入いただけます。`
            : `厳正な抽選の結果、ご当選されました。「${win.product}」を${win.bottles}本までご購入いただけます。`,
          "以下のボタンからログインのうえ、ご購入期限までにご注文ください。期限を過ぎますと、次の方へ購入の権利が移ります。",
        ],
        action: { label: "購入手続きへ進む", url: win.url },
        details: [
          { label: "商品", value: win.product },
          { label: "ご購入いただける本数", value: `${win.bottles}本まで` },
          { label: "ご購入期限", value: deadline },
        ],
        note: "このリンクはご当選の会員様ご本人のみご利用いただけます。20歳未満の方の飲酒は法律で禁止されています。",
      },
    );
  }
  return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, win.moved ? "You have been offered a lottery bottle" : "You won the lottery"), {
    greeting: greetingOf(win.name, locale),
    paragraphs: [
      `Thank you for entering the ${inLocale(shop.shopName, locale)} lottery.`,
      win.moved
        ? `A winner's time to buy has passed, and the bottles now come to you: you may buy up to ${win.bottles} of "${win.product}".`
        : `You have been drawn: you may buy up to ${win.bottles} of "${win.product}".`,
      "Please sign in with the button below and order before the deadline. After it, the right to buy passes to the next entry drawn.",
    ],
    action: { label: "Buy now", url: win.url },
    details: [
      { label: "Product", value: win.product },
      { label: "Bottles", value: `up to ${win.bottles}` },
      { label: "Buy by", value: deadline },
    ],
    note: "Only the member who won can use this link. Drinking under 20 is prohibited by law in Japan.",
  });
}

export function lotteryLossMail(shop: ShopProfile, publicUrl: string, locale: Locale, entry: { name: string; product: string }): MailContent {
  if (locale === "ja") {
    return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, "抽選販売の結果のお知らせ"), {
      greeting: greetingOf(entry.name, locale),
      paragraphs: [
        `${inLocale(shop.shopName, locale)}の抽選販売「${entry.product}」にご応募いただき、誠にありがとうございました。`,
        "厳正な抽選の結果、誠に残念ながら今回はご希望に添えない結果となりました。",
        "ご当選の方がご購入期限までにご購入されなかった場合、抽選の順番に繰り上げ当選としてメールでご案内することがあります。",
        "またのご応募を心よりお待ちしております。",
      ],
    });
  }
  return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, "Your lottery result"), {
    greeting: greetingOf(entry.name, locale),
    paragraphs: [
      `Thank you very much for entering the lottery for "${entry.product}".`,
      "We are sorry to tell you that you were not drawn this time.",
      "If a winner does not buy before their deadline, the bottles pass to the next entries in the draw's order, and we may e-mail you again.",
      "We hope you will enter again.",
    ],
  });
}
