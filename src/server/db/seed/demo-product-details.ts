import type { LiquorCategory } from "../../../domain/product-details.ts";
import type { LocalizedText } from "../../../domain/shop-profile.ts";

// The demo bottles' specifications (product page table, search), keyed by demo-catalogue.ts's keys.
// Volume and strength are already read from each description's label line (labelFactsOf).

export interface DemoDetails {
  country: LocalizedText;
  region: LocalizedText;
  producer: LocalizedText;
  ingredients: LocalizedText;
  vintage?: number;
  sweetness?: number;
  body?: number;
  storage: LocalizedText;
  /** null for a product that is not liquor. */
  category: LiquorCategory | null;
}

const FRANCE = { ja: "フランス", en: "France" };
const JAPAN = { ja: "日本", en: "Japan" };
const SCOTLAND = { ja: "イギリス(スコットランド)", en: "United Kingdom (Scotland)" };
const ENGLAND = { ja: "イギリス(イングランド)", en: "United Kingdom (England)" };
const WINE_CELLAR = { ja: "直射日光を避け、13〜16℃の涼しい場所で横にして保存", en: "Lying down, away from light, at 13–16°C" };
const SPARKLING_COOL = { ja: "要冷蔵(10℃以下)。立てて保存", en: "Keep refrigerated (10°C or below), upright" };
const SPIRIT_SHELF = { ja: "直射日光・高温多湿を避け、立てて常温で保存", en: "Upright at room temperature, away from light and heat" };
const SAKE_COOL = { ja: "直射日光・高温多湿を避けて保存", en: "Keep away from sunlight, heat and humidity" };

const d = (
  country: LocalizedText,
  region: LocalizedText,
  producer: LocalizedText,
  ingredients: LocalizedText,
  storage: LocalizedText,
  category: LiquorCategory | null,
  taste: { vintage?: number; sweetness?: number; body?: number } = {},
): DemoDetails => ({ country, region, producer, ingredients, storage, category, ...taste });

export const demoProductDetails: Record<string, DemoDetails> = {
  "beaujolais-nouveau": d(
    FRANCE,
    { ja: "ボージョレ", en: "Beaujolais" },
    { ja: "ドメーヌ・デ・コリーヌ", en: "Domaine des Collines" },
    { ja: "ガメイ", en: "Gamay" },
    WINE_CELLAR,
    "kajitsushu",
    {
      sweetness: 2,
      body: 1,
    },
  ),
  "cheese-and-nuts-pairing-box": d(
    JAPAN,
    { ja: "北海道", en: "Hokkaido" },
    { ja: "蔵前酒舗セレクト", en: "Kuramae Shuho Select" },
    { ja: "ナチュラルチーズ、アーモンド、カシューナッツ、くるみ", en: "Natural cheese, almonds, cashews, walnuts" },
    { ja: "直射日光・高温多湿を避けて保存", en: "Keep away from sunlight, heat and humidity" },
    null,
  ),
  "non-alcoholic-sparkling-grape": d(
    JAPAN,
    { ja: "山梨県", en: "Yamanashi" },
    { ja: "甲斐ヶ丘ワイナリー", en: "Kaigaoka Winery" },
    { ja: "白ぶどう(甲州)", en: "White grapes (Koshu)" },
    { ja: "直射日光を避け、冷暗所で保存", en: "Keep in a cool, dark place" },
    null,
  ),
  "chateau-la-croix-2019": d(
    FRANCE,
    { ja: "ボルドー", en: "Bordeaux" },
    { ja: "シャトー・ラ・クロワ", en: "Château La Croix" },
    { ja: "メルロ、カベルネ・ソーヴィニヨン", en: "Merlot, Cabernet Sauvignon" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2019, sweetness: 1, body: 4 },
  ),
  "domaine-aubert-bourgogne-2021": d(
    FRANCE,
    { ja: "ブルゴーニュ", en: "Burgundy" },
    { ja: "ドメーヌ・オーベール", en: "Domaine Aubert" },
    { ja: "ピノ・ノワール", en: "Pinot Noir" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2021, sweetness: 1, body: 3 },
  ),
  "valle-alto-malbec-2022": d(
    { ja: "アルゼンチン", en: "Argentina" },
    { ja: "メンドーサ", en: "Mendoza" },
    { ja: "バジェ・アルト", en: "Valle Alto" },
    { ja: "マルベック", en: "Malbec" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2022, sweetness: 2, body: 5 },
  ),
  "tenuta-serena-chianti-2020": d(
    { ja: "イタリア", en: "Italy" },
    { ja: "トスカーナ", en: "Tuscany" },
    { ja: "テヌータ・セレーナ", en: "Tenuta Serena" },
    { ja: "サンジョヴェーゼ", en: "Sangiovese" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2020, sweetness: 1, body: 4 },
  ),
  "koshu-yamanashi-muscat-bailey-a": d(
    JAPAN,
    { ja: "山梨県", en: "Yamanashi" },
    { ja: "甲斐ヶ丘ワイナリー", en: "Kaigaoka Winery" },
    { ja: "マスカット・ベーリーA", en: "Muscat Bailey A" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2022, sweetness: 2, body: 2 },
  ),
  "domaine-aubert-chablis-2022": d(
    FRANCE,
    { ja: "ブルゴーニュ(シャブリ)", en: "Burgundy (Chablis)" },
    { ja: "ドメーヌ・オーベール", en: "Domaine Aubert" },
    { ja: "シャルドネ", en: "Chardonnay" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2022, sweetness: 1, body: 3 },
  ),
  "koshu-sur-lie-2023": d(
    JAPAN,
    { ja: "山梨県", en: "Yamanashi" },
    { ja: "甲斐ヶ丘ワイナリー", en: "Kaigaoka Winery" },
    { ja: "甲州", en: "Koshu" },
    SPARKLING_COOL,
    "kajitsushu",
    { vintage: 2023, sweetness: 1, body: 1 },
  ),
  "weingut-halden-riesling-2022": d(
    { ja: "ドイツ", en: "Germany" },
    { ja: "モーゼル", en: "Mosel" },
    { ja: "ヴァイングート・ハルデン", en: "Weingut Halden" },
    { ja: "リースリング", en: "Riesling" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2022, sweetness: 2, body: 2 },
  ),
  "marlborough-sauvignon-2023": d(
    { ja: "ニュージーランド", en: "New Zealand" },
    { ja: "マールボロ", en: "Marlborough" },
    { ja: "サザン・ベイ", en: "Southern Bay" },
    { ja: "ソーヴィニヨン・ブラン", en: "Sauvignon Blanc" },
    WINE_CELLAR,
    "kajitsushu",
    { vintage: 2023, sweetness: 1, body: 2 },
  ),
  "maison-verlaine-brut": d(
    FRANCE,
    { ja: "シャンパーニュ", en: "Champagne" },
    { ja: "メゾン・ヴェルレーヌ", en: "Maison Verlaine" },
    { ja: "シャルドネ、ピノ・ノワール、ムニエ", en: "Chardonnay, Pinot Noir, Meunier" },
    SPARKLING_COOL,
    "kajitsushu",
    { sweetness: 1, body: 3 },
  ),
  "cava-brut-reserva": d(
    { ja: "スペイン", en: "Spain" },
    { ja: "ペネデス", en: "Penedès" },
    { ja: "カステル・ソル", en: "Castell Sol" },
    { ja: "マカベオ、チャレッロ、パレリャーダ", en: "Macabeo, Xarel·lo, Parellada" },
    WINE_CELLAR,
    "kajitsushu",
    { sweetness: 1, body: 2 },
  ),
  "prosecco-superiore": d(
    { ja: "イタリア", en: "Italy" },
    { ja: "ヴェネト", en: "Veneto" },
    { ja: "コッリーネ・ヴェルディ", en: "Colline Verdi" },
    { ja: "グレーラ", en: "Glera" },
    WINE_CELLAR,
    "kajitsushu",
    { sweetness: 2, body: 1 },
  ),
  "nagano-pet-nat-rose": d(
    JAPAN,
    { ja: "長野県", en: "Nagano" },
    { ja: "千曲川ヴィンヤード", en: "Chikumagawa Vineyard" },
    { ja: "メルロ、シャルドネ", en: "Merlot, Chardonnay" },
    SPARKLING_COOL,
    "kajitsushu",
    { vintage: 2023, sweetness: 2, body: 1 },
  ),
  "kitakaze-single-malt-12": d(
    JAPAN,
    { ja: "北海道", en: "Hokkaido" },
    { ja: "北風蒸溜所", en: "Kitakaze Distillery" },
    { ja: "大麦麦芽", en: "Malted barley" },
    SPIRIT_SHELF,
    "whisky",
    { sweetness: 3, body: 4 },
  ),
  "kitakaze-blended": d(
    JAPAN,
    { ja: "北海道", en: "Hokkaido" },
    { ja: "北風蒸溜所", en: "Kitakaze Distillery" },
    { ja: "大麦麦芽、グレーン", en: "Malted barley, grain" },
    SPIRIT_SHELF,
    "whisky",
    { sweetness: 3, body: 2 },
  ),
  "glen-corrach-18": d(
    SCOTLAND,
    { ja: "スペイサイド", en: "Speyside" },
    { ja: "グレン・コラック蒸溜所", en: "Glen Corrach Distillery" },
    { ja: "大麦麦芽", en: "Malted barley" },
    SPIRIT_SHELF,
    "whisky",
    { sweetness: 4, body: 5 },
  ),
  "islay-peat-10": d(
    SCOTLAND,
    { ja: "アイラ島", en: "Islay" },
    { ja: "キルネヴァー蒸溜所", en: "Kilnaver Distillery" },
    { ja: "大麦麦芽(ピーテッド)", en: "Peated malted barley" },
    SPIRIT_SHELF,
    "whisky",
    { sweetness: 2, body: 5 },
  ),
  "kitakaze-30-rare": d(
    JAPAN,
    { ja: "北海道", en: "Hokkaido" },
    { ja: "北風蒸溜所", en: "Kitakaze Distillery" },
    { ja: "大麦麦芽", en: "Malted barley" },
    SPIRIT_SHELF,
    "whisky",
    { sweetness: 4, body: 5 },
  ),
  "kuramae-craft-gin": d(
    JAPAN,
    { ja: "東京都", en: "Tokyo" },
    { ja: "蔵前クラフト蒸溜所", en: "Kuramae Craft Distillery" },
    { ja: "ジュニパーベリー、柚子、山椒", en: "Juniper, yuzu, sansho pepper" },
    SPIRIT_SHELF,
    "spirits",
    { sweetness: 2, body: 3 },
  ),
  "london-dry-no7": d(
    ENGLAND,
    { ja: "ロンドン", en: "London" },
    { ja: "ハーロウ蒸溜所", en: "Harlow Distillery" },
    { ja: "ジュニパーベリー、コリアンダー、柑橘の皮", en: "Juniper, coriander, citrus peel" },
    SPIRIT_SHELF,
    "spirits",
    { sweetness: 1, body: 3 },
  ),
  "sakura-gin-limited": d(
    JAPAN,
    { ja: "京都府", en: "Kyoto" },
    { ja: "都ノ花蒸溜所", en: "Miyako no Hana Distillery" },
    { ja: "ジュニパーベリー、桜の花と葉", en: "Juniper, cherry blossom and leaf" },
    SPIRIT_SHELF,
    "spirits",
    { sweetness: 2, body: 2 },
  ),
  "navy-strength-gin": d(
    ENGLAND,
    { ja: "ロンドン", en: "London" },
    { ja: "ハーロウ蒸溜所", en: "Harlow Distillery" },
    { ja: "ジュニパーベリー、コリアンダー、アンジェリカ", en: "Juniper, coriander, angelica" },
    SPIRIT_SHELF,
    "spirits",
    { sweetness: 1, body: 5 },
  ),
  "imo-kuroshio": d(
    JAPAN,
    { ja: "鹿児島県", en: "Kagoshima" },
    { ja: "黒潮酒造", en: "Kuroshio Shuzo" },
    { ja: "さつまいも(黄金千貫)、米麹(黒麹)", en: "Sweet potato (Koganesengan), black-koji rice" },
    SPIRIT_SHELF,
    "tanshiki_shochu",
    { sweetness: 3, body: 4 },
  ),
  "mugi-oak-aged": d(
    JAPAN,
    { ja: "大分県", en: "Oita" },
    { ja: "琥珀酒造", en: "Kohaku Shuzo" },
    { ja: "大麦、大麦麹", en: "Barley, barley koji" },
    SPIRIT_SHELF,
    "tanshiki_shochu",
    { sweetness: 3, body: 3 },
  ),
  "kome-kuma": d(
    JAPAN,
    { ja: "熊本県(球磨)", en: "Kumamoto (Kuma)" },
    { ja: "球磨の霧酒造", en: "Kuma no Kiri Shuzo" },
    { ja: "米、米麹", en: "Rice, rice koji" },
    SPIRIT_SHELF,
    "tanshiki_shochu",
    { sweetness: 2, body: 2 },
  ),
  "awamori-kusu-5": d(
    JAPAN,
    { ja: "沖縄県", en: "Okinawa" },
    { ja: "首里の風酒造所", en: "Shuri no Kaze Distillery" },
    { ja: "米(タイ米)、黒麹", en: "Thai rice, black koji" },
    SPIRIT_SHELF,
    "tanshiki_shochu",
    { sweetness: 2, body: 4 },
  ),
  "cognac-vsop": d(
    FRANCE,
    { ja: "コニャック", en: "Cognac" },
    { ja: "メゾン・デュラン", en: "Maison Durand" },
    { ja: "ユニ・ブラン", en: "Ugni Blanc" },
    SPIRIT_SHELF,
    "brandy",
    { sweetness: 3, body: 4 },
  ),
  "calvados-pays-dauge": d(
    FRANCE,
    { ja: "ノルマンディー(ペイ・ドージュ)", en: "Normandy (Pays d'Auge)" },
    { ja: "ドメーヌ・ボワヴェール", en: "Domaine Boisvert" },
    { ja: "りんご、洋梨", en: "Apples, pears" },
    SPIRIT_SHELF,
    "brandy",
    { sweetness: 2, body: 3 },
  ),
  "armagnac-1998": d(
    FRANCE,
    { ja: "ガスコーニュ(アルマニャック)", en: "Gascony (Armagnac)" },
    { ja: "シャトー・ベルガルド", en: "Château Bellegarde" },
    { ja: "バコ・ブラン、ユニ・ブラン", en: "Baco Blanc, Ugni Blanc" },
    SPIRIT_SHELF,
    "brandy",
    { vintage: 1998, sweetness: 3, body: 5 },
  ),
  "japanese-grape-brandy": d(
    JAPAN,
    { ja: "山梨県", en: "Yamanashi" },
    { ja: "甲斐ヶ丘ワイナリー", en: "Kaigaoka Winery" },
    { ja: "甲州", en: "Koshu" },
    SPIRIT_SHELF,
    "brandy",
    { sweetness: 3, body: 3 },
  ),
  "junmai-daiginjo-kuramae": d(
    JAPAN,
    { ja: "新潟県", en: "Niigata" },
    { ja: "蔵の月酒造", en: "Kura no Tsuki Brewery" },
    { ja: "山田錦(精米歩合45%)、米麹", en: "Yamada Nishiki rice (polished to 45%), rice koji" },
    SAKE_COOL,
    "seishu",
    { sweetness: 3, body: 2 },
  ),
  "tokubetsu-junmai-karakuchi": d(
    JAPAN,
    { ja: "新潟県", en: "Niigata" },
    { ja: "雪見酒造", en: "Yukimi Brewery" },
    { ja: "五百万石(精米歩合60%)、米麹", en: "Gohyakumangoku rice (polished to 60%), rice koji" },
    SAKE_COOL,
    "seishu",
    { sweetness: 1, body: 3 },
  ),
};

/** The bottles each demo exhibit is about, by exhibit and product key. */
export const demoExhibitProducts: Record<string, string[]> = {
  "kura-original-blend": ["kitakaze-blended", "kitakaze-single-malt-12"],
  "koshu-harvest": ["koshu-sur-lie-2023", "koshu-yamanashi-muscat-bailey-a"],
  "cellar-selection": ["chateau-la-croix-2019", "tenuta-serena-chianti-2020", "armagnac-1998"],
  "pairing-workshop": ["junmai-daiginjo-kuramae", "domaine-aubert-chablis-2022", "kuramae-craft-gin"],
  "distillery-visit": ["kitakaze-single-malt-12", "islay-peat-10", "kitakaze-30-rare"],
};
