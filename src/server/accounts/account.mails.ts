import type { Locale } from "../../domain/locale.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { MailContent } from "../mail/mail-layout.ts";
import { composeMail, shopSubject } from "../mail/mail-layout.ts";
import { fillText } from "../../domain/fill-text.ts";

// The account mails of Devise (confirmation, reset, unlock, password changed) in the shop's layout,
// worded after devise-i18n.

type Texts = {
  subject: string;
  paragraphs: string[];
  action?: string;
  note?: string;
};

/** What every change notice ends with: the button to the password reset, and what to do when the change was not the member's. */
const CHANGE_NOTICE_ENDING: Record<Locale, { action: string; note: string }> = {
  ja: {
    action: "パスワードを再設定する",
    note: "お心当たりのない場合は、第三者がアカウントを不正に操作しているおそれがあります。上のボタンからすぐにパスワードを再設定し、当店までご連絡ください。",
  },
  en: {
    action: "Reset my password",
    note: "If this was not you, someone else may be using your account: reset your password at once with the button above, and contact us.",
  },
};

/** A change notice (decision 064): its subject and what changed, then the ending every notice shares. */
function changeNotice(locale: Locale, subject: string, paragraphs: string[]): Texts {
  return { subject, paragraphs, ...CHANGE_NOTICE_ENDING[locale] };
}

const texts: Record<Locale, Record<AccountMailKind, Texts>> = {
  ja: {
    confirmation: {
      subject: "メールアドレス確認メール",
      paragraphs: ["会員登録ありがとうございます。", "以下のボタンからメールアドレスの確認を完了してください。"],
      action: "メールアドレスを確認する",
      note: "このリンクの有効期限は3日間です。お心当たりのない場合は、このメールを破棄してください。",
    },
    reconfirmation: {
      subject: "メールアドレス確認メール",
      paragraphs: [
        "メールアドレスの変更を受け付けました。",
        "以下のボタンから新しいメールアドレスの確認を完了してください。確認が済むまでは、これまでのメールアドレスでログインできます。",
      ],
      action: "メールアドレスを確認する",
      note: "このリンクの有効期限は3日間です。お心当たりのない場合は、このメールを破棄してください。",
    },
    alreadyRegistered: {
      subject: "会員登録について",
      paragraphs: [
        "このメールアドレスで会員登録のお申し込みがありましたが、このメールアドレスはすでに登録されています。",
        "パスワードをお忘れの場合は、以下のボタンから再設定してください。お心当たりのない場合は、このメールを破棄してください。",
      ],
      action: "パスワードを再設定する",
    },
    resetPassword: {
      subject: "パスワードの再設定について",
      paragraphs: ["パスワード再設定のお申し込みを受け付けました。", "以下のボタンから新しいパスワードを設定してください。"],
      action: "パスワードを変更する",
      note: "このリンクの有効期限は6時間です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
    },
    unlock: {
      subject: "アカウントのロック解除について",
      paragraphs: ["ログインの失敗が続いたため、アカウントをロックしました。", "以下のボタンからロックを解除できます。"],
      action: "アカウントのロックを解除する",
      note: "このリンクを使わなくても、しばらくするとロックは自動的に解除されます。",
    },
    staffUnlock: {
      subject: "管理画面のロック解除について",
      paragraphs: [
        "管理画面へのサインインの失敗が続いたため、このアカウントにロックがかかっています。",
        "以下のボタンから、すべての接続元のロックを解除できます。",
      ],
      action: "ロックを解除する",
      note: "このリンクの有効期限は1時間です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
    },
    passwordChanged: {
      subject: "パスワードの変更について",
      paragraphs: ["パスワードが変更されたことをお知らせします。", "お心当たりのない場合は、すぐにパスワードを再設定し、当店までご連絡ください。"],
    },
    // Change notices (decision 064): each says what changed; changeNotice adds what to do if it was not the member.
    emailChangeRequested: changeNotice("ja", "メールアドレス変更のお申し込みについて", [
      "ご登録のメールアドレスを変更するお申し込みを受け付けました。",
      "新しいメールアドレス: {detail}",
      "新しいメールアドレスで確認が済むと、このメールアドレスではログインできなくなり、当店からのお知らせも届かなくなります。",
    ]),
    emailChanged: changeNotice("ja", "メールアドレス変更完了のお知らせ", [
      "ご登録のメールアドレスを {detail} に変更しました。",
      "今後は新しいメールアドレスでログインしてください。当店からのお知らせも新しいメールアドレスにお送りします。",
    ]),
    addressChanged: changeNotice("ja", "ご登録住所変更のお知らせ", [
      "マイページのご登録住所が変更されました。",
      "変更後の住所はマイページでご確認いただけます。",
    ]),
    cardSaved: changeNotice("ja", "クレジットカード登録のお知らせ", [
      "マイページにクレジットカードが登録されました。",
      "登録されたカード: {detail}",
      "以前に登録されていたカードは、今後のお支払いには使われません。",
    ]),
    cardRemoved: changeNotice("ja", "クレジットカード登録削除のお知らせ", [
      "マイページに登録されていたクレジットカードを削除しました。",
      "削除したカード: {detail}",
    ]),
  },
  en: {
    confirmation: {
      subject: "Confirmation instructions",
      paragraphs: ["Thank you for signing up.", "You can confirm your account email through the button below."],
      action: "Confirm my account",
      note: "This link is valid for 3 days. If you did not sign up, please ignore this email.",
    },
    reconfirmation: {
      subject: "Confirmation instructions",
      paragraphs: [
        "We received a request to change your email address.",
        "Please confirm the new address through the button below. Until then you sign in with your previous address.",
      ],
      action: "Confirm my new email",
      note: "This link is valid for 3 days. If you did not ask for this, please ignore this email.",
    },
    alreadyRegistered: {
      subject: "About your sign-up",
      paragraphs: [
        "Someone tried to sign up with this email address, which already has an account.",
        "If you forgot your password, you can reset it through the button below. If this was not you, please ignore this email.",
      ],
      action: "Reset my password",
    },
    resetPassword: {
      subject: "Reset password instructions",
      paragraphs: ["Someone has requested a link to change your password.", "You can do this through the button below."],
      action: "Change my password",
      note: "This link is valid for 6 hours. If you didn't request this, please ignore this email. Your password won't change until you access the link above and create a new one.",
    },
    unlock: {
      subject: "Unlock instructions",
      paragraphs: [
        "Your account has been locked due to an excessive number of unsuccessful sign in attempts.",
        "Click the button below to unlock your account.",
      ],
      action: "Unlock my account",
      note: "The lock also ends by itself after a while.",
    },
    staffUnlock: {
      subject: "Unlocking your back-office account",
      paragraphs: [
        "Your back-office account has been locked after too many unsuccessful sign-in attempts.",
        "Click the button below to lift the lock from every address.",
      ],
      action: "Unlock my account",
      note: "This link is valid for 1 hour. If you did not ask for it, please ignore this email. Your password won't change.",
    },
    passwordChanged: {
      subject: "Password changed",
      paragraphs: [
        "We're contacting you to notify you that your password has been changed.",
        "If this was not you, please reset your password at once and contact us.",
      ],
    },
    emailChangeRequested: changeNotice("en", "A change of your email address was requested", [
      "We received a request to change the email address of your account.",
      "New address: {detail}",
      "Once the new address is confirmed, you can no longer sign in with this one, and our mails will no longer come here.",
    ]),
    emailChanged: changeNotice("en", "Your email address has been changed", [
      "The email address of your account is now {detail}.",
      "Please sign in with the new address from now on; our mails go there too.",
    ]),
    addressChanged: changeNotice("en", "Your address has been changed", [
      "The address saved on My Page has been changed.",
      "You can see the new address on My Page.",
    ]),
    cardSaved: changeNotice("en", "A credit card has been saved", [
      "A credit card has been saved on My Page.",
      "Card: {detail}",
      "A card saved before is no longer used for payments.",
    ]),
    cardRemoved: changeNotice("en", "Your saved credit card has been removed", [
      "The credit card saved on My Page has been removed.",
      "Removed card: {detail}",
    ]),
  },
};

export type AccountMailKind =
  "confirmation" | "reconfirmation" | "alreadyRegistered" | "resetPassword" | "unlock" | "staffUnlock" | "passwordChanged" | ChangeNoticeKind;

/** The mails that tell a member their account changed (decision 064); their button leads to the password reset. */
export type ChangeNoticeKind = "emailChangeRequested" | "emailChanged" | "addressChanged" | "cardSaved" | "cardRemoved";

/** Where a change notice's button leads: the page that mails a password reset link. */
export const CHANGE_NOTICE_LINK = "/password";

/**
 * Composes one account mail; `link` is the path (with its token) the button opens, `detail` what a
 * change notice names (the new address, the card's brand and last digits).
 */
export function accountMail(shop: ShopProfile, publicUrl: string, locale: Locale, kind: AccountMailKind, link?: string, detail = ""): MailContent {
  const text = texts[locale][kind];
  return composeMail(shop, locale, publicUrl, shopSubject(shop, locale, text.subject), {
    paragraphs: text.paragraphs.map((paragraph) => fillText(paragraph, { detail })),
    ...(text.action && link ? { action: { label: text.action, url: `${publicUrl}${link}` } } : {}),
    ...(text.note ? { note: text.note } : {}),
  });
}
