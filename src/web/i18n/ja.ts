// The Japanese dictionary is the source: every key the screens use is defined here first, and
// en.ts must define the same keys (the type checker enforces it). "{name}" marks a parameter.
import { legalJa } from "./legal.ja.ts";

export const ja = {
  ...legalJa,
  "site.ageNotice": "20歳未満の者の飲酒は法律で禁止されています",
  "site.skipToContent": "本文へスキップ",
  "site.copyright": "© {year} {company}",
  "site.testModeBadge": "テストモード",

  "nav.label": "メインメニュー",
  "nav.top": "Top",
  "nav.shop": "Shop",
  "nav.company": "Company",
  "nav.privacy": "Privacy Policy",
  "nav.contact": "Contact",
  "nav.magazine": "Mail Magazine",
  "nav.myPage": "My Page",
  "nav.logIn": "Log In",
  "nav.openMenu": "メニューを開く",
  "nav.closeMenu": "メニューを閉じる",
  "nav.opensInNewTab": "(新しいタブで開きます)",
  "nav.language": "言語",
  "nav.switchToJapanese": "日本語",
  "nav.switchToEnglish": "English",

  "footer.legalNotice": "特定商取引法に基づく表記",
  "footer.social": "公式SNS",
  "footer.follow": "{service}でフォロー",

  "cart.title": "カート",
  "cart.open": "カートを開く",
  "cart.close": "カートを閉じる",
  "cart.empty": "カートは空です",

  "ageGate.title": "年齢確認",
  "ageGate.lead": "20歳未満の者の飲酒は法律で禁止されています。当サイトは20歳以上の方のみご利用いただけます。",
  "ageGate.question": "生年月日を入力してください。",
  "ageGate.year": "年",
  "ageGate.month": "月",
  "ageGate.day": "日",
  "ageGate.birthDate": "生年月日",
  "ageGate.submit": "入場する",
  "ageGate.required": "生年月日をすべて選択してください。",
  "ageGate.nonexistentDate": "存在しない日付が入力されました。",
  "ageGate.underage": "申し訳ありません、あなたは法定年齢以下です。 私達は私達のサイトであなたを歓迎することはできません。",

  "page.loading": "読み込み中…",
  "notFound.title": "ページが見つかりません",
  "notFound.body": "お探しのページは移動または削除された可能性があります。",
  "notFound.back": "トップページへ戻る",
  "error.title": "エラーが発生しました",
  "error.body": "しばらくしてからもう一度お試しください。",

  "home.heroTitle": "日々の食卓に、とっておきの一本を。",
  "home.heroLead": "蔵前の小さな酒舗が選んだワインとスピリッツをお届けします。",
  "home.heroCta": "ショップを見る",
  "home.shopHeading": "Shop",
  "home.shopLead": "いま蔵にあるワインとスピリッツ",
  "home.viewAll": "View All",
  "home.productsHeading": "Our Products",
  "home.productsLead": "造り手とともに選んだ、蔵のこだわりの品々",
  "home.viewMore": "View More",

  "shop.title": "Shop",
  "shop.lead": "いま蔵にあるワインとスピリッツ",
  "products.title": "Our Products",
  "products.lead": "造り手とともに選んだ、蔵のこだわりの品々",
  "catalogue.comingSoon": "商品を準備しています。もうしばらくお待ちください。",

  "login.title": "ログイン",
  "login.email": "メールアドレス",
  "login.password": "パスワード",
  "login.rememberMe": "ログインしたままにする",
  "login.submit": "ログイン",
  "login.failed": "ログインできませんでした。",
  "login.toSignup": "アカウントをお持ちでない方はこちら(新規登録)",
  "login.toPassword": "パスワードをお忘れの方はこちら",

  "mypage.title": "マイページ",
  "mypage.nav": "マイページメニュー",
  "mypage.profile": "アカウント情報",
  "mypage.checking": "ログイン状態を確認しています…",

  "inquiry.title": "お問い合わせ",
  "inquiry.lead": "商品やご注文についてのご質問をお待ちしております。{hours}に順次回答いたします。",
  "inquiry.byMail": "メール:",
  "inquiry.byPhone": "電話:",

  "magazine.title": "メールマガジン",
  "magazine.lead": "新入荷や季節のおすすめ、蔵からのお知らせをメールでお届けします。",
} as const;

export type MessageKey = keyof typeof ja;
export type Dictionary = Record<MessageKey, string>;
