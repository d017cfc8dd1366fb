import type { Locale } from "../../domain/locale.ts";

// Texts the server itself answers with (API errors). Japanese is the source; English must match its keys.
const ja = {
  notFound: "お探しのページは見つかりませんでした。",
  apiNotFound: "指定されたリソースは存在しません。",
  csrfInvalid: "ページの有効期限が切れました。ページを再読み込みしてからもう一度お試しください。",
  invalid: "入力内容に誤りがあります。",
  invalidCharacters: "入力内容に使用できない文字が含まれています。",
  unauthorized: "ログインもしくはアカウント登録してください。",
  forbidden: "この操作を行う権限がありません。",
  conflict: "他の操作と競合しました。もう一度お試しください。",
  paymentFailed: "お支払いを完了できませんでした。",
  rateLimited: "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
  internal: "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。",
  databaseUnavailable: "データベースに接続できません。",
  // Accounts: devise-i18n's Japanese wording.
  signInInvalid: "メールアドレスまたはパスワードが違います。",
  signInLastAttempt: "もう一回誤るとアカウントがロックされます。",
  signInLocked: "アカウントはロックされています。",
  signInUnconfirmed: "メールアドレスの本人確認が必要です。",
  sessionTimeout: "セッションがタイムアウトしました。もう一度ログインしてください。",
  alreadySignedIn: "すでにログインしています。",
  signedIn: "ログインしました。",
  signedOut: "ログアウトしました。",
  signedUpUnconfirmed: "本人確認用のメールを送信しました。メール内のリンクからアカウントを有効化させてください。",
  accountUpdated: "アカウント情報を変更しました。",
  accountUpdatedNeedsConfirmation: "アカウント情報を変更しました。変更されたメールアドレスの本人確認のため、本人確認用メールより確認処理をおこなってください。",
  accountDestroyed: "アカウントを削除しました。またのご利用をお待ちしております。",
  passwordInstructionsSent: "メールアドレスが登録済みの場合、パスワード再設定用のメールが数分以内に送信されます。",
  passwordUpdated: "パスワードが正しく変更されました。ログインしました。",
  confirmationInstructionsSent: "メールアドレスが登録済みの場合、本人確認用のメールが数分以内に送信されます。",
  emailConfirmed: "メールアドレスが確認できました。",
  unlockInstructionsSent: "アカウントが存在する場合、アカウントのロックを解除する方法を数分以内にメールでご連絡します。",
  unlocked: "アカウントをロック解除しました。ログインしてください。",
  saved: "保存しました。",
  // --- inquiries and mail magazine ---
  inquiryReceived: "お問い合わせを受け付けました。確認のメールをお送りしました。",
  magazineConfirmationSent: "確認メールをお送りしました。メール内のリンクから登録を完了してください(リンクの有効期限は3日間です)。",
  magazineSubscribed: "メールマガジンの配信を開始しました。",
  magazineUnsubscribed: "メールマガジンの配信を停止しました。",
  magazineLinkInvalid: "このリンクは無効です。メールに記載されたリンクをもう一度ご確認ください。",
  // --- end inquiries and mail magazine ---
  // --- 再入荷のお知らせ and お気に入り (decision 083) ---
  restockRequested: "再入荷のお知らせを登録しました。入荷しましたらメールでお知らせします。",
  restockConfirmationSent: "確認メールをお送りしました。メール内のリンクから登録を完了してください(リンクの有効期限は3日間です)。",
  restockInStock: "この商品は在庫がございます。そのままご注文いただけます。",
  restockTooMany: "再入荷のお知らせは1つのメールアドレスにつき20件までお申し込みいただけます。",
  restockCancelled: "再入荷のお知らせを停止しました。",
  restockLinkInvalid: "このリンクは無効です。メールに記載されたリンクをもう一度ご確認ください。",
  favoriteAdded: "お気に入りに追加しました。",
  favoriteRemoved: "お気に入りから削除しました。",
  favoritesFull: "お気に入りは200件まで登録できます。",
  // --- end 再入荷のお知らせ and お気に入り ---
  // --- payments ---
  cardNotSaved: "カードを登録できませんでした。もう一度カード情報を入力してください。",
  paymentUnavailable: "決済サービスに接続できません。しばらくしてからもう一度お試しください。",
  cardAttemptsLimited:
    "カードのお支払い・ご登録が続けてお受けできなかったため、しばらくの間カードはご利用いただけません。時間をおいてお試しいただくか、銀行振込など他のお支払い方法をお選びください。",
  // --- end payments ---
  // --- request keys of writes (decision 049) ---
  requestKeyMissing:
    "この操作を受け付けられませんでした(Idempotency-Key ヘッダーがないか、形式が正しくありません)。ページを再読み込みしてからもう一度お試しください。",
  requestKeyReused: "この操作のリクエストは、別の内容ですでに送信されています。ページを再読み込みしてからもう一度お試しください。",
  requestKeyUnanswered: "同じ操作をすでに受け付けていますが、結果を確認できませんでした。ページを再読み込みして、反映されているかご確認ください。",
  // --- end request keys ---
  // --- checkout ---
  idempotencyKeyMissing:
    "注文を受け付けられませんでした(Idempotency-Key ヘッダーがないか、形式が正しくありません)。ページを再読み込みしてからもう一度お試しください。",
  idempotencyKeyReused: "この注文リクエストは、別の内容ですでに送信されています。ページを再読み込みしてからもう一度お試しください。",
  checkoutInProgress: "このご注文は処理中です。しばらくしてからもう一度お試しください。",
  checkoutOrderMismatch: "お支払い中のご注文が見つかりませんでした。ページを再読み込みしてからもう一度お試しください。",
  paymentExpired: "お支払いの有効期限が切れたため、ご注文は確定されませんでした。もう一度お試しください。",
  threeDSecureFailed: "3D認証に失敗しました。もう一度お試しください。",
  // --- end checkout ---
  // --- back office ---
  staffUnauthorized: "管理画面にログインしてください。",
  orderMoveNotAllowed: "この注文は現在のステータスからその操作を行えません。",
  parcelNotShipped: "この配送便はまだ発送されていないため、送り状番号を訂正できません。発送済みにするときに送り状番号を入力してください。",
  adjustmentNotAllowed:
    "値引き・金額訂正は、ご入金前の銀行振込の注文と、発送前の代金引換の注文にだけ追加できます。カード・コンビニ払い・PayPayの注文や、入金済み・発送済みの注文の金額は変更できません。",
  adjustmentTotalBelowZero: "この値引き・金額訂正を加えると注文の合計金額が0円を下回るため、追加できません。",
  adjustmentRateBelowZero: "税率ごとの対象金額がマイナスになるため、追加できません。値引きする商品と同じ税率を選び、その税率の金額の範囲内で入力してください。",
  adjustmentTotalTooLarge: "この金額訂正を加えると注文の合計金額が上限を超えるため、追加できません。",
  adjustmentRateUnknown: "税率は10%か8%を選んでください。",
  adjustmentRefusedByMethod: "この注文のお支払い方法では、変更後の金額を受け付けられません。",
  // Order changes before shipping (decision 074).
  recipientFeeChangeNotAllowed:
    "このお届け先では送料が変わります。送料の変わるお届け先の変更は、ご入金前の銀行振込の注文と発送前の代金引換の注文にだけできます。カード・コンビニ払い・PayPayの注文や入金済みの注文は、送料の同じ地域への変更に限られます(ご相談のうえ、キャンセルしてご注文し直していただく方法もあります)。",
  // The member's own change from My Page (decision 074): the shop, not the member, can settle a new amount.
  recipientFeeChangeContactShop:
    "このお届け先へは送料が変わるため、マイページからは変更できません。お支払い済みのご注文やカード・コンビニ払い・PayPayのご注文で送料の変わるお届け先へ変更をご希望の場合は、お手数ですがお問い合わせください。",
  recipientDateUnreachable: "新しいお届け先には、ご希望のお届け日までにお届けできません。先にお届け日時を変更してください(指定なしも選べます)。",
  // A gift change that adds or takes off a fee (wrapping), by staff and by the member (decision 074).
  giftFeeChangeNotAllowed:
    "ラッピングの追加・取りやめでご注文金額が変わります。金額の変わるギフト設定の変更は、ご入金前の銀行振込の注文と発送前の代金引換の注文にだけできます。カード・コンビニ払い・PayPayの注文や入金済みの注文は、金額の変わらない変更(のし・メッセージカード・納品書)に限られます。",
  giftFeeChangeContactShop:
    "ラッピングの追加・取りやめでご注文金額が変わるため、マイページからは変更できません。お支払い済みのご注文やカード・コンビニ払い・PayPayのご注文でラッピングの変更をご希望の場合は、お手数ですがお問い合わせください。",
  giftUnchanged: "ギフト設定が変更されていません。変更する項目を選んでください。",
  // Partial cancellation before shipping (decision 078).
  partialCancelShipped:
    "このご注文は発送の準備が済んでいる(送り状番号が発行済み、または発送済み)ため、一部キャンセルできません。発送後のお取り消しは返品としてお受けください。",
  partialCancelCancelled: "このご注文はキャンセルされているため、一部キャンセルできません。",
  partialCancelPending:
    "このご注文はお支払いの手続き中(カードの本人認証やPayPayの承認待ち)のため、まだ一部キャンセルできません。お支払いが済んでから、またはお支払いが取り消されてからお試しください。",
  partialCancelVoucher:
    "コンビニ払いの払込票は発行済みの金額でしかお支払いいただけないため、ご入金前の一部キャンセルはできません。ご入金後に一部キャンセルするか、注文全体をキャンセルしてご注文し直していただいてください。",
  partialCancelAllLines:
    "すべての商品を取り消すことになるため、一部キャンセルはできません。注文全体を取り消す場合は「キャンセル」ボタンから注文をキャンセルしてください。",
  partialCancelNotLower: "数量は現在の数量より少ない数を入力してください(0で商品を取り消します)。",
  partialCancelUnknownLine: "この注文にその商品はありません。画面を読み込み直してからもう一度お試しください。",
  partialCancelBelowZero: "この商品を取り消すと、残る値引きが対象の金額を上回るため、一部キャンセルできません。先に値引きを見直してください。",
  partialCancelTotalRises:
    "この取り消しで送料無料の条件を下回り、送料を含めた合計金額がお支払い済みの金額を上回るため、一部キャンセルできません。注文全体のキャンセルをご検討ください。",
  partialCancelStale: "この注文は、ほかの操作で内容が変わりました。画面を読み込み直して、最新の内容を確認してからもう一度お試しください。",
  partialCancelRefundFailed: "返金ができなかったため、一部キャンセルしていません。しばらくしてからもう一度お試しください。",
  refundFailed: "カードの返金ができなかったため、注文をキャンセルしていません。しばらくしてからもう一度お試しください。",
  // Returns after shipping (decision 079).
  returnNotShipped: "返品は発送済みの注文にだけ記録できます。",
  returnNothingPaid: "この注文には返金できるお支払いがありません。交換を選ぶか、お支払いを確認してください。",
  returnMoreThanPaid: "返金額がお支払い済みの金額(返金済みを除く)を超えるため、記録できません。",
  returnReplacementOutOfStock: "交換品の在庫が足りないため、交換を記録できません。在庫を確認してください。",
  returnRefundFailed: "返金ができなかったため、返品を記録していません。しばらくしてからもう一度お試しください。",
  returnRefundNotDue: "この返品には、振込でお返しする返金が残っていません。",
  receiptNotPaid: "領収書はご入金の確認後に発行できます。お支払いがお済みでない場合は、お支払い後にあらためてお試しください。",
  receiptLinkExpired: "この領収書のリンクは有効期限が切れています。お手数ですが、メールの末尾の連絡先までお問い合わせください。",
  paymentLinkNotAllowed:
    "カード決済のリンクは、カード払いでお支払い待ちの注文にだけ送れます。入金済み・キャンセル済みの注文や、ほかのお支払い方法の注文には送れません。",
  paymentLinkNotPayable: "このご注文は、カードでお支払いいただける状態ではありません(お支払い済みか、キャンセルされています)。",
  paymentLinkExpired: "このお支払いのリンクは有効期限が切れています。お手数ですが、ショップまでお問い合わせください。",
  deliveryNotesNone: "この日に発送する注文はありません。",
  deliveryNotesNoneSelected: "選択した注文が見つかりません。",
  deliveryNotesTooMany: "納品書を一度に印刷できるのは300件までです。",
  recordsExportTooMany: "一度に書き出せるのは5,000件までです。期間や条件を絞ってから書き出してください。",
  // --- end back office ---
  // --- back office operations ---
  addressBookFull: "お届け先リストに登録できるのは50件までです。使わなくなったお届け先を削除してから追加してください。",
  exportTooLarge: "書き出す注文が多すぎます(5,000件まで)。注文日などで絞り込んでください。",
  b2BillingCodesMissing: "B2クラウド用のCSVを書き出すには、設定で「請求先顧客コード」と「運賃管理番号」を登録してください(宅急便の取り込みに必要です)。",
  staffRemoveSelf: "ご自身のアカウントは削除できません。",
  memberAlreadyConfirmed: "この会員はメールアドレスの確認を済ませています。",
  // --- end back office operations ---
  // --- back office catalogue ---
  uploadChecksumMismatch: "ファイルが途中で壊れたため保存しませんでした(チェックサムが一致しません)。もう一度アップロードしてください。",
  uploadSizeMismatch: "ファイルサイズが申告と一致しないため保存しませんでした。もう一度アップロードしてください。",
  uploadNotImage: "画像として読み込めないファイルです。JPEG・PNG・WebP・AVIF・GIF の画像を選んでください。",
  uploadFormatRefused:
    "このファイルの中身は JPEG・PNG・WebP・AVIF・GIF のいずれでもないため保存しませんでした(SVG などは使えません)。JPEG・PNG・WebP・AVIF・GIF の画像を選んでください。",
  uploadAlreadyStored: "このファイルはすでにアップロードされています。",
  uploadNotStored: "ファイルのアップロードが終わっていません。もう一度アップロードしてください。",
  seriesNotEmpty: "商品またはサブシリーズがあるシリーズは削除できません。先に商品やサブシリーズを移してください。",
  seriesCycle: "シリーズを、それ自身やその下のシリーズの下へは移動できません。",
  liquorTypeInUse: "この酒類の商品があるため削除できません。",
  // --- end back office catalogue ---
  // --- staff two-factor sign-in and IP allow-list (decision 063) ---
  twoFactorInvalid: "確認コードが正しくありません。認証アプリに表示されている6桁のコード、またはリカバリーコードを入力してください。",
  twoFactorReplayed: "このコードはすでに使われています。認証アプリに次のコードが表示されてから入力してください。",
  twoFactorExpired: "確認の有効期限が切れました。もう一度メールアドレスとパスワードでログインしてください。",
  twoFactorNoEnrolment: "先に「認証アプリを登録する」から設定を始めてください。",
  twoFactorResetSelf: "ご自身の二段階認証はリセットできません。別のオーナーに依頼するか、サーバーで npm run admin:reset-2fa を実行してください。",
  adminIpRefused: "このネットワークからは管理画面をご利用いただけません。",
  // --- end staff two-factor sign-in and IP allow-list ---
  // --- 抽選販売 (decision 084) ---
  lotteryNotOpen: "この抽選販売の応募受付はまだ始まっていません。",
  lotteryClosed: "この抽選販売の応募受付は終了しました。",
  lotteryAlreadyEntered: "この抽選販売にはすでにご応募いただいています。お一人様1回までです。",
  lotteryNoBirthDate: "抽選販売へのご応募には生年月日の登録が必要です。会員情報から生年月日をご登録ください。",
  lotteryUnderAge: "20歳未満の方は抽選販売にご応募いただけません。",
  lotteryNotFound: "この抽選販売は見つかりませんでした。",
  lotteryNotDrawable: "応募締切の後、抽選前の抽選販売だけ抽選できます。",
  lotteryStockShort: "在庫が抽選の本数に足りません。",
  lotteryAlreadyRunning: "この商品にはすでに終了していない抽選販売があります。",
  lotteryProductUnknown: "商品が見つかりません。",
  lotteryWinExpired: "購入期限を過ぎたため、この当選はご利用いただけません。",
  lotteryEntered: "抽選販売に応募しました。結果はメールでお知らせします。",
  // --- end 抽選販売 ---
  // --- 予約販売 (decision 088) ---
  preorderStockShort: "予約商品の在庫が足りないため発送できません。入荷を在庫台帳に記録してから発送してください。",
  salesWindowOrder: "販売終了日時は販売開始日時より後にしてください。",
  // --- end 予約販売 ---
} as const;

export type MessageKey = keyof typeof ja;

/** Every key of this table may be named by a DomainError (src/domain/errors.ts, decision 032). */
declare module "../../domain/errors.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DomainMessageKeys extends Record<MessageKey, true> {}
}

const en: Record<MessageKey, string> = {
  notFound: "The page you were looking for could not be found.",
  apiNotFound: "The requested resource does not exist.",
  csrfInvalid: "This page has expired. Please reload the page and try again.",
  invalid: "Some of the values you entered are not valid.",
  invalidCharacters: "Some of the values you entered contain characters that cannot be used.",
  unauthorized: "You need to sign in or sign up before continuing.",
  forbidden: "You are not allowed to do this.",
  conflict: "This clashed with another change. Please try again.",
  paymentFailed: "The payment could not be completed.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  internal: "Something went wrong on our side. Please try again in a moment.",
  databaseUnavailable: "The database cannot be reached.",
  signInInvalid: "Invalid email or password.",
  signInLastAttempt: "You have one more attempt before your account is locked.",
  signInLocked: "Your account is locked.",
  signInUnconfirmed: "You have to confirm your email address before continuing.",
  sessionTimeout: "Your session expired. Please sign in again to continue.",
  alreadySignedIn: "You are already signed in.",
  signedIn: "Signed in successfully.",
  signedOut: "Signed out successfully.",
  signedUpUnconfirmed: "A message with a confirmation link has been sent to your email address. Please follow the link to activate your account.",
  accountUpdated: "Your account has been updated successfully.",
  accountUpdatedNeedsConfirmation:
    "You updated your account successfully, but we need to verify your new email address. Please check your email and follow the confirmation link to confirm your new email address.",
  accountDestroyed: "Bye! Your account has been successfully cancelled. We hope to see you again soon.",
  passwordInstructionsSent: "If your email address exists in our database, you will receive a password recovery link at your email address in a few minutes.",
  passwordUpdated: "Your password has been changed successfully. You are now signed in.",
  confirmationInstructionsSent:
    "If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.",
  emailConfirmed: "Your email address has been successfully confirmed.",
  unlockInstructionsSent: "If your account exists, you will receive an email with instructions for how to unlock it in a few minutes.",
  unlocked: "Your account has been unlocked successfully. Please sign in to continue.",
  saved: "Saved.",
  // --- inquiries and mail magazine ---
  inquiryReceived: "Thank you, we have received your inquiry and sent you a confirmation email.",
  magazineConfirmationSent: "We have sent you a confirmation email. Please follow its link to complete your subscription (the link is valid for 3 days).",
  magazineSubscribed: "You are now subscribed to the mail magazine.",
  magazineUnsubscribed: "You have been unsubscribed from the mail magazine.",
  magazineLinkInvalid: "This link is not valid. Please check the link in the email again.",
  // --- end inquiries and mail magazine ---
  // --- 再入荷のお知らせ and お気に入り (decision 083) ---
  restockRequested: "We will email you when this item is back in stock.",
  restockConfirmationSent: "We have sent you a confirmation email. Please follow its link to complete your request (the link is valid for 3 days).",
  restockInStock: "This item is in stock. You can order it now.",
  restockTooMany: "You can ask for back-in-stock notices for up to 20 items per email address.",
  restockCancelled: "Back-in-stock notices have been stopped.",
  restockLinkInvalid: "This link is not valid. Please check the link in the email again.",
  favoriteAdded: "Added to your favorites.",
  favoriteRemoved: "Removed from your favorites.",
  favoritesFull: "You can keep up to 200 favorites.",
  // --- end 再入荷のお知らせ and お気に入り ---
  // --- payments ---
  cardNotSaved: "The card could not be saved. Please enter the card details again.",
  paymentUnavailable: "The payment service cannot be reached. Please try again in a moment.",
  cardAttemptsLimited:
    "Too many card attempts were declined, so cards cannot be used for a while. Please try again later, or choose another payment method such as bank transfer.",
  // --- end payments ---
  // --- request keys of writes (decision 049) ---
  requestKeyMissing: "This action was not accepted (the Idempotency-Key header is missing or malformed). Please reload the page and try again.",
  requestKeyReused: "This request was already sent with different contents. Please reload the page and try again.",
  requestKeyUnanswered: "The same action was already received, but its result could not be confirmed. Please reload the page and check whether it was applied.",
  // --- end request keys ---
  // --- checkout ---
  idempotencyKeyMissing: "The order could not be accepted (the Idempotency-Key header is missing or malformed). Please reload the page and try again.",
  idempotencyKeyReused: "This order request was already sent with different contents. Please reload the page and try again.",
  checkoutInProgress: "This order is being processed. Please try again in a moment.",
  checkoutOrderMismatch: "The order being paid could not be found. Please reload the page and try again.",
  paymentExpired: "The payment was not completed in time, so the order was not placed. Please try again.",
  threeDSecureFailed: "3-D Secure authentication failed. Please try again.",
  // --- end checkout ---
  // --- back office ---
  staffUnauthorized: "Please sign in to the back office.",
  orderMoveNotAllowed: "This order cannot be moved that way from its current status.",
  parcelNotShipped: "This parcel has not shipped yet, so its slip number cannot be corrected. Enter the slip number when you mark it as shipped.",
  adjustmentNotAllowed:
    "A discount or correction can be added only to a bank-transfer order not yet paid or a cash-on-delivery order not yet shipped. The amount of an order paid by card, at a convenience store or with PayPay, or of one already paid or shipped, cannot change.",
  adjustmentTotalBelowZero: "This discount or correction would take the order total below zero, so it was not added.",
  adjustmentRateBelowZero:
    "This would take the amount taxed at one of the rates below zero, so it was not added. Choose the rate of what is discounted and stay within its amount.",
  adjustmentTotalTooLarge: "This correction would take the order total above the limit, so it was not added.",
  adjustmentRateUnknown: "Choose a tax rate of 10% or 8%.",
  adjustmentRefusedByMethod: "The order's payment method cannot take the changed amount.",
  // Order changes before shipping (decision 074).
  recipientFeeChangeNotAllowed:
    "The shipping fee to this address is different. A change of address that changes the fee is possible only for a bank-transfer order not yet paid or a cash-on-delivery order not yet shipped; an order paid by card, at a convenience store or with PayPay, or one already paid, can move only to an address with the same fee (or be cancelled and placed again, after talking with the customer).",
  recipientFeeChangeContactShop:
    "The shipping fee to this address is different, so the address cannot be changed from My Page. If you wish to send an order paid by card, at a convenience store, with PayPay or already paid to an address with a different shipping fee, please contact us.",
  recipientDateUnreachable: "The parcel cannot reach the new address by the wished delivery date. Change the delivery date first (no date is a choice too).",
  giftFeeChangeNotAllowed:
    "Adding or taking off gift wrapping changes the order's amount. A gift change that changes the amount is possible only for a bank-transfer order not yet paid or a cash-on-delivery order not yet shipped; an order paid by card, at a convenience store or with PayPay, or one already paid, can change only what costs nothing (noshi, message card, delivery note).",
  giftFeeChangeContactShop:
    "Adding or taking off gift wrapping changes the order's amount, so it cannot be changed from My Page. If you wish to change the wrapping of an order paid by card, at a convenience store, with PayPay or already paid, please contact us.",
  giftUnchanged: "The gift options are the same as before. Please choose what to change.",
  // Partial cancellation before shipping (decision 078).
  partialCancelShipped:
    "This order is ready to ship or has shipped (its slip number has been issued), so part of it can no longer be cancelled. Take it back as a return once it has shipped.",
  partialCancelCancelled: "This order has been cancelled, so part of it cannot be cancelled.",
  partialCancelPending:
    "The payment of this order is still being made (card authentication or PayPay approval), so part of it cannot be cancelled yet. Try again once the payment is complete or has been given up.",
  partialCancelVoucher:
    "A convenience-store voucher can be paid only for the amount it was issued for, so part of the order cannot be cancelled before it is paid. Cancel part of it after payment, or cancel the whole order and have it placed again.",
  partialCancelAllLines: "This would cancel every item, so it cannot be a partial cancellation. To cancel the whole order, use the Cancel button.",
  partialCancelNotLower: "Enter a quantity lower than the current one (0 removes the item).",
  partialCancelUnknownLine: "This order has no such item. Reload the page and try again.",
  partialCancelBelowZero: "Cancelling this item would leave a discount larger than what it discounts, so it was not cancelled. Review the discount first.",
  partialCancelTotalRises:
    "This would take the order below the free-shipping line, and with the shipping fee the total would be above what was paid, so it was not cancelled. Consider cancelling the whole order.",
  partialCancelStale: "This order was changed by another action in the meantime. Reload the page, check its contents and try again.",
  partialCancelRefundFailed: "The refund could not be made, so nothing was cancelled. Please try again in a moment.",
  refundFailed: "The card payment could not be refunded, so the order was not cancelled. Please try again in a moment.",
  returnNotShipped: "A return can be recorded only for an order that has been shipped.",
  returnNothingPaid: "This order has no payment to refund. Choose a replacement, or check the payment.",
  returnMoreThanPaid: "The refund would be more than was paid (less earlier refunds), so the return was not recorded.",
  returnReplacementOutOfStock: "There is not enough stock for the replacement, so the return was not recorded. Check the stock.",
  returnRefundFailed: "The refund did not go through, so the return was not recorded. Please try again in a moment.",
  returnRefundNotDue: "This return has no bank refund left to transfer.",
  receiptNotPaid: "A receipt can be issued once the payment has been received. If you have not paid yet, please try again after paying.",
  receiptLinkExpired: "This receipt link has expired. Please contact us at the address at the end of the mail.",
  paymentLinkNotAllowed:
    "A card payment link can be sent only for a card order awaiting payment. It cannot be sent for an order already paid or cancelled, or paid by another method.",
  paymentLinkNotPayable: "This order cannot be paid by card (it has been paid already, or cancelled).",
  paymentLinkExpired: "This payment link has expired. Please contact the shop.",
  deliveryNotesNone: "There are no orders to ship on this day.",
  deliveryNotesNoneSelected: "None of the selected orders was found.",
  deliveryNotesTooMany: "At most 300 delivery notes can be printed at once.",
  recordsExportTooMany: "At most 5,000 records can be exported at once. Narrow the period or the conditions and export again.",
  // --- end back office ---
  // --- back office operations ---
  addressBookFull: "Your address book holds up to 50 addresses. Please delete one you no longer use.",
  exportTooLarge: "Too many orders to export (5,000 at most). Please narrow the list, e.g. by order date.",
  b2BillingCodesMissing:
    "To export the B2 Cloud file, first enter the B2 Cloud customer code (請求先顧客コード) and freight number (運賃管理番号) in the settings; B2 Cloud needs them to import 宅急便 parcels.",
  staffRemoveSelf: "You cannot remove your own account.",
  memberAlreadyConfirmed: "This member has already confirmed their email address.",
  // --- end back office operations ---
  // --- back office catalogue ---
  uploadChecksumMismatch: "The file was damaged on the way and was not stored (its checksum does not match). Please upload it again.",
  uploadSizeMismatch: "The file's size does not match what was announced, so it was not stored. Please upload it again.",
  uploadNotImage: "This file cannot be read as an image. Please choose a JPEG, PNG, WebP, AVIF or GIF image.",
  uploadFormatRefused:
    "This file was not stored: its contents are not a JPEG, PNG, WebP, AVIF or GIF image, whatever its name says (SVG and other formats cannot be used). Please choose a JPEG, PNG, WebP, AVIF or GIF image.",
  uploadAlreadyStored: "This file has already been uploaded.",
  uploadNotStored: "The file has not finished uploading. Please upload it again.",
  seriesNotEmpty: "A series with products or sub-series cannot be deleted. Move its products and sub-series elsewhere first.",
  seriesCycle: "A series cannot be moved under itself or under one of its own sub-series.",
  liquorTypeInUse: "This liquor type cannot be deleted while products use it.",
  // --- end back office catalogue ---
  // --- staff two-factor sign-in and IP allow-list (decision 063) ---
  twoFactorInvalid: "The code is not correct. Enter the 6-digit code your authenticator app shows, or a recovery code.",
  twoFactorReplayed: "This code has already been used. Please wait for your authenticator app to show the next code.",
  twoFactorExpired: "The verification has expired. Please sign in again with your email and password.",
  twoFactorNoEnrolment: "Please start by choosing “Set up an authenticator app”.",
  twoFactorResetSelf: "You cannot reset your own two-step verification. Ask another owner, or run npm run admin:reset-2fa on the server.",
  adminIpRefused: "The back office cannot be used from this network.",
  // --- end staff two-factor sign-in and IP allow-list ---
  // --- 抽選販売 (decision 084) ---
  lotteryNotOpen: "Entries for this lottery have not opened yet.",
  lotteryClosed: "Entries for this lottery have closed.",
  lotteryAlreadyEntered: "You have already entered this lottery. One entry per member.",
  lotteryNoBirthDate: "To enter a lottery, please add your date of birth to your account.",
  lotteryUnderAge: "You must be 20 or older to enter a lottery.",
  lotteryNotFound: "This lottery was not found.",
  lotteryNotDrawable: "A lottery can be drawn only after its entries close and before it has been drawn.",
  lotteryStockShort: "The stock is short of the lottery's bottles.",
  lotteryAlreadyRunning: "This product already has a lottery that has not finished.",
  lotteryProductUnknown: "The product was not found.",
  lotteryWinExpired: "The time to buy this win has passed.",
  lotteryEntered: "You have entered the lottery. We will e-mail you the result.",
  // --- end 抽選販売 ---
  // --- 予約販売 (decision 088) ---
  preorderStockShort: "The pre-ordered bottles are not in stock, so the order cannot ship. Record their arrival in the stock ledger, then ship.",
  salesWindowOrder: "The end of sale must be after its start.",
  // --- end 予約販売 ---
};

const dictionaries: Record<Locale, Record<MessageKey, string>> = { ja, en };

export function message(key: MessageKey, locale: Locale): string {
  return dictionaries[locale][key];
}
