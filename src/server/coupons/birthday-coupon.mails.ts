import { birthdayCouponAmount } from "../../domain/birthday-coupon.ts";
import type { BirthdayCouponSettings } from "../../domain/birthday-coupon.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { inLocale } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail, shopSubject } from "../mail/mail-layout.ts";

/** The birthday coupon's mail (decision 086): the code, what it takes off, until when, in the member's language. */
export function birthdayCouponMail(
  shop: ShopProfile,
  publicUrl: string,
  locale: Locale,
  coupon: { code: string; name: string; validUntil: string; rule: Pick<BirthdayCouponSettings, "kind" | "value" | "minimumOrder"> },
): MailContent {
  const amount = birthdayCouponAmount(coupon.rule, locale);
  const until = coupon.validUntil.replaceAll("-", "/");
  const minimum = coupon.rule.minimumOrder > 0 ? coupon.rule.minimumOrder.toLocaleString("en-US") : null;
  const shopName = inLocale(shop.shopName, locale);
  const greeting = coupon.name === "" ? undefined : locale === "ja" ? `${coupon.name} 様` : `Dear ${coupon.name},`;
  if (locale === "ja") {
    return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, "お誕生日おめでとうございます。クーポンをお贈りします"), {
      greeting,
      paragraphs: [
        `お誕生日おめでとうございます。いつも${shopName}をご利用いただき、ありがとうございます。`,
        "ささやかですが、お誕生月のクーポンをお贈りします。ご注文手続きの「クーポンコード」欄に下のコードを入力してください（ログインしてのご注文に限り、1回ご利用いただけます）。",
      ],
      details: [
        { label: "クーポンコード", value: coupon.code },
        { label: "割引", value: amount },
        { label: "有効期限", value: `${until}まで` },
        ...(minimum ? [{ label: "ご利用条件", value: `商品合計${minimum}円（税込）以上` }] : []),
      ],
      action: { label: "お買い物をする", url: `${publicUrl}/products` },
      note: "このメールは、マイページでお誕生日クーポンの受け取りを選ばれた方にお送りしています。",
    });
  }
  return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, "Happy birthday: a coupon for you"), {
    greeting,
    paragraphs: [
      `Happy birthday, and thank you for shopping at ${shopName}.`,
      "Here is a small gift for your birthday month. Type the code below in the coupon field at checkout (signed in; it can be used once).",
    ],
    details: [
      { label: "Coupon code", value: coupon.code },
      { label: "Discount", value: amount },
      { label: "Valid until", value: until },
      ...(minimum ? [{ label: "Minimum order", value: `¥${minimum} of goods (tax included)` }] : []),
    ],
    action: { label: "Shop now", url: `${publicUrl}/products` },
    note: "You receive this mail because you asked for the birthday coupon on My Page.",
  });
}
