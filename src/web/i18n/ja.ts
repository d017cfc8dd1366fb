// The Japanese dictionary is the source: every key the screens use is defined here first, and
// en.ts must define the same keys (the type checker enforces it). "{name}" marks a parameter.
import type { companyJa } from "./legal-company.ja.ts";
import type { legalNoticeJa } from "./legal-notice.ja.ts";
import type { privacyJa } from "./legal-privacy.ja.ts";
import type { checkoutJa } from "./checkout.ja.ts";
import type { ordersJa } from "./orders.ja.ts";
import type { addressBookJa } from "./address-book.ja.ts";
import type { formPagesJa } from "./form-pages.ja.ts";
import type { wishlistPagesJa } from "./wishlist-pages.ja.ts";
import type { pointsPagesJa } from "./points-pages.ja.ts";
import type { pointsEstimateJa } from "./points-estimate.ja.ts";
import type { destinationsPagesJa } from "./destinations-pages.ja.ts";
import type { accountPagesJa } from "./account-pages.ja.ts";
import type { lotteryPagesJa } from "./lottery-pages.ja.ts";
import type { paymentFormsJa } from "./payment-forms.ja.ts";
import type { rankPagesJa } from "./rank-pages.ja.ts";
import type { preorderJa } from "./preorder.ja.ts";

import type { catalogSalesJa } from "./catalog-sales.ja.ts";
import type { memberFormsJa } from "./member-forms.ja.ts";
export const ja = {
  "legal.postalAddress": "〒{zip} {address}",
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
  "cart.view": "カートを見る(購入手続き)",
  "cart.close": "カートを閉じる",
  "cart.empty": "カートは空です",

  "ageGate.title": "年齢確認",
  "ageGate.choose": "選択",
  "ageGate.lead": "20歳未満の者の飲酒は法律で禁止されています。当サイトは20歳以上の方のみご利用いただけます。",
  "ageGate.question": "生年月日を入力してください。",
  "ageGate.year": "年",
  "ageGate.month": "月",
  "ageGate.day": "日",
  "ageGate.birthDate": "生年月日",
  "ageGate.submit": "入場する",
  "ageGate.required": "生年月日をすべて選択してください。",
  "ageGate.nonexistentDate": "存在しない日付が入力されました。",
  "ageGate.expired": "ページの有効期限が切れました。お手数ですが、もう一度生年月日を選んで入場してください。",
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
  "products.listHeading": "展示の一覧",
  "products.lead": "造り手とともに選んだ、蔵のこだわりの品々",

  // --- inquiry form and mail magazine ---

  // --- end inquiry form and mail magazine ---

  "catalog.soldOut": "SOLD OUT",
  "catalog.addToCart": "カートに入れる",
  "catalog.addedToCart": "カートに入れました。",
  "catalog.filters": "絞り込み",
  "catalog.activeFilters": "({count}件の条件で絞り込み中)",
  "catalog.showResults": "{count}件を表示",
  "catalog.applyFilters": "この条件で絞り込む",
  "catalog.stock": "在庫",
  "catalog.stockAll": "すべて",
  "catalog.inStock": "在庫あり",
  "catalog.outOfStock": "在庫なし",
  "catalog.liquorType": "種類",
  "catalog.allTypes": "すべての種類",
  "catalog.series": "シリーズ",
  "catalog.unclassified": "未分類",
  "catalog.resultCount": "{count}件の商品",
  "catalog.noResults": "条件に合う商品が見つかりませんでした。",
  "catalog.resetFilters": "絞り込みを解除する",
  "catalog.breadcrumb": "現在位置",
  "catalog.gallery": "商品画像",
  "catalog.showImage": "{n}枚目の画像を表示",
  "catalog.shipping": "配送",
  "catalog.coolShipping": "クール便でお届けします",
  "catalog.limitLabel": "購入制限",
  "catalog.shipsLabel": "発送",
  "catalog.limit": "お一人様{limit}本まで",
  "catalog.specTitle": "商品の仕様",
  "catalog.spec.origin": "産地",
  "catalog.spec.producer": "生産者",
  "catalog.spec.grapes": "品種",
  "catalog.spec.ingredients": "原料",
  "catalog.spec.vintage": "ヴィンテージ",
  "catalog.spec.volume": "容量",
  "catalog.spec.volumeValue": "{ml}ml",
  "catalog.spec.alcohol": "アルコール度数",
  "catalog.spec.alcoholValue": "{percent}%",
  "catalog.spec.sweetness": "味わい(甘辛)",
  "catalog.spec.body": "味わい(ボディ)",
  "catalog.spec.dry": "辛口",
  "catalog.spec.sweet": "甘口",
  "catalog.spec.light": "ライト",
  "catalog.spec.full": "フル",
  "catalog.spec.scale": "{low}〜{high}の5段階で{value}",
  "catalog.spec.storage": "保存方法",
  "catalog.spec.category": "酒類の品目",
  "catalog.quantity": "数量",
  "catalog.quantityNote": "{max}本までお選びいただけます",
  "catalog.lowStock": "残りわずか",
  "catalog.related": "同じシリーズのお酒",
  "catalog.exhibitProducts": "この記事で紹介しているお酒",
  "search.label": "商品を検索",
  "search.placeholder": "商品名・生産者・産地・品種",
  "search.submit": "検索",
  "search.resultsFor": "「{q}」の検索結果",
  "search.noResults": "「{q}」に合う商品は見つかりませんでした。",
  "search.clear": "検索をやめてすべての商品を見る",

  "cart.total": "合計(税込)",
  "cart.purchase": "購入手続きへ",
  "cart.unavailable": "現在お買い求めいただけません(売り切れ・販売終了)",
  "cart.decrease": "{name}を1本減らす",
  "cart.increase": "{name}を1本増やす",
  "cart.quantity": "{name}の数量",
  "cart.remove": "{name}をカートから削除",
  "cart.reducedToStock": "在庫が残り{count}本のため、数量を{count}本にしました",
  "cart.reducedToLimit": "お一人様{count}本までのため、数量を{count}本にしました",
  // {subtotal} comes with its tax label, "4,378 円(税込)" (formatYenTaxed), kept on one line.
  "cart.line": "{price} x {amount} = {subtotal}",

  "loginPrompt.title": "ログインしてお買い物を",
  "loginPrompt.lead": "ログインすると、もっと便利にお買い物いただけます。",
  "loginPrompt.shareCart": "カートの中身を複数の端末で共有できます",
  "loginPrompt.history": "購入履歴を確認できます",
  "loginPrompt.saveDetails": "お届け先やお支払い情報を事前に登録できます",
  "loginPrompt.logIn": "ログインする",
  "loginPrompt.signUp": "アカウントをお持ちでない方は新規登録",
  "loginPrompt.close": "閉じる",

  // Address form (/mypage/address, later /checkout) and its page.
  // Accounts (auth pages, header Log Out, My Page profile and account): Devise's wording where it has one.
  "nav.logOut": "Log Out",
  "auth.email": "メールアドレス",
  "auth.password": "パスワード",
  "auth.passwordConfirmation": "パスワード(確認用)",
  "auth.newPassword": "新しいパスワード",
  "auth.newPasswordConfirmation": "新しいパスワード(確認用)",
  "auth.currentPassword": "現在のパスワード",
  "auth.passwordHint": "{min}文字以上{max}文字以内で入力してください。",
  "auth.sending": "送信中…",
  "auth.requestFailed": "通信に失敗しました。しばらくしてからもう一度お試しください。",
  "auth.signedOut": "ログアウトしました。",
  "auth.signOutFailed": "ログインできませんでした。",
  "auth.spamTip": "メールが届かない場合は、迷惑メールフォルダもご確認ください。",
  "mypageAccount.cancelled": "アカウントを削除しました。またのご利用をお待ちしております。",
  // --- payments: card field, 3-D Secure, saved card (/mypage/credit) ---
  "mypageCredit.register": "登録する",
  "mypageCredit.update": "更新する",
  // --- end payments ---
  // --- 再入荷のお知らせ and お気に入り (decision 083) ---
  "wishlist.favorite": "お気に入りに追加",
  "wishlist.unfavorite": "お気に入りから削除",
  "wishlist.favoriteAdded": "お気に入りに追加しました。",
  "wishlist.favoriteRemoved": "お気に入りから削除しました。",
  "wishlist.failed": "処理できませんでした。時間をおいてもう一度お試しください。",
  "wishlist.restockTitle": "再入荷のお知らせ",
  "wishlist.restockLeadMember": "再入荷しましたら、ご登録のメールアドレスにお知らせします。",
  "wishlist.restockLeadGuest": "再入荷しましたらメールでお知らせします。確認メールのリンクを開くと登録が完了します。",
  "wishlist.restockEmail": "メールアドレス",
  "wishlist.restockSubmit": "再入荷したら知らせる",
  "wishlist.restockSending": "送信中…",
  "wishlist.restockRequested": "再入荷のお知らせを登録しました。入荷しましたらメールでお知らせします。",
  "wishlist.restockSent": "確認メールをお送りしました。メール内のリンクから登録を完了してください(リンクの有効期限は3日間です)。",
  "wishlist.restockLink": "再入荷のお知らせを受け取る",
  // --- end 再入荷のお知らせ and お気に入り ---
  // --- 抽選販売 (decision 084) ---
  "lottery.badge": "抽選販売",
  "lottery.lead": "この商品は抽選販売です。応募期間中に会員の方のみご応募いただけます(お一人様1回)。",
  "lottery.period": "応募期間",
  "lottery.periodValue": "{start} 〜 {end}",
  "lottery.bottles": "販売本数",
  "lottery.bottlesValue": "{count}本",
  "lottery.limit": "お一人様",
  "lottery.limitValue": "{count}本まで",
  "lottery.enter": "抽選に応募する",
  "lottery.entered": "抽選販売に応募しました。結果はメールでお知らせします。",
  "lottery.notOpen": "応募受付前です。",
  "lottery.closed": "応募受付は終了しました。抽選結果はメールでお知らせします。",
  "lottery.drawn": "抽選は終了しました。ご当選の方にはメールでご案内しています。",
  "lottery.note": "ご応募には会員登録と生年月日の登録が必要です。20歳未満の方はご応募いただけません。",
  // --- end 抽選販売 ---
} as const;

/** Every text of the site: in the dictionary every page loads, or in the page texts its modules add as they load (legal-company, legal-privacy, legal-notice, checkout, orders, address-book: *-texts.ts). */
export type MessageKey =
  | keyof typeof memberFormsJa
  | keyof typeof catalogSalesJa
  | keyof typeof ja
  | keyof typeof companyJa
  | keyof typeof privacyJa
  | keyof typeof legalNoticeJa
  | keyof typeof checkoutJa
  | keyof typeof ordersJa
  | keyof typeof addressBookJa
  | keyof typeof accountPagesJa
  | keyof typeof formPagesJa
  | keyof typeof wishlistPagesJa
  | keyof typeof paymentFormsJa
  | keyof typeof lotteryPagesJa
  | keyof typeof rankPagesJa
  | keyof typeof preorderJa
  | keyof typeof pointsPagesJa
  | keyof typeof pointsEstimateJa
  | keyof typeof destinationsPagesJa;
export type Dictionary = Record<keyof typeof ja, string>;
