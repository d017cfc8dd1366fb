import { expect, test } from "@playwright/test";
import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import iconv from "iconv-lite";
import type { Locale, ProductResource } from "./checkout-steps.ts";
import { asReturningShopper, checkoutWith, fillAddress, fillContact, traderSignsIn, withB2BillingCodes } from "./checkout-steps.ts";
import { restock, signUpAndSignIn, waitForHydration } from "./fixtures.ts";

// Issue #18's acceptance in one piece, in Japanese and in English: a member sends 御歳暮 with 名入れ,
// gift wrapping and a message card to a relative in 沖縄県; the summary charges Okinawa's fee per box
// as soon as the prefecture is chosen; every charge is checked to the yen against the settings'
// figures; the trader reads the gift instructions and both parties on the order page, downloads the
// B2 Cloud file (ご依頼主 = the member, お届け先 = the relative, 記事 = the packing instructions, in
// the columns of Yamato's published layout) and ships with a carrier and a slip number; the member's
// order card links to that carrier's tracking page.

test.describe.configure({ timeout: testTime(240_000) });
test.beforeEach(async ({ page }) => asReturningShopper(page));

const OKINAWA = 47;
const RELATIVE = {
  name: "比嘉 ツル",
  kana: "ヒガ ツル",
  kanaB2: "ﾋｶﾞ ﾂﾙ",
  phone: "098-867-1234",
  zip: "9000021",
  town: "那覇市泉崎",
  street: "那覇市泉崎1-2-3",
  building: "泉崎ハイツ201",
};
const MESSAGE = "いつもありがとうございます。\n来年もよろしくお願いいたします。";
const SLIP = "4512-3456-7890";

/** Columns of B2 Cloud's 送り状発行データレイアウト(入出力用) by their published number (1-based), not the code's list. */
const B2 = {
  invoiceType: 2,
  toPhone: 9,
  toZip: 11,
  toAddress: 12,
  toBuilding: 13,
  toName: 16,
  toKana: 17,
  fromPhone: 20,
  fromZip: 22,
  fromAddress: 23,
  fromName: 25,
  note: 33,
  collect: 34,
  collectTax: 35,
} as const;

/** What each language calls the controls this journey uses. */
const TEXT = {
  ja: {
    other: "別の住所に送る",
    recipientName: "お届け先のお名前",
    recipientKana: "お届け先のフリガナ",
    recipientPhone: "お届け先の電話番号",
    prefecture: "都道府県",
    zip: "郵便番号",
    address: "住所",
    building: /^建物名/,
    giftHeading: "ギフト設定",
    noshi: "のしを付ける",
    omotegaki: "表書き",
    giftName: "名入れ(贈り主のお名前)",
    wrapping: "ギフトラッピングをする",
    card: "メッセージカードを添える",
    message: "メッセージ",
    cod: "代金引換",
    submit: "購入",
    carrier: "配送業者",
    slip: "配送伝票番号",
    ship: "発送済みにする",
    shipped: "発送済み",
    track: "配送状況を確認する",
    yamato: "ヤマト運輸",
    gift: "御歳暮(外のし)",
    buyer: "ご依頼主",
  },
  en: {
    other: "Send to another address",
    recipientName: /^Recipient's name/,
    recipientKana: "Recipient's furigana",
    recipientPhone: "Recipient's phone",
    prefecture: "Prefecture",
    zip: /^Zip/,
    address: /^Address/,
    building: /^Building name/,
    giftHeading: "Gift options",
    noshi: "Add noshi",
    omotegaki: "Inscription (omotegaki)",
    giftName: "Giver's name on the noshi",
    wrapping: "Gift-wrap the order",
    card: "Add a message card",
    message: "Message",
    cod: "Cash on delivery",
    submit: "Place order",
    carrier: "Carrier",
    slip: "Tracking number",
    ship: "Mark as shipped",
    shipped: "Shipped",
    track: "Track the parcel",
    yamato: "Yamato Transport",
    gift: "御歳暮 (soto-noshi, over the wrapping)",
    buyer: "Ordered by",
  },
} as const;

/** Yen as the shop writes them: 「2,200 円」, "2,200 JPY". */
const yenIn = (locale: Locale) => (amount: number) => `${amount.toLocaleString("en-US")} ${locale === "ja" ? "円" : "JPY"}`;

interface Settings {
  terms: {
    taxRatePercent: number;
    /** Each payment method's terms by code (decision 077): cash on delivery's fee tiers here. */
    payments: Record<string, { feeTiers: { upTo: number | null; fee: number }[] }>;
    shipping: { fees: number[]; bottlesPerBox: number; freeShippingFrom: number };
  };
  gift: { wrappingFee: number };
}

/** The shop's settings as the owner reads them in the back office (the figures every charge below comes from). */
async function shopSettings(trader: Page): Promise<Settings> {
  const response = await trader.request.get("/admin/api/settings");
  expect(response.status()).toBe(200);
  return (await response.json()).data as Settings;
}

/** A 750 ml-or-smaller bottle at the standard rate, in stock for two boxes' worth. */
async function giftBottle(request: APIRequestContext, settings: Settings, bottles: number): Promise<ProductResource & { attributes: { price: number } }> {
  const products = (await (await request.get("/ja/api/products")).json()).data as (ProductResource & {
    attributes: { tax_rate: number; shipping_type: string; specification: { volume_ml: number | null } };
  })[];
  const found = products.find(
    (each) =>
      !each.attributes.sold_out &&
      each.attributes.shipping_type === "normal" &&
      each.attributes.tax_rate === settings.terms.taxRatePercent &&
      (each.attributes.specification.volume_ml ?? 0) > 0 &&
      (each.attributes.specification.volume_ml ?? 0) <= 900 &&
      (each.attributes.buyable_limit === null || each.attributes.buyable_limit >= bottles) &&
      // Cash on delivery stays under its ceiling with fees and tax.
      each.attributes.price * bottles < 150_000,
  );
  if (!found) throw new Error("no standard-rate bottle of up to 900 ml in the demo catalogue");
  return found;
}

/** A CSV of B2 Cloud's (quoted cells may hold commas) as rows of cells. */
function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, "").replaceAll('""', '"')));
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

async function giftToOkinawa(page: Page, browser: Browser, locale: Locale, testInfo: TestInfo): Promise<void> {
  const text = TEXT[locale];
  const yen = yenIn(locale);
  const trader = await traderSignsIn(browser, locale);
  const settings = await shopSettings(trader);
  const { terms } = settings;
  const bottles = terms.shipping.bottlesPerBox + 1; // two boxes: Okinawa's fee is charged per box
  const wine = await giftBottle(page.request, settings, bottles);
  // The three runs and other journeys buy from the same demo stock: the trader receives what this order needs first.
  await trader.goto("/admin/orders");
  await restock(trader, wine.id, bottles);

  await signUpAndSignIn(page, `gift-okinawa-${locale}`);
  if (locale === "en") await page.goto("/locale/en?to=/");
  await checkoutWith(page, { [wine.id]: bottles });
  await fillContact(page);
  await fillAddress(page);

  // The figures of the settings, to the yen (never read off the screen): two boxes to Okinawa.
  const items = wine.attributes.price * bottles;
  const boxes = Math.ceil(bottles / terms.shipping.bottlesPerBox);
  expect(boxes).toBe(2);
  expect(terms.shipping.freeShippingFrom === 0 || items * 1.1 < terms.shipping.freeShippingFrom).toBe(true);
  const okinawaShipping = terms.shipping.fees[OKINAWA - 1]! * boxes;
  const tokyoShipping = terms.shipping.fees[13 - 1]! * boxes;
  expect(okinawaShipping).toBeGreaterThan(tokyoShipping);
  const wrapping = settings.gift.wrappingFee;
  const codFee = terms.payments.cod!.feeTiers.find((tier) => tier.upTo === null || items + okinawaShipping <= tier.upTo)!.fee;
  const taxBase = items + okinawaShipping + wrapping + codFee;
  const tax = Math.ceil((taxBase * terms.taxRatePercent) / 100);
  const total = taxBase + tax;

  const shipping = page.getByTestId("summary-shipping");
  await expect(shipping).toHaveText(yen(tokyoShipping));

  // お届け先: the relative, typed in; choosing 沖縄県 moves the shipping line at once.
  const delivery = page.getByTestId("delivery-choice");
  await delivery.getByRole("radio", { name: text.other }).check();
  await delivery.getByLabel(text.recipientName).fill(RELATIVE.name);
  await delivery.getByLabel(text.recipientKana).fill(RELATIVE.kana);
  await delivery.getByLabel(text.recipientPhone).fill(RELATIVE.phone);
  await delivery.getByLabel(text.prefecture).selectOption({ value: String(OKINAWA) });
  await expect(shipping).toHaveText(yen(okinawaShipping));
  await delivery.getByLabel(text.zip).fill(RELATIVE.zip);
  const address = delivery.getByLabel(text.address, { exact: typeof text.address === "string" });
  await expect(address).toHaveValue(RELATIVE.town);
  await address.fill(RELATIVE.street);
  await delivery.getByLabel(text.building).fill(RELATIVE.building);
  await expect(delivery.getByLabel(text.prefecture)).toHaveValue(String(OKINAWA));
  await expect(shipping).toHaveText(yen(okinawaShipping));

  // ギフト: 御歳暮 with the member's name, wrapping, a card of two lines.
  const gift = page.getByTestId("gift-section");
  await gift.getByText(text.giftHeading, { exact: true }).click();
  await gift.getByLabel(text.noshi).check();
  await gift.getByLabel(text.omotegaki).selectOption("御歳暮");
  await gift.getByLabel(text.giftName).fill("蔵前");
  await gift.getByLabel(text.wrapping).check();
  await gift.getByLabel(text.card).check();
  await gift.getByRole("textbox", { name: text.message, exact: true }).fill(MESSAGE);
  await page.getByRole("radio", { name: text.cod }).check();

  await expect(page.getByTestId("summary-item")).toContainText(String(bottles));
  await expect(shipping).toHaveText(yen(okinawaShipping));
  await expect(page.getByTestId("summary-charge-gift_wrapping")).toHaveText(yen(wrapping));
  await expect(page.getByTestId("summary-fee")).toHaveText(yen(codFee));
  await expect(page.getByTestId("summary-subtotal")).toHaveText(yen(taxBase));
  await expect(page.getByTestId("summary-tax")).toHaveText(yen(tax));
  await expect(page.getByTestId("summary-total")).toHaveText(yen(total));
  await screenshot(page, testInfo, `gift-okinawa-checkout-${locale}`);

  const placed = page.waitForRequest((each) => each.method() === "POST" && each.url().endsWith("/api/checkout"));
  await page.getByRole("button", { name: text.submit, exact: true }).click();
  expect((await placed).postDataJSON().recipient).toMatchObject({ name: RELATIVE.name, prefecture: OKINAWA, zip: RELATIVE.zip });
  await expect(page).toHaveURL(/\/checkout\/complete$/);
  await screenshot(page, testInfo, `gift-okinawa-complete-${locale}`);
  const orders = (await (await page.request.get(`/${locale}/api/orders`)).json()).data as { id: string; attributes: { price: number } }[];
  const orderId = orders[0]!.id;
  // The server charged what the settings say (it recomputes every figure).
  expect(orders[0]!.attributes.price).toBe(total);

  // The back office: gift instructions, the card as written, both parties, the charges.
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const instructions = trader.getByTestId("order-gift");
  await expect(instructions).toContainText("のし:御歳暮/名入れ:蔵前/外のし・ラッピング/カード");
  await expect(instructions).toContainText("いつもありがとうございます。");
  await expect(instructions).toContainText("来年もよろしくお願いいたします。");
  await expect(trader.getByText("蔵前 花子", { exact: true })).toBeVisible();
  const recipient = trader.getByTestId("order-recipient");
  await expect(recipient).toContainText(RELATIVE.name);
  await expect(recipient).toContainText(RELATIVE.phone);
  await expect(recipient).toContainText(RELATIVE.street);
  await expect(trader.getByTestId("order-shipping")).toContainText(yen(okinawaShipping));
  await expect(trader.getByTestId("order-charge-gift_wrapping")).toContainText(yen(wrapping));
  await expect(trader.getByTestId("order-fee")).toContainText(yen(codFee));
  await expect(trader.getByTestId("order-tax")).toContainText(yen(tax));
  await expect(trader.getByTestId("order-total")).toContainText(yen(total));
  await screenshot(trader, testInfo, `gift-okinawa-admin-order-${locale}`);
  if (page.viewportSize()?.width === 390) {
    // The phone journey looks at the trader's order page at 390 px too.
    await trader.setViewportSize({ width: 390, height: 844 });
    // Nothing (a long e-mail address) makes the page wider than the phone.
    await expect.poll(() => trader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(trader, testInfo, `gift-okinawa-admin-order-${locale}`);
    await trader.setViewportSize({ width: 1280, height: 800 });
  }

  // The B2 Cloud upload of this order (cash on delivery: ready to ship before it is paid).
  await withB2BillingCodes(trader);
  await trader.goto(`/admin/orders?q=${orderId}`);
  await waitForHydration(trader);
  await expect(trader.getByTestId("admin-order-row")).toHaveCount(1);
  const downloading = trader.waitForEvent("download");
  await trader.getByTestId("export-b2").click();
  const file = await (await downloading).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const rows = csvRows(iconv.decode(Buffer.concat(chunks), "Shift_JIS"));
  expect(rows).toHaveLength(2);
  const [header, row] = rows as [string[], string[]];
  const cell = (column: number) => row[column - 1];
  expect(header[B2.toName - 1]).toBe("お届け先名");
  expect(header[B2.fromName - 1]).toBe("ご依頼主名");
  expect(header[B2.note - 1]).toBe("記事");
  expect(cell(1)).toBe(orderId);
  expect(cell(B2.invoiceType)).toBe("2"); // コレクト: the driver collects the total
  expect(cell(B2.toName)).toBe(RELATIVE.name);
  expect(cell(B2.toKana)).toBe(RELATIVE.kanaB2);
  expect(cell(B2.toPhone)).toBe(RELATIVE.phone);
  expect(cell(B2.toZip)).toBe("900-0021");
  expect(cell(B2.toAddress)).toBe(`沖縄県${RELATIVE.street}`);
  expect(cell(B2.toBuilding)).toBe(RELATIVE.building);
  expect(cell(B2.fromName)).toBe("蔵前 花子");
  expect(cell(B2.fromPhone)).toBe("03-1234-5678");
  expect(cell(B2.fromZip)).toBe("100-0001");
  expect(cell(B2.fromAddress)).toBe("東京都千代田区千代田1-1");
  // 記事 holds 44 bytes: the のし and wrapping instructions fit, 「/カード」 does not (the card is on the order page).
  expect(cell(B2.note)).toBe("のし:御歳暮/名入れ:蔵前/外のし・ラッピング");
  expect(cell(B2.collect)).toBe(String(total));
  expect(cell(B2.collectTax)).toBe(String(tax));

  // Shipped with Yamato and the slip number B2 printed.
  await trader.goto(`/admin/orders/${orderId}`);
  await waitForHydration(trader);
  const actions = trader.getByTestId("order-actions");
  await actions.getByLabel(text.carrier).selectOption({ label: text.yamato });
  await actions.getByLabel(text.slip).fill(SLIP);
  await actions.getByRole("button", { name: text.ship }).click();
  await expect(trader.getByTestId("order-status")).toContainText(text.shipped);
  await expect(trader.getByTestId("order-slip-number")).toContainText(`${text.yamato} ${SLIP}`);
  await trader.context().close();

  // The member's order card: both parties, the gift, the charges, and Yamato's tracking page.
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card).toContainText(RELATIVE.name);
  await expect(card).toContainText("〒900-0021");
  // ご依頼主 is the member: My Page names the address it was sent from.
  await expect(card).toContainText(new RegExp(`${text.buyer}[^〒]*〒100-0001`));
  await expect(card).toContainText(text.gift);
  await expect(card).toContainText(yen(total));
  const track = card.getByRole("link", { name: text.track });
  await expect(track).toHaveAttribute("href", `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${SLIP.replaceAll("-", "")}`);
  await screenshot(page, testInfo, `gift-okinawa-mypage-${locale}`);
}

test("ja: a member sends 御歳暮 to a relative in 沖縄県; charges, back office, B2 Cloud and tracking agree", async ({ page, browser }, testInfo) => {
  await giftToOkinawa(page, browser, "ja", testInfo);
});

test("en: the same gift journey in English", async ({ page, browser }, testInfo) => {
  await giftToOkinawa(page, browser, "en", testInfo);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test("ja at 390 px: the same gift journey", async ({ page, browser }, testInfo) => {
    await giftToOkinawa(page, browser, "ja", testInfo);
  });
});
