// Texts of the privacy page (see legal-texts.ts). Shop data comes in as {parameters} from the shop profile.
export const privacyJa = {
  "privacy.title": "プライバシーポリシー",
  "privacy.description": "{shop}を運営する{company}の個人情報の取扱い(利用目的、安全管理、第三者提供、開示等のご請求)についてご案内します。",
  "privacy.intro":
    "{company}(以下「当社」といいます。)は、当社が運営するオンラインショップ「{shop}」(以下「本サービス」といいます。)においてお客様からお預かりする個人情報の重要性を認識し、個人情報の保護に関する法律(以下「個人情報保護法」といいます。)その他の関係法令およびガイドラインを遵守して、以下のとおり個人情報を適切に取り扱います。",
  "privacy.collectedHeading": "1. 取得する個人情報",
  "privacy.collectedLead": "当社は、本サービスの提供にあたり、次の情報を適法かつ公正な手段により取得します。",
  "privacy.collectedContact": "氏名、住所、電話番号、メールアドレス等のご連絡先",
  "privacy.collectedDelivery": "お届け先の氏名、住所、電話番号",
  "privacy.collectedAccount": "会員登録の際のメールアドレス、パスワード等のアカウント情報",
  "privacy.collectedOrders": "ご注文内容、お支払い方法、購入履歴等の取引に関する情報",
  "privacy.collectedAge": "年齢確認のためにご入力いただく生年月日",
  "privacy.collectedInquiries": "お問い合わせの内容およびその対応の記録",
  "privacy.collectedAccess": "Cookie、IPアドレス、ブラウザの種類、閲覧履歴等のアクセス情報",
  "privacy.purposesHeading": "2. 利用目的",
  "privacy.purposesLead": "当社は、取得した個人情報を次の目的の範囲内で利用します。これ以外の目的で利用する場合は、あらかじめご本人の同意を得ます。",
  "privacy.purposeOrders": "ご注文の受付・確認、商品の発送およびお届け",
  "privacy.purposePayment": "代金のご請求、お支払いの確認、返金等の決済に関する手続き",
  "privacy.purposeAge": "年齢の確認(20歳未満の者の飲酒は法律で禁止されており、当社は20歳以上の方にのみ酒類を販売します)",
  "privacy.purposeAccount": "会員登録の受付、ご本人の確認、マイページ等の会員サービスの提供",
  "privacy.purposeSupport": "お問い合わせへの回答、その他のお客様サポート",
  "privacy.purposeMagazine": "メールマガジンによる新商品・キャンペーン等のご案内(配信にご同意いただいた方に限ります。配信はいつでも停止できます)",
  "privacy.purposeImprovement": "本サービスの利用状況の分析、品質の向上および新たなサービスの検討",
  "privacy.purposeFraud": "不正な注文・利用の防止およびその対応",
  "privacy.purposeLegal": "法令に基づく帳簿の記録・保存その他の法令上の義務の履行",
  "privacy.managementHeading": "3. 個人情報の管理",
  "privacy.managementLead":
    "当社は、個人情報を正確かつ最新の内容に保つよう努めるとともに、個人情報の漏えい、滅失またはき損を防止するため、次の安全管理措置を講じます。",
  "privacy.managementOrganization": "個人情報の取扱いに関する責任者を定め、取扱いのルールを整備しています。",
  "privacy.managementStaff": "従業者に対し、個人情報の適正な取扱いについて教育を行い、秘密保持を義務づけるなど、必要かつ適切な監督を行います。",
  "privacy.managementTechnical": "通信の暗号化(SSL/TLS)、アクセス権限の管理、パスワードの暗号化、不正アクセスの防止策等の技術的な措置を講じています。",
  "privacy.managementCards":
    "クレジットカード番号は決済代行会社が提供する入力欄から決済代行会社へ直接送信され、当社のサーバーを経由せず、当社では保存しません。",
  "privacy.managementRetention": "利用目的を達成し不要となった個人情報は、法令で定める保存期間の経過後、遅滞なく消去します。",
  "privacy.outsourcingHeading": "4. 業務の委託",
  "privacy.outsourcingLead":
    "当社は、利用目的の達成に必要な範囲で、個人情報の取扱いの全部または一部を次の事業者に委託することがあります。委託にあたっては、個人情報を適切に取り扱う事業者を選定し、秘密保持等を定めた契約を締結したうえで、委託先に対して必要かつ適切な監督を行います。",
  "privacy.outsourcingCarriers": "商品の配送を行う運送会社",
  "privacy.outsourcingPayments": "クレジットカード決済等を取り扱う決済代行会社",
  "privacy.outsourcingSystems": "メール配信、サーバー運用等の情報システムを提供する事業者",
  "privacy.outsourcingAbroad": "委託先が外国にある場合は、個人情報保護法の定めに従い必要な措置を講じます。",
  "privacy.thirdPartyHeading": "5. 第三者への提供",
  "privacy.thirdPartyLead": "当社は、次の場合を除き、あらかじめご本人の同意を得ることなく個人情報を第三者に提供しません。",
  "privacy.thirdPartyLaw": "法令に基づく場合",
  "privacy.thirdPartyLife": "人の生命、身体または財産の保護のために必要がある場合であって、ご本人の同意を得ることが困難であるとき",
  "privacy.thirdPartyHealth": "公衆衛生の向上または児童の健全な育成の推進のために特に必要がある場合であって、ご本人の同意を得ることが困難であるとき",
  "privacy.thirdPartyAuthorities":
    "国の機関もしくは地方公共団体またはその委託を受けた者が法令の定める事務を遂行することに対して協力する必要がある場合であって、ご本人の同意を得ることにより当該事務の遂行に支障を及ぼすおそれがあるとき",
  "privacy.thirdPartyOther": "その他、個人情報保護法その他の法令で認められる場合",
  "privacy.thirdPartyNote":
    "なお、前項の業務委託に伴って個人情報を提供する場合、および合併その他の事由による事業の承継に伴って個人情報を提供する場合は、第三者への提供には該当しません。",
  "privacy.requestsHeading": "6. 開示・訂正・利用停止等のご請求",
  "privacy.requestsLead":
    "ご本人から、保有個人データの利用目的の通知、開示、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止、または第三者提供記録の開示(以下「開示等」といいます。)のご請求があった場合は、個人情報保護法に従い、遅滞なく対応します。",
  "privacy.requestsHow":
    "開示等のご請求は、下記お問い合わせ窓口のメールアドレス({email})までご連絡ください。ご本人またはその代理人であることを確認したうえで対応いたします。確認のため、本人確認書類のご提示をお願いする場合があります。",
  "privacy.requestsMyPage": "会員の方は、マイページからご登録内容の確認・変更を行うこともできます。",
  "privacy.requestsRefusal": "法令により開示等に応じられない場合は、その理由をご説明します。",
  "privacy.cookiesHeading": "7. Cookie およびアクセス情報",
  "privacy.cookiesUse":
    "本サービスでは、ログイン状態、カートの内容、年齢確認の結果を保持し、サービスを快適にご利用いただくためにCookieを使用しています。Cookieには、お客様の氏名や住所など個人を特定する情報は含まれません。",
  "privacy.cookiesAccess":
    "また、サービスの改善および不正利用の防止のため、IPアドレス、ブラウザの種類、閲覧したページ、アクセス日時等のアクセス情報を記録しています。",
  "privacy.cookiesDisable":
    "ブラウザの設定によりCookieを無効にすることができますが、その場合、ログイン、カート、ご購入等の機能をご利用いただけないことがあります。",
  "privacy.revisionsHeading": "8. プライバシーポリシーの改定",
  "privacy.revisionsText":
    "当社は、法令の改正やサービス内容の変更等に応じて、本ポリシーを改定することがあります。改定後の本ポリシーは、本ページに掲載した時点から効力を生じるものとします。重要な変更を行う場合は、本サービス上でお知らせします。",
  "privacy.contactHeading": "9. お問い合わせ窓口",
  "privacy.contactLead": "本ポリシーおよび個人情報の取扱いに関するお問い合わせは、下記の窓口までお願いいたします。",
  "privacy.contactCompany": "事業者名",
  "privacy.contactRepresentative": "代表者",
  "privacy.contactAddress": "所在地",
  "privacy.contactEmail": "メールアドレス",
  "privacy.contactHours": "受付時間",
  "privacy.enacted": "2026年11月1日 制定",
} as const;
