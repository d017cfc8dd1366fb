import { beforeAll, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { paymentMethodChoices } from "../../domain/payment-methods/payment-method.registry.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { postForm, visibleText } from "../testing/form-posts.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppWithPagesFixture } from "../testing/test-app.ts";

// Payment terms as shop settings (decision 077): the owner edits each method's fee, limits, place
// and note; /api/fee, checkout and the legal notice (drawn by the production build) answer with
// them at once, and bad terms are a 422 naming the field in the page's language.

type Terms = Record<string, unknown> & { feeTiers: { upTo: number | null; fee: number }[] };
type Settings = Record<string, unknown> & { terms: Record<string, unknown> & { payments: Record<string, Terms> } };

const shop = testAppWithPagesFixture();
let owner: StaffSession;
let original: Settings;
let client: CheckoutClient;

function call(method: "GET" | "POST", payload?: object, locale?: "en") {
  const headers = locale ? { ...owner.headers, cookie: `${owner.cookie}; locale=${locale}` } : owner.headers;
  return shop.app.inject({ method, url: "/admin/api/settings", headers, ...(payload ? { payload } : {}) });
}

async function current(): Promise<Settings> {
  return (await call("GET")).json().data;
}

/** The settings with some methods' terms changed as the settings form would post them. */
function withPayments(settings: Settings, changes: Record<string, Record<string, unknown>>): Settings {
  const payments = { ...settings.terms.payments };
  for (const [code, change] of Object.entries(changes)) payments[code] = { ...payments[code]!, ...change } as Terms;
  return { ...settings, terms: { ...settings.terms, payments } };
}

async function legalNotice(locale: "ja" | "en" = "ja"): Promise<string> {
  const session = shop.browserSession();
  const response = await shop.app.inject({
    method: "GET",
    url: "/specified-commercial-transaction-act-notes",
    headers: { cookie: `${session.cookie}; ${LOCALE_COOKIE}=${locale}; age_confirmed=1` },
  });
  expect(response.statusCode).toBe(200);
  return visibleText(response.body);
}

beforeAll(async () => {
  owner = await staffSession(shop, "owner");
  client = new CheckoutClient(shop);
  original = await current();
});

describe("payment terms in the settings", () => {
  it("answers every method's terms with today's values by default", () => {
    expect(Object.keys(original.terms.payments)).toEqual(paymentMethodChoices().map((method) => method.code));
    expect(original.terms.payments.cod).toMatchObject({ enabled: true, feeTiers: [{ upTo: null, fee: 440 }], min: 0, max: 300_000 });
    expect(original.terms.payments.bank).toMatchObject({ daysToPay: 3, max: null });
    expect(original.terms).not.toHaveProperty("codFee");
  });

  it("saves changed terms and gives them back as saved; blank limits, days and notes mean none", async () => {
    const changed = withPayments(original, {
      cod: {
        feeTiers: [
          { upTo: 10_000, fee: 330 },
          { upTo: null, fee: 660 },
        ],
        max: 200_000,
        position: 5,
      },
      paypay: { enabled: false, notes: { ja: "", en: "" } },
      bank: { daysToPay: 7, max: "" },
    });
    try {
      const response = await call("POST", changed);
      expect(response.statusCode).toBe(200);
      const saved = await current();
      expect(saved.terms.payments.cod).toMatchObject({
        feeTiers: [
          { upTo: 10_000, fee: 330 },
          { upTo: null, fee: 660 },
        ],
        max: 200_000,
        position: 5,
      });
      expect(saved.terms.payments.paypay).toMatchObject({ enabled: false, notes: null });
      expect(saved.terms.payments.bank).toMatchObject({ daysToPay: 7, max: null });
      expect(response.json().data.terms.payments).toEqual(saved.terms.payments);
    } finally {
      expect((await call("POST", original)).statusCode).toBe(200);
    }
  });

  it("shows a changed cod fee in /api/fee, at checkout and on the legal notice at once", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ price: 5000, stock: 10 });
    expect(await legalNotice()).toContain("代引き手数料：440 円(税抜)");
    expect((await call("POST", withPayments(original, { cod: { feeTiers: [{ upTo: null, fee: 660 }] } }))).statusCode).toBe(200);
    try {
      const session = shop.browserSession();
      const fee = await shop.app.inject({ method: "POST", url: "/api/fee", headers: session.headers, payload: { price: 6100 } });
      expect(fee.json()).toEqual({ cod_fee: 660 });
      const placed = await client.post(session, orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" }));
      expect(placed.statusCode).toBe(200);
      const order = (await client.order(placed.json().order_id))!;
      expect(await shop.app.services.orders.chargesOf(order.id)).toMatchObject([
        { kind: "shipping", amount: 1100 },
        { kind: "payment_fee", labelJa: "代引き手数料", amount: 660 },
      ]);
      // 5000 + 1100 + 660 = 6760, tax 676.
      expect(order).toMatchObject({ paymentMethod: "cod", taxTotal: 676, price: 7436 });
      const notice = await legalNotice();
      expect(notice).toContain("代引き手数料：660 円(税抜)");
      expect(notice).not.toContain("代引き手数料：440 円");
      expect(notice).toContain("銀行振込手数料：お客様のご負担となります");
      expect(await legalNotice("en")).toContain("Cash on delivery fee: 660 JPY (excl. tax)");
    } finally {
      expect((await call("POST", original)).statusCode).toBe(200);
    }
  });

  it("refuses a switched-off method at checkout and leaves it off the legal notice", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ price: 5000, stock: 10 });
    expect((await call("POST", withPayments(original, { cod: { enabled: false } }))).statusCode).toBe(200);
    try {
      const refused = await client.post(shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields.payment_method).toEqual(["代金引換は現在ご利用いただけません。"]);
      const notice = await legalNotice();
      expect(notice).not.toContain("代引き手数料");
      expect(notice).not.toContain("代金引換：");
    } finally {
      expect((await call("POST", original)).statusCode).toBe(200);
    }
  });

  it("starts the checkout page drawn on the server on the first method offered when credit is switched off", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ price: 5000, stock: 10 });
    const chosenOn = async () => {
      const guest = shop.browserSession();
      await client.fillCart(guest, { [wine]: 1 });
      const page = await shop.app.inject({ method: "GET", url: "/checkout", headers: { cookie: `${guest.cookie}; ${LOCALE_COOKIE}=ja; age_confirmed=1` } });
      expect(page.statusCode).toBe(200);
      const radios = [...page.body.matchAll(/<input[^>]*name="payment_method"[^>]*>/g)].map((match) => match[0]);
      return {
        listed: radios.map((radio) => /value="([^"]+)"/.exec(radio)?.[1]),
        checked: radios.filter((radio) => /\schecked/.test(radio)).map((radio) => /value="([^"]+)"/.exec(radio)?.[1]),
      };
    };
    expect(await chosenOn()).toMatchObject({ checked: ["credit"] });
    expect((await call("POST", withPayments(original, { credit: { enabled: false } }))).statusCode).toBe(200);
    try {
      const off = await chosenOn();
      expect(off.listed).not.toContain("credit");
      // A guest is not offered the saved card, so the form starts on the next method: bank transfer.
      expect(off.checked).toEqual(["bank"]);
    } finally {
      expect((await call("POST", original)).statusCode).toBe(200);
    }
  });

  it("refuses bad terms with a message per field in ja and en, keeping the saved ones", async () => {
    const bad = withPayments(original, {
      cod: {
        feeTiers: [
          { upTo: 30_000, fee: 330 },
          { upTo: 10_000, fee: 440 },
          { upTo: null, fee: 660 },
        ],
        min: 5000,
        max: 1000,
      },
      bank: { feeTiers: [{ upTo: null, fee: -1 }], daysToPay: 0 },
    });
    const ja = await call("POST", bad);
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      "terms.payments.cod.feeTiers": ["手数料の段階は、上限金額を小さい順に並べ、最後の段階だけ上限なしにしてください。"],
      "terms.payments.cod.max": ["上限金額は下限金額以上にしてください。"],
      "terms.payments.bank.feeTiers.0.fee": ["銀行振込の手数料（段階1）の金額は0以上の値にしてください"],
      "terms.payments.bank.daysToPay": ["銀行振込のお支払い期限の日数は1以上の値にしてください"],
    });
    const en = await call("POST", bad, "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().fields).toEqual({
      "terms.payments.cod.feeTiers": ["Fee tiers need rising upper amounts, and only the last tier may have none."],
      "terms.payments.cod.max": ["The upper limit must not be below the lower limit."],
      "terms.payments.bank.feeTiers.0.fee": ["Bank transfer, fee tier 1: amount must be greater than or equal to 0"],
      "terms.payments.bank.daysToPay": ["Days to pay by Bank transfer must be greater than or equal to 1"],
    });
    expect((await current()).terms.payments).toEqual(original.terms.payments);
  });
});

/** What a browser without JavaScript posts from a drawn form: every text field's and text area's value, and the checked boxes as "on". */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (!name || name === "_csrf") continue;
    if (/type="checkbox"/.test(input)) {
      if (/\bchecked=""/.test(input)) fields[name] = "on";
    } else fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  }
  for (const [, attributes, text] of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (name) fields[name] = text!.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  }
  return fields;
}

describe("the payment terms page without JavaScript", () => {
  const page = async () => {
    const response = await shop.app.inject({ method: "GET", url: "/admin/settings/payments", headers: { cookie: `${owner.cookie}; ${LOCALE_COOKIE}=ja` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it("draws every method's terms and saves a changed cod fee as a plain form post", async () => {
    const html = await page();
    const fields = formFields(html);
    // cod's one flat tier is drawn after a blank row for a new tier.
    expect(fields).toMatchObject({
      "cod.enabled": "on",
      "cod.max": "300000",
      "cod.tier.0.upTo": "",
      "cod.tier.0.fee": "",
      "cod.tier.1.upTo": "",
      "cod.tier.1.fee": "440",
      "bank.daysToPay": "3",
    });
    // The last tier reads 上限なし rather than an empty box, the blank row says it adds a tier, and the notes' placeholders are explained.
    const codSection = /data-testid="payment-terms-cod"[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? "";
    expect(codSection).toMatch(/<input type="hidden" name="cod\.tier\.1\.upTo" value=""\/>/);
    expect(codSection).not.toMatch(/<input[^>]*type="text"[^>]*name="cod\.tier\.1\.upTo"|<input[^>]*name="cod\.tier\.1\.upTo"[^>]*inputMode/);
    expect(visibleText(codSection)).toContain("上限なし");
    expect(visibleText(codSection)).toContain("段階を追加するときは、この行に上限金額と手数料を入力してください");
    expect(visibleText(codSection)).toContain("{ceiling} は上限金額");
    try {
      const saved = await postForm(
        shop.app,
        "/admin/settings/payments",
        { ...fields, "cod.tier.0.upTo": "10000", "cod.tier.0.fee": "330", "cod.tier.1.fee": "660" },
        { session: owner },
      );
      expect(saved.statusCode).toBe(200);
      expect(visibleText(saved.body)).toContain("設定を保存しました。");
      expect((await current()).terms.payments).toEqual({
        ...original.terms.payments,
        cod: {
          ...original.terms.payments.cod,
          feeTiers: [
            { upTo: 10_000, fee: 330 },
            { upTo: null, fee: 660 },
          ],
        },
      });
      const session = shop.browserSession();
      expect((await shop.app.inject({ method: "POST", url: "/api/fee", headers: session.headers, payload: { price: 12_000 } })).json()).toEqual({
        cod_fee: 660,
      });
    } finally {
      expect((await call("POST", original)).statusCode).toBe(200);
    }
  });

  it("answers bad terms with the API's messages on the page, saving nothing", async () => {
    const fields = formFields(await page());
    // Two methods' tiers out of order: the API gives the same tier rule on each.
    const refused = await postForm(
      shop.app,
      "/admin/settings/payments",
      { ...fields, "cod.min": "5000", "cod.max": "1000", "cod.tier.0.fee": "330", "konbini.tier.0.fee": "100", "bank.tier.0.fee": "-1" },
      { session: owner, locale: "en" },
    );
    expect(refused.statusCode).toBe(422);
    const text = visibleText(refused.body);
    expect(text).toContain("The upper limit must not be below the lower limit.");
    expect(text).toContain("Bank transfer, fee tier 1: amount must be greater than or equal to 0");
    // The typed values come back under their messages, not the saved ones (300000, 0) they contradict.
    expect(formFields(refused.body)).toMatchObject({ "cod.min": "5000", "cod.max": "1000", "cod.tier.0.fee": "330", "bank.tier.0.fee": "-1" });
    // Each message once in the summary, though the API gives the tier rule for more than one field.
    const summary = /data-testid="payment-terms-errors"[^>]*>([\s\S]*?)<\/div>/.exec(refused.body)?.[1] ?? "";
    const listed = [...summary.matchAll(/<p>([^<]*)<\/p>/g)].map(([, message]) => message);
    expect(listed).toContain("The upper limit must not be below the lower limit.");
    expect(listed).toContain("Fee tiers need rising upper amounts, and only the last tier may have none.");
    expect(listed).toEqual([...new Set(listed)]);
    expect((await current()).terms.payments).toEqual(original.terms.payments);
  });
});
