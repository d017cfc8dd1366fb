import type { BottleArt, BottleShape, DemoExhibit, DemoLiquorType, DemoProduct, DemoSeries, SceneArt } from "./demo-types.ts";

// The demo catalogue seeded on first start: fictional producers, realistic names, prices and notes.

export const demoLiquorTypes: DemoLiquorType[] = [
  { key: "wine", label: { ja: "ワイン", en: "Wine" } },
  { key: "sparkling", label: { ja: "スパークリングワイン", en: "Sparkling wine" } },
  { key: "whisky", label: { ja: "ウイスキー", en: "Whisky" } },
  { key: "gin", label: { ja: "ジン", en: "Gin" } },
  { key: "shochu", label: { ja: "焼酎", en: "Shochu" } },
  { key: "brandy", label: { ja: "ブランデー", en: "Brandy" } },
  { key: "sake", label: { ja: "日本酒", en: "Sake" } },
];

export const demoSeries: DemoSeries[] = [
  { key: "wine", name: { ja: "ワイン", en: "Wine" } },
  { key: "wine-red", parentKey: "wine", name: { ja: "赤ワイン", en: "Red wine" } },
  { key: "wine-white", parentKey: "wine", name: { ja: "白ワイン", en: "White wine" } },
  { key: "wine-sparkling", parentKey: "wine", name: { ja: "スパークリング", en: "Sparkling" } },
  { key: "spirits", name: { ja: "スピリッツ", en: "Spirits" } },
  { key: "spirits-whisky", parentKey: "spirits", name: { ja: "ウイスキー", en: "Whisky" } },
  { key: "spirits-gin", parentKey: "spirits", name: { ja: "ジン", en: "Gin" } },
  { key: "spirits-shochu", parentKey: "spirits", name: { ja: "焼酎", en: "Shochu" } },
  { key: "spirits-brandy", parentKey: "spirits", name: { ja: "ブランデー", en: "Brandy" } },
];

/** Colours per bottle family: glass, label, accent, capsule, backdrop. */
const LOOKS: Record<string, Omit<BottleArt, "view" | "shape">> = {
  red: { glass: "#1f3a26", label: "#f3ead8", accent: "#7a1f2b", capsule: "#6d1f2f", background: "#e9e0d3" },
  redDark: { glass: "#17261b", label: "#efe6d2", accent: "#2b2b2b", capsule: "#2a2a2a", background: "#e4dccf" },
  white: { glass: "#b9c98d", label: "#f6f2e6", accent: "#3d5a3a", capsule: "#d8b85a", background: "#e7ece4" },
  sparkling: { glass: "#203626", label: "#f4efe2", accent: "#1f2f5a", capsule: "#d4b25e", background: "#ece4d4" },
  whisky: { glass: "#b7651f", label: "#efe6d0", accent: "#2e2a24", capsule: "#4a2e1c", background: "#e3d9c9" },
  gin: { glass: "#cfe3ea", label: "#f5f7f6", accent: "#21476b", capsule: "#2b3a48", background: "#dfe7ea" },
  shochu: { glass: "#5a3a1e", label: "#f2ecdc", accent: "#26324a", capsule: "#222222", background: "#e8e0d2" },
  brandy: { glass: "#a4541c", label: "#efe2c6", accent: "#6b4a1d", capsule: "#3b2414", background: "#4a4340" },
  sake: { glass: "#1f4a33", label: "#f7f3ea", accent: "#23304f", capsule: "#f0ece1", background: "#ebe7df" },
};

function pictures(shape: BottleShape, look: keyof typeof LOOKS): BottleArt[] {
  const colours = LOOKS[look]!;
  return [
    { shape, view: "front", ...colours },
    { shape, view: "scene", ...colours, background: colours.background === "#4a4340" ? "#5a4f48" : "#d9cdbb" },
  ];
}

type Entry = Omit<DemoProduct, "images"> & { shape: BottleShape; look: keyof typeof LOOKS };

const entries: Entry[] = [
  // 赤ワイン
  {
    key: "chateau-la-croix-2019",
    shape: "bordeaux",
    look: "red",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 4200,
    stock: 24,
    name: { ja: "シャトー・ラ・クロワ ボルドー 2019 750ml", en: "Château La Croix Bordeaux 2019 750ml" },
    description: {
      ja: "カシスやブラックベリーの香りに、杉やタバコのニュアンス。しなやかなタンニンと長い余韻が楽しめる、メルロ主体のボルドーです。\n牛肉の赤ワイン煮込みや熟成チーズと。16〜18℃でどうぞ。\nフランス・ボルドー産／アルコール度数 14%／750ml",
      en: "Cassis and blackberry with hints of cedar and tobacco. A Merlot-led Bordeaux with supple tannins and a long finish.\nPair with braised beef or aged cheese. Serve at 16–18°C.\nBordeaux, France / 14% ABV / 750ml",
    },
  },
  {
    key: "domaine-aubert-bourgogne-2021",
    shape: "burgundy",
    look: "red",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 5800,
    stock: 12,
    name: { ja: "ドメーヌ・オーベール ブルゴーニュ ピノ・ノワール 2021", en: "Domaine Aubert Bourgogne Pinot Noir 2021" },
    description: {
      ja: "木苺やチェリーの可憐な果実味と、ほのかな土の香り。酸が美しく、和食にも寄り添うピノ・ノワールです。\n鴨のロースト、鶏の照り焼きに。14〜16℃で。\nフランス・ブルゴーニュ産／13%／750ml",
      en: "Delicate raspberry and cherry fruit with a whisper of earth. Bright acidity makes this Pinot Noir friendly to Japanese food.\nRoast duck or chicken teriyaki. Serve at 14–16°C.\nBurgundy, France / 13% ABV / 750ml",
    },
  },
  {
    key: "valle-alto-malbec-2022",
    shape: "bordeaux",
    look: "redDark",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 2480,
    stock: 48,
    name: { ja: "バジェ・アルト マルベック 2022 750ml", en: "Valle Alto Malbec 2022 750ml" },
    description: {
      ja: "完熟したプラムとスミレの香り、ほのかなカカオ。濃厚でいて飲み疲れしない、毎日の食卓に頼れる一本です。\nバーベキューやハンバーグ、スパイスを効かせた煮込みに。16〜18℃でどうぞ。\nアルゼンチン・メンドーサ産／13.5%／750ml",
      en: "Ripe plum, violet and a touch of cocoa. Rich yet easy to drink: a dependable bottle for every day.\nGreat with barbecue, hamburg steak or spiced stews. Serve at 16–18°C.\nMendoza, Argentina / 13.5% ABV / 750ml",
    },
  },
  {
    key: "tenuta-serena-chianti-2020",
    shape: "bordeaux",
    look: "red",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 3300,
    stock: 0,
    name: { ja: "テヌータ・セレーナ キャンティ・クラシコ 2020", en: "Tenuta Serena Chianti Classico 2020" },
    description: {
      ja: "サンジョヴェーゼらしいチェリーとハーブの香り、生き生きとした酸と細やかなタンニン。\nトマトソースのパスタ、ピッツァ、焼き鳥(塩)に。15〜17℃で。\nイタリア・トスカーナ産／13.5%／750ml",
      en: "Cherry and herbs typical of Sangiovese, with lively acidity and fine tannins.\nPasta with tomato sauce, pizza, salted yakitori. Serve at 15–17°C.\nTuscany, Italy / 13.5% ABV / 750ml",
    },
  },
  {
    key: "koshu-yamanashi-muscat-bailey-a",
    shape: "burgundy",
    look: "red",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 2860,
    stock: 30,
    name: { ja: "甲斐ヶ丘ワイナリー マスカット・ベーリーA 2022", en: "Kaigaoka Winery Muscat Bailey A 2022" },
    description: {
      ja: "苺キャンディのような華やかな香りと軽やかな口当たり。少し冷やしてもおいしい国産赤ワインです。\n焼き鳥(タレ)や肉じゃがに。12〜14℃で。\n山梨県産／12%／750ml",
      en: "A bright strawberry-candy nose and a light body; lovely slightly chilled. A Japanese red.\nYakitori with tare sauce, nikujaga. Serve at 12–14°C.\nYamanashi, Japan / 12% ABV / 750ml",
    },
  },
  // 白ワイン
  {
    key: "domaine-aubert-chablis-2022",
    shape: "burgundy",
    look: "white",
    seriesKeys: ["wine-white"],
    liquorType: "wine",
    price: 4600,
    stock: 18,
    name: { ja: "ドメーヌ・オーベール シャブリ 2022 750ml", en: "Domaine Aubert Chablis 2022 750ml" },
    description: {
      ja: "青りんごと柑橘、キリッとしたミネラル感。牡蠣との相性で知られる辛口シャルドネです。\n生牡蠣、白身魚のお造りに。8〜10℃で。\nフランス・ブルゴーニュ産／12.5%／750ml",
      en: "Green apple, citrus and a crisp mineral edge. A dry Chardonnay famous with oysters.\nRaw oysters, white fish sashimi. Serve at 8–10°C.\nBurgundy, France / 12.5% ABV / 750ml",
    },
  },
  {
    key: "koshu-sur-lie-2023",
    shape: "burgundy",
    look: "white",
    seriesKeys: ["wine-white"],
    liquorType: "wine",
    price: 2420,
    stock: 40,
    shippingType: "cool",
    name: { ja: "甲斐ヶ丘ワイナリー 甲州 シュール・リー 2023", en: "Kaigaoka Winery Koshu Sur Lie 2023" },
    description: {
      ja: "すだちや白い花の繊細な香り。澱とともに熟成させた、旨みのある辛口の甲州です。\n天ぷら、寿司、出汁の効いた料理に。\n山梨県産／11.5%／750ml／夏季はクール便でお届けします",
      en: "Delicate sudachi citrus and white flowers. A dry Koshu aged on its lees for extra savouriness.\nTempura, sushi, dashi-based dishes.\nYamanashi, Japan / 11.5% ABV / 750ml / shipped cool",
    },
  },
  {
    key: "weingut-halden-riesling-2022",
    shape: "burgundy",
    look: "white",
    seriesKeys: ["wine-white"],
    liquorType: "wine",
    price: 3580,
    stock: 14,
    buyableLimit: 3,
    name: { ja: "ヴァイングート・ハルデン リースリング トロッケン 2022", en: "Weingut Halden Riesling Trocken 2022" },
    description: {
      ja: "白桃とライム、ほのかなペトロール香。シャープな酸が心地よい辛口リースリング。\n豚しゃぶ、エスニック料理に。\nドイツ・モーゼル産／12%／750ml",
      en: "White peach, lime and a hint of petrol. A dry Riesling with refreshing acidity.\nPork shabu-shabu, Southeast Asian dishes.\nMosel, Germany / 12% ABV / 750ml",
    },
  },
  {
    key: "marlborough-sauvignon-2023",
    shape: "bordeaux",
    look: "white",
    seriesKeys: ["wine-white"],
    liquorType: "wine",
    price: 2750,
    stock: 36,
    name: { ja: "サザン・ベイ マールボロ ソーヴィニヨン・ブラン 2023", en: "Southern Bay Marlborough Sauvignon Blanc 2023" },
    description: {
      ja: "パッションフルーツとグレープフルーツ、刈りたての草の爽やかな香り。\nカルパッチョや山菜の天ぷらに。7〜9℃によく冷やして乾杯を。\nニュージーランド・マールボロ産／13%／750ml",
      en: "Passion fruit, grapefruit and fresh-cut grass.\nCarpaccio, mountain-vegetable tempura. Chill well to 7–9°C and toast.\nMarlborough, New Zealand / 13% ABV / 750ml",
    },
  },
  // スパークリング
  {
    key: "maison-verlaine-brut",
    shape: "champagne",
    look: "sparkling",
    seriesKeys: ["wine-sparkling"],
    liquorType: "sparkling",
    price: 7800,
    stock: 16,
    shippingType: "cool",
    name: { ja: "メゾン・ヴェルレーヌ ブリュット シャンパーニュ NV", en: "Maison Verlaine Brut Champagne NV" },
    description: {
      ja: "ブリオッシュと白い花、きめ細かな泡。お祝いの席を華やかに彩るシャンパーニュです。\n6〜8℃に冷やして。\nフランス・シャンパーニュ産／12%／750ml／クール便でお届けします",
      en: "Brioche, white flowers and fine bubbles: Champagne for celebrations.\nServe at 6–8°C.\nChampagne, France / 12% ABV / 750ml / shipped cool",
    },
  },
  {
    key: "cava-brut-reserva",
    shape: "champagne",
    look: "sparkling",
    seriesKeys: ["wine-sparkling"],
    liquorType: "sparkling",
    price: 2200,
    stock: 54,
    name: { ja: "カステル・ソル カヴァ ブリュット・レゼルヴァ", en: "Castell Sol Cava Brut Reserva" },
    description: {
      ja: "瓶内二次発酵による繊細な泡と、青りんごやトーストの香り。気軽に楽しめる本格派です。\n生ハム、唐揚げ、アヒージョに。6〜8℃で。\nスペイン・ペネデス産／11.5%／750ml",
      en: "Traditional-method bubbles with green apple and toast. Serious sparkling for every day.\nJamón, karaage fried chicken, ajillo. Serve at 6–8°C.\nPenedès, Spain / 11.5% ABV / 750ml",
    },
  },
  {
    key: "prosecco-superiore",
    shape: "champagne",
    look: "white",
    seriesKeys: ["wine-sparkling"],
    liquorType: "sparkling",
    price: 2640,
    stock: 0,
    soldOut: true,
    name: { ja: "コッリーネ・ヴェルディ プロセッコ・スペリオーレ", en: "Colline Verdi Prosecco Superiore" },
    description: {
      ja: "洋梨とアカシアの花の香り、やさしい泡立ち。ほんのり果実の甘みを感じる食前酒向きの一本。\n前菜の盛り合わせや白身魚のマリネに。6〜8℃で。\nイタリア・ヴェネト産／11%／750ml",
      en: "Pear and acacia blossom with gentle bubbles and a soft fruity touch; an ideal aperitif.\nAntipasti, marinated white fish. Serve at 6–8°C.\nVeneto, Italy / 11% ABV / 750ml",
    },
  },
  {
    key: "nagano-pet-nat-rose",
    shape: "champagne",
    look: "red",
    seriesKeys: ["wine-sparkling"],
    liquorType: "sparkling",
    price: 3190,
    stock: 8,
    buyableLimit: 2,
    shippingType: "cool",
    name: { ja: "千曲川ヴィンヤード ペティヤン・ナチュレル ロゼ 2023", en: "Chikumagawa Vineyard Pétillant Naturel Rosé 2023" },
    description: {
      ja: "無濾過・無清澄で瓶詰めした微発泡ロゼ。木苺とざくろのジューシーな味わい。\n少量生産のため、お一人様2本までとさせていただきます。\n長野県産／11%／750ml／クール便でお届けします",
      en: "An unfiltered, unfined lightly sparkling rosé: juicy raspberry and pomegranate.\nSmall production: up to 2 bottles per customer.\nNagano, Japan / 11% ABV / 750ml / shipped cool",
    },
  },
  // ウイスキー
  {
    key: "kitakaze-single-malt-12",
    shape: "whisky",
    look: "whisky",
    seriesKeys: ["spirits-whisky"],
    liquorType: "whisky",
    price: 12800,
    stock: 9,
    buyableLimit: 1,
    name: { ja: "北風蒸溜所 シングルモルト 12年 700ml", en: "Kitakaze Distillery Single Malt 12 Years 700ml" },
    description: {
      ja: "蜂蜜、焼いた林檎、ほのかな潮の香り。北の海辺の蒸溜所で12年熟成させたシングルモルト。\n入荷数が限られるため、お一人様1本限りです。\nストレート、または少量の加水で。\n北海道産／43%／700ml",
      en: "Honey, baked apple and a hint of sea salt, matured 12 years at a seaside distillery in the north.\nLimited stock: one bottle per customer.\nNeat or with a few drops of water.\nHokkaido, Japan / 43% ABV / 700ml",
    },
  },
  {
    key: "kitakaze-blended",
    shape: "whisky",
    look: "whisky",
    seriesKeys: ["spirits-whisky"],
    liquorType: "whisky",
    price: 3980,
    stock: 42,
    name: { ja: "北風蒸溜所 ブレンデッド 700ml", en: "Kitakaze Distillery Blended 700ml" },
    description: {
      ja: "バニラとオレンジピールのやわらかな甘み、軽やかなモルトの香ばしさ。\nハイボールにすると香りがいっそう広がります。唐揚げや焼き餃子と一緒に。\n北海道産／40%／700ml",
      en: "Soft vanilla and orange peel over light, toasty malt.\nOpens up beautifully as a highball; try it with karaage or gyoza.\nHokkaido, Japan / 40% ABV / 700ml",
    },
  },
  {
    key: "glen-corrach-18",
    shape: "whisky",
    look: "whisky",
    seriesKeys: ["spirits-whisky"],
    liquorType: "whisky",
    price: 24000,
    stock: 0,
    soldOut: true,
    name: { ja: "グレン・コラック 18年 シェリーカスク 700ml", en: "Glen Corrach 18 Years Sherry Cask 700ml" },
    description: {
      ja: "レーズンやデーツ、ダークチョコレート、シナモン。シェリー樽由来の濃厚な甘さと長い余韻。\nストレートで、ゆっくりと。食後にビターチョコレートを添えて。\nスコットランド・スペイサイド産／46%／700ml",
      en: "Raisin, dates, dark chocolate and cinnamon: the rich sweetness of sherry casks and a long finish.\nSip neat, slowly, with a square of bitter chocolate after dinner.\nSpeyside, Scotland / 46% ABV / 700ml",
    },
  },
  {
    key: "islay-peat-10",
    shape: "whisky",
    look: "whisky",
    seriesKeys: ["spirits-whisky"],
    liquorType: "whisky",
    price: 7480,
    stock: 15,
    name: { ja: "キルネヴァー アイラ 10年 700ml", en: "Kilnaver Islay 10 Years 700ml" },
    description: {
      ja: "焚き火のようなスモーキーさと潮風、奥にレモンと蜂蜜の甘さ。ピート好きの方へ。\nストレートか加水で。燻製や牡蠣のオイル漬けと好相性です。\nスコットランド・アイラ島産／46%／700ml",
      en: "Bonfire smoke and sea spray with lemon and honey beneath. For peat lovers.\nNeat or with a little water; superb with smoked food or oysters in oil.\nIslay, Scotland / 46% ABV / 700ml",
    },
  },
  {
    key: "kitakaze-30-rare",
    shape: "whisky",
    look: "whisky",
    seriesKeys: ["spirits-whisky"],
    liquorType: "whisky",
    price: 148000,
    stock: 2,
    buyableLimit: 1,
    name: { ja: "北風蒸溜所 30年 レアカスク 700ml(木箱入り)", en: "Kitakaze Distillery 30 Years Rare Cask 700ml (wooden box)" },
    description: {
      ja: "30年の歳月が生んだ、白檀や伽羅を思わせる複雑な香り。世界で600本のみの限定品です。\nお一人様1本限り。木箱入り。\n北海道産／48%／700ml",
      en: "Thirty years have given it a complex nose of sandalwood and agarwood. 600 bottles worldwide.\nOne per customer, in a wooden box.\nHokkaido, Japan / 48% ABV / 700ml",
    },
  },
  // ジン
  {
    key: "kuramae-craft-gin",
    shape: "gin",
    look: "gin",
    seriesKeys: ["spirits-gin"],
    liquorType: "gin",
    price: 4950,
    stock: 26,
    name: { ja: "蔵前クラフトジン 柚子と山椒 500ml", en: "Kuramae Craft Gin Yuzu & Sansho 500ml" },
    description: {
      ja: "柚子の皮と山椒の爽快な香り。和のボタニカルを効かせた東京生まれのクラフトジン。\nソーダ割りや、冷凍庫で冷やしてストレートで。\n東京都産／45%／500ml",
      en: "Zesty yuzu peel and sansho pepper: a Tokyo craft gin with Japanese botanicals.\nWith soda, or straight from the freezer.\nTokyo, Japan / 45% ABV / 500ml",
    },
  },
  {
    key: "london-dry-no7",
    shape: "gin",
    look: "gin",
    seriesKeys: ["spirits-gin"],
    liquorType: "gin",
    price: 3200,
    stock: 33,
    name: { ja: "ハーロウ・ロンドン・ドライ・ジン No.7 700ml", en: "Harlow London Dry Gin No.7 700ml" },
    description: {
      ja: "ジュニパーが主役の王道ロンドン・ドライ。レモンピールとコリアンダーが爽やかに香ります。\nトニックで割ってライムを添えれば、ジントニックの基本に。\nイギリス産／43%／700ml",
      en: "A classic juniper-forward London Dry with lemon peel and coriander.\nTop with tonic and a wedge of lime for the textbook G&T.\nEngland / 43% ABV / 700ml",
    },
  },
  {
    key: "sakura-gin-limited",
    shape: "gin",
    look: "gin",
    seriesKeys: ["spirits-gin"],
    liquorType: "gin",
    price: 5500,
    stock: 6,
    buyableLimit: 2,
    name: { ja: "都ノ花 桜ジン 季節限定 500ml", en: "Miyako no Hana Sakura Gin Seasonal 500ml" },
    description: {
      ja: "桜の花と葉を漬け込んだ、春だけの限定ジン。ほのかな桜餅の香り。\nお一人様2本まで。\n京都府産／42%／500ml",
      en: "Steeped with cherry blossoms and leaves: a spring-only gin with a hint of sakura mochi.\nUp to 2 per customer.\nKyoto, Japan / 42% ABV / 500ml",
    },
  },
  {
    key: "navy-strength-gin",
    shape: "gin",
    look: "gin",
    seriesKeys: ["spirits-gin"],
    liquorType: "gin",
    price: 6200,
    stock: 0,
    name: { ja: "ハーロウ ネイビーストレングス ジン 700ml", en: "Harlow Navy Strength Gin 700ml" },
    description: {
      ja: "57%の力強さに、柑橘とスパイスがくっきりと浮かぶネイビーストレングス。\nギムレットやネグローニなど、カクテルのベースに。\nイギリス産／57%／700ml",
      en: "Navy strength at 57%, with vivid citrus and spice.\nBuilt for cocktails: gimlets, negronis.\nEngland / 57% ABV / 700ml",
    },
  },
  // 焼酎
  {
    key: "imo-kuroshio",
    shape: "shochu",
    look: "shochu",
    seriesKeys: ["spirits-shochu"],
    liquorType: "shochu",
    price: 2150,
    stock: 60,
    name: { ja: "薩摩 黒麹仕込み 芋焼酎 黒潮 1800ml", en: "Satsuma Kuroshio Black-Koji Imo Shochu 1800ml" },
    description: {
      ja: "黒麹ならではのしっかりしたコクと、焼き芋のような甘い香り。\nお湯割り(焼酎6:お湯4)で香りが立ちます。さつま揚げや豚の角煮と。\n鹿児島県産／25%／1800ml",
      en: "The firm body of black koji and the sweet aroma of baked sweet potato.\nMix 6:4 with hot water to lift the nose; lovely with satsuma-age or braised pork belly.\nKagoshima, Japan / 25% ABV / 1800ml",
    },
  },
  {
    key: "mugi-oak-aged",
    shape: "shochu",
    look: "shochu",
    seriesKeys: ["spirits-shochu"],
    liquorType: "shochu",
    price: 2680,
    stock: 22,
    name: { ja: "麦焼酎 樽熟成 琥珀 720ml", en: "Kohaku Oak-Aged Barley Shochu 720ml" },
    description: {
      ja: "樫樽で3年熟成。香ばしい麦とバニラ、ほのかなナッツの香り。\nロックがおすすめ。ソーダで割ると軽やかな食中酒に。\n大分県産／25%／720ml",
      en: "Three years in oak: toasty barley, vanilla and a hint of nuts.\nBest on the rocks; with soda it becomes a light drink for the table.\nOita, Japan / 25% ABV / 720ml",
    },
  },
  {
    key: "kome-kuma",
    shape: "sake",
    look: "shochu",
    seriesKeys: ["spirits-shochu"],
    liquorType: "shochu",
    price: 1980,
    stock: 31,
    name: { ja: "米焼酎 球磨の霧 720ml", en: "Kuma no Kiri Rice Shochu 720ml" },
    description: {
      ja: "吟醸香を思わせるフルーティな香りと、米の甘みが広がるすっきりとした味わい。\n冷やしてストレート、または水割りで。お刺身や湯豆腐に。\n熊本県・球磨産／25%／720ml",
      en: "Fruity, ginjo-like aromas and the gentle sweetness of rice in a clean shochu.\nChilled and neat, or with water; with sashimi or yudofu.\nKuma, Kumamoto, Japan / 25% ABV / 720ml",
    },
  },
  {
    key: "awamori-kusu-5",
    shape: "shochu",
    look: "shochu",
    seriesKeys: ["spirits-shochu"],
    liquorType: "shochu",
    price: 4400,
    stock: 0,
    soldOut: true,
    name: { ja: "泡盛 古酒 5年 首里の風 720ml", en: "Shuri no Kaze Awamori Kusu 5 Years 720ml" },
    description: {
      ja: "5年寝かせた古酒ならではのまろやかさと、バニラを思わせる甘い香り。\nロックや水割りで。ラフテーや豆腐ようと。\n沖縄県産／43%／720ml",
      en: "The mellowness of five-year aged kusu, with a sweet, vanilla-like nose.\nOn the rocks or with water; with rafute pork or tofuyo.\nOkinawa, Japan / 43% ABV / 720ml",
    },
  },
  // ブランデー
  {
    key: "cognac-vsop",
    shape: "brandy",
    look: "brandy",
    seriesKeys: ["spirits-brandy"],
    liquorType: "brandy",
    price: 8900,
    stock: 11,
    name: { ja: "メゾン・デュラン コニャック VSOP 700ml", en: "Maison Durand Cognac VSOP 700ml" },
    description: {
      ja: "杏やバニラ、ほのかなスパイスと樽の香り。まろやかで飲み口のよいVSOP。\n食後にチューリップ型のグラスで、常温のままどうぞ。\nフランス・コニャック産／40%／700ml",
      en: "Apricot, vanilla, gentle spice and oak: a smooth, rounded VSOP.\nAfter dinner, at room temperature, in a tulip glass.\nCognac, France / 40% ABV / 700ml",
    },
  },
  {
    key: "calvados-pays-dauge",
    shape: "brandy",
    look: "brandy",
    seriesKeys: ["spirits-brandy"],
    liquorType: "brandy",
    price: 6600,
    stock: 7,
    name: { ja: "ドメーヌ・ボワヴェール カルヴァドス ペイ・ドージュ 700ml", en: "Domaine Boisvert Calvados Pays d'Auge 700ml" },
    description: {
      ja: "熟した林檎とタルトタタン、ほのかなシナモン。樽で熟成させた林檎のブランデーです。\n食後酒に、またはアップルパイやカマンベールと。\nフランス・ノルマンディー産／42%／700ml",
      en: "Ripe apple, tarte tatin and a touch of cinnamon: an oak-aged apple brandy.\nAfter dinner, or with apple pie and Camembert.\nNormandy, France / 42% ABV / 700ml",
    },
  },
  {
    key: "armagnac-1998",
    shape: "brandy",
    look: "brandy",
    seriesKeys: ["spirits-brandy"],
    liquorType: "brandy",
    price: 19800,
    stock: 3,
    buyableLimit: 1,
    name: { ja: "シャトー・ベルガルド アルマニャック 1998 700ml", en: "Château Bellegarde Armagnac 1998 700ml" },
    description: {
      ja: "プルーン、なめし革、カカオ。ヴィンテージ・アルマニャックならではの深みと力強さ。\n常温でゆっくりと。入荷数が少ないため、お一人様1本限りです。\nフランス・ガスコーニュ産／45%／700ml",
      en: "Prune, leather and cacao: the depth and power of a vintage Armagnac.\nSip slowly at room temperature. Few bottles: one per customer.\nGascony, France / 45% ABV / 700ml",
    },
  },
  {
    key: "japanese-grape-brandy",
    shape: "brandy",
    look: "brandy",
    seriesKeys: ["spirits-brandy"],
    liquorType: "brandy",
    price: 5280,
    stock: 13,
    published: false,
    name: { ja: "甲斐ヶ丘ワイナリー 葡萄ブランデー 500ml(入荷待ち)", en: "Kaigaoka Winery Grape Brandy 500ml (coming soon)" },
    description: {
      ja: "甲州葡萄を蒸溜し、樽で熟成させたブランデー。白い花と蜂蜜の香り。\n近日発売予定です。入荷次第ご案内いたします。\n山梨県産／40%／500ml",
      en: "Distilled from Koshu grapes and aged in oak: white flowers and honey.\nComing soon; we will announce it on arrival.\nYamanashi, Japan / 40% ABV / 500ml",
    },
  },
  // 未分類(日本酒)
  {
    key: "junmai-daiginjo-kuramae",
    shape: "sake",
    look: "sake",
    seriesKeys: [],
    liquorType: "sake",
    price: 3850,
    stock: 20,
    shippingType: "cool",
    name: { ja: "純米大吟醸 蔵の月 720ml", en: "Junmai Daiginjo Kura no Tsuki 720ml" },
    description: {
      ja: "山田錦を40%まで磨いた純米大吟醸。メロンを思わせる上品な吟醸香。\n冷やして(5〜10℃)。要冷蔵のためクール便でお届けします。\n新潟県産／16%／720ml",
      en: "Junmai daiginjo from Yamada Nishiki polished to 40%: elegant, melon-like aromas.\nServe chilled (5–10°C). Kept refrigerated: shipped cool.\nNiigata, Japan / 16% ABV / 720ml",
    },
  },
  {
    key: "tokubetsu-junmai-karakuchi",
    shape: "sake",
    look: "sake",
    seriesKeys: [],
    liquorType: "sake",
    price: 2530,
    stock: 0,
    name: { ja: "特別純米 辛口 雪見 1800ml", en: "Tokubetsu Junmai Karakuchi Yukimi 1800ml" },
    description: {
      ja: "米の旨みとキレのある後味。冷やしても燗にしても楽しめる、辛口の食中酒です。\n10℃前後の冷酒、または40℃前後のぬる燗で。焼き魚やおでんに。\n秋田県産／15%／1800ml",
      en: "Savoury rice and a crisp, dry finish: a sake for the table.\nChilled to about 10°C, or warmed to about 40°C; with grilled fish or oden.\nAkita, Japan / 15% ABV / 1800ml",
    },
  },
];

/**
 * Two items that are not liquor, at the reduced tax rate (decision 036): what a shopper adds to a
 * bottle — a snack to go with it, and a non-alcoholic sparkling for the one who does not drink.
 */
const reducedRateItems: DemoProduct[] = [
  {
    key: "cheese-and-nuts-pairing-box",
    seriesKeys: [],
    liquorType: null,
    taxClass: "reduced",
    price: 1800,
    stock: 30,
    name: { ja: "ワインに合うチーズとナッツの詰め合わせ", en: "Cheese and Nuts Pairing Box" },
    description: {
      ja: "北海道産のセミハードチーズ2種と、ローストしたアーモンド・カシューナッツ・くるみの詰め合わせです。\n赤ワインやウイスキーのおともに。開封後はお早めにお召し上がりください。\n食品のため軽減税率(8%)の対象です。",
      en: "Two semi-hard cheeses from Hokkaido with roasted almonds, cashews and walnuts.\nA companion for red wine or whisky. Best eaten soon after opening.\nAs food, it is taxed at the reduced rate (8%).",
    },
    images: [],
    sceneImages: [
      { kind: "pairing", sky: "#efe4d6", ground: "#8a6a4a", accent: "#d8b85a" },
      { kind: "pairing", sky: "#e9dfcf", ground: "#6b4a1d", accent: "#6d1f2f" },
    ],
  },
  {
    key: "non-alcoholic-sparkling-grape",
    seriesKeys: [],
    liquorType: null,
    taxClass: "reduced",
    price: 1200,
    stock: 36,
    name: { ja: "ノンアルコール スパークリング 白ぶどう 750ml", en: "Non-Alcoholic Sparkling White Grape 750ml" },
    description: {
      ja: "山梨県産の白ぶどうを搾った、アルコール0%のスパークリングジュースです。\n乾杯の一杯を、お酒を飲まない方やドライバーの方とご一緒に。よく冷やしてどうぞ。\nアルコール0%／750ml。酒類ではないため軽減税率(8%)の対象です。",
      en: "Sparkling juice of white grapes from Yamanashi, with no alcohol.\nFor a toast with those who do not drink, or who drive. Serve well chilled.\n0% alcohol / 750ml. Not liquor, so taxed at the reduced rate (8%).",
    },
    images: pictures("champagne", "white"),
  },
];

/**
 * A pre-order (decision 088): this year's Beaujolais Nouveau, sold against an allocation until its
 * 解禁日, and shipped then. Last in the list, so the other demo products keep their ids.
 */
const preorderItems: DemoProduct[] = [
  {
    key: "beaujolais-nouveau",
    seriesKeys: ["wine-red"],
    liquorType: "wine",
    price: 3200,
    stock: 0,
    buyableLimit: 6,
    preorder: { allocation: 36 },
    name: { ja: "ドメーヌ・デ・コリーヌ ボジョレー・ヌーヴォー 750ml", en: "Domaine des Collines Beaujolais Nouveau 750ml" },
    description: {
      ja: "その年に収穫したガメイを、数週間で仕立てた新酒です。いちごやさくらんぼのみずみずしい香りと、軽やかな口当たり。\n11月第3木曜日の解禁日に合わせて発送します。少し冷やして(12〜14℃)どうぞ。\nフランス・ボージョレ産／12%／750ml",
      en: "This year's Gamay, made into wine within weeks of the harvest: fresh strawberry and cherry, light on the palate.\nShipped for the release on the third Thursday of November. Serve slightly chilled (12–14°C).\nBeaujolais, France / 12% ABV / 750ml",
    },
    images: pictures("burgundy", "red"),
  },
];

export const demoProducts: DemoProduct[] = [
  ...entries.map(({ shape, look, ...product }) => ({ ...product, images: pictures(shape, look) })),
  ...reducedRateItems,
  ...preorderItems,
];

const scene = (kind: SceneArt["kind"], sky: string, ground: string, accent: string): SceneArt => ({ kind, sky, ground, accent });

export const demoExhibits: DemoExhibit[] = [
  {
    key: "kura-original-blend",
    top: true,
    name: { ja: "蔵オリジナル ブレンデッドウイスキー", en: "Kura Original Blended Whisky" },
    description: {
      ja: "北の蒸溜所と一緒に、蔵前の食卓に合う一本を目指してブレンドしました。\n蜂蜜とバニラのやわらかな甘み、ほのかなスモーク。ハイボールで毎日の晩酌に。",
      en: "Blended with a northern distillery to suit the Kuramae dinner table.\nSoft honey and vanilla with a wisp of smoke; a highball for every evening.",
    },
    images: [scene("distillery", "#e9dcc6", "#6b4a2e", "#b87333"), scene("barrel", "#3b2b20", "#a06a3a", "#f0b060")],
  },
  {
    key: "koshu-harvest",
    top: true,
    name: { ja: "甲州 収穫祭キュヴェ", en: "Koshu Harvest Cuvée" },
    description: {
      ja: "山梨の契約農家と毎秋の収穫に参加して造る、蔵だけの甲州。\n出汁の効いた和食に寄り添う、やさしい旨みの白ワインです。",
      en: "Our own Koshu, made with partner growers in Yamanashi whose harvest we join each autumn.\nA gently savoury white for dashi-based Japanese food.",
    },
    images: [scene("harvest", "#f0e2c4", "#7c8a3e", "#6d1f2f"), scene("vineyard", "#dfe8ef", "#6d7f3a", "#4b2a4a")],
  },
  {
    key: "cellar-selection",
    top: true,
    name: { ja: "蔵の地下セラー 熟成ワイン", en: "From Our Cellar: Aged Wines" },
    description: {
      ja: "蔵前の地下セラーで温度と湿度を保ちながら寝かせた、飲み頃のワインたち。\n店頭でのみご案内していた熟成ボトルを、オンラインでもご紹介します。",
      en: "Wines rested to their peak in our cellar beneath Kuramae, at steady temperature and humidity.\nAged bottles once offered only in the shop, now online.",
    },
    images: [scene("cellar", "#3a2e2a", "#2a201c", "#c8a060"), scene("barrel", "#4a3a30", "#2e231d", "#9c7a3c")],
  },
  {
    key: "pairing-workshop",
    top: false,
    name: { ja: "季節のペアリング会", en: "Seasonal Pairing Evenings" },
    description: {
      ja: "旬の食材とお酒を合わせる、少人数のペアリング会を店内で開いています。\nご紹介したお酒はオンラインでもお求めいただけます。",
      en: "Small pairing evenings in the shop, matching seasonal food with our bottles.\nThe drinks we present are also sold online.",
    },
    images: [scene("pairing", "#efe4d6", "#8a6a4a", "#6d1f2f"), scene("cellar", "#4a3a32", "#33261f", "#e6b46a")],
  },
  {
    key: "umeshu-house",
    top: false,
    name: { ja: "蔵前の自家製梅酒", en: "Kuramae House Umeshu" },
    description: {
      ja: "毎年6月、和歌山の南高梅を店で漬け込んでいます。\n一年寝かせた梅酒は、冬の限定品としてご案内します。",
      en: "Every June we steep Nanko plums from Wakayama in the shop.\nAfter a year's rest, the umeshu is offered as a winter limited edition.",
    },
    images: [scene("harvest", "#f3e6cf", "#6f8a3a", "#b7b23a"), scene("pairing", "#e6ece2", "#9a7a55", "#a8a03a")],
  },
  {
    key: "distillery-visit",
    top: false,
    name: { ja: "蒸溜所を訪ねて", en: "Visiting the Distillery" },
    description: {
      ja: "取り扱う蒸溜所を訪ね、造り手の話を聞いてきました。\n銅製のポットスチルが並ぶ蒸溜棟と、潮風の吹く熟成庫の様子をご紹介します。",
      en: "We visited the distilleries we carry and listened to the makers.\nA look at the copper pot stills and the sea-breezy warehouses.",
    },
    images: [scene("distillery", "#8a4a36", "#5a5048", "#c07040"), scene("barrel", "#2a1e16", "#9a6a3e", "#e8a050")],
  },
];
