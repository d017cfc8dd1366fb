import { describe, expect, it } from "vitest";
import { japanDateTimeOf } from "../../domain/japan-time.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { deliveryDatesFor } from "./delivery-calendar.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// Orders charged by the shipping table (prefecture, boxes, cool, free line) and the delivery date
// window of the prefecture, enforced by POST /api/checkout (issue 18 items 3 and 4).

const env = checkoutTestShop();

const okinawa = { country: "jp", zip: "900-0006", prefecture: 47, address: "那覇市おもろまち1-1-1", building_name: "" };

async function place(items: Record<number, number>, overrides: Parameters<typeof orderPayload>[1] = {}, locale: "ja" | "en" = "ja") {
  const browser = env.shop.browserSession();
  await env.client.fillCart(browser, items);
  const payload = orderPayload(
    Object.entries(items).map(([id, amount]) => ({ id: Number(id), amount })),
    { payment_method: "bank", ...overrides },
  );
  return env.client.post(browser, payload, { locale });
}

describe("shipping charged at checkout", () => {
  it("charges Okinawa's fee as the shipping line and taxes it with the rest", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const response = await place({ [wine]: 2 }, { address: okinawa });
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    expect(await env.shop.app.services.orders.chargesOf(order.id)).toMatchObject([{ kind: "shipping", amount: 2200, taxable: true }]);
    // (6,000 + 2,200) × 10% = 820.
    expect(order).toMatchObject({ itemsTotal: 6000, taxTotal: 820, price: 9020, prefecture: 47 });
  });

  it("charges per box: seven bottles are two boxes, a 1,800 ml bottle takes two places", async () => {
    const wine = await env.make.product({ price: 2000, stock: 20 });
    const isshobin = await env.make.product({ price: 2500, stock: 20, volumeMl: 1800 });
    const seven = await place({ [wine]: 7 });
    expect(await env.shop.app.services.orders.chargesOf((await env.client.order(seven.json().order_id))!.id)).toMatchObject([
      { kind: "shipping", amount: 2200 },
    ]);
    // 5 places of 750 ml + 2 of the 一升瓶 = 7 places: two boxes; 4 + 2 = 6 fit one.
    const mixed = await place({ [wine]: 5, [isshobin]: 1 });
    expect(await env.shop.app.services.orders.chargesOf((await env.client.order(mixed.json().order_id))!.id)).toMatchObject([
      { kind: "shipping", amount: 2200 },
    ]);
    const fits = await place({ [wine]: 4, [isshobin]: 1 });
    expect(await env.shop.app.services.orders.chargesOf((await env.client.order(fits.json().order_id))!.id)).toMatchObject([
      { kind: "shipping", amount: 1100 },
    ]);
  });

  it("adds the cool surcharge per box to the prefecture's fee", async () => {
    const sake = await env.make.product({ price: 2000, stock: 5, shippingType: "cool", volumeMl: 720 });
    const response = await place({ [sake]: 1 }, { address: okinawa });
    expect(await env.shop.app.services.orders.chargesOf((await env.client.order(response.json().order_id))!.id)).toMatchObject([
      { kind: "shipping", amount: 2750 },
    ]);
  });

  it("ships free from the line of goods with tax, and charges 1 yen under it", async () => {
    const profile = await env.shop.app.services.shopProfiles.profile();
    await env.shop.app.services.shopProfiles.save({
      ...profile,
      terms: { ...profile.terms, shipping: { ...profile.terms.shipping, freeShippingFrom: 11_000 } },
    });
    try {
      const under = await env.make.product({ price: 9999, stock: 5 }); // 10,999 with tax
      const at = await env.make.product({ price: 10_000, stock: 5 }); // 11,000 with tax
      const paid = await place({ [under]: 1 });
      expect(await env.shop.app.services.orders.chargesOf((await env.client.order(paid.json().order_id))!.id)).toMatchObject([
        { kind: "shipping", amount: 1100 },
      ]);
      const free = await place({ [at]: 1 }, { address: okinawa });
      expect(await env.shop.app.services.orders.chargesOf((await env.client.order(free.json().order_id))!.id)).toMatchObject([{ kind: "shipping", amount: 0 }]);
    } finally {
      await env.shop.app.services.shopProfiles.save(profile);
    }
  });
});

describe("the address the parcel goes to", () => {
  // Issue 28 item 4: Naha's postcode with Tokyo's prefecture was charged Tokyo's fee and printed 東京都那覇市….
  const nahaAsTokyo = { country: "jp", zip: "900-0001", prefecture: 13, address: "那覇市港町1-1", building_name: "" };
  const recipient = { name: "比嘉 ツル", phone: "098-867-1234", ...nahaAsTokyo };

  it("refuses a prefecture that is not the postcode's, for the buyer and the recipient, in ja and en, and places nothing", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const buyer = await place({ [wine]: 1 }, { address: nahaAsTokyo });
    expect(buyer.statusCode).toBe(422);
    expect(buyer.json().fields).toEqual({ "address.prefecture": ["都道府県が郵便番号(〒900-0001)の沖縄県と一致しません"] });
    const toRecipient = await place({ [wine]: 1 }, { recipient }, "en");
    expect(toRecipient.statusCode).toBe(422);
    expect(toRecipient.json().fields).toEqual({ "recipient.prefecture": ["Prefecture does not match the postcode 〒900-0001, which is in Okinawa"] });
    expect(await env.client.stockOf(wine)).toBe(5);

    // With the prefecture the postcode gives, Okinawa's fee is charged.
    const right = await place({ [wine]: 1 }, { recipient: { ...recipient, prefecture: 47 } });
    expect(right.statusCode).toBe(200);
    expect(await env.shop.app.services.orders.chargesOf((await env.client.order(right.json().order_id))!.id)).toMatchObject([
      { kind: "shipping", amount: 2200 },
    ]);
  });

  it("refuses a country the shop does not ship to, with a clear message in ja and en", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const newYork = { country: "us", zip: "10001", address: "350 Fifth Avenue, New York", building_name: "" };
    const ja = await place({ [wine]: 1 }, { address: newYork });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ "address.country": ["海外への発送は承っておりません"] });
    const en = await place({ [wine]: 1 }, { recipient: { ...recipient, ...newYork } }, "en");
    expect(en.json().fields).toEqual({ "recipient.country": ["We do not ship outside Japan"] });
  });
});

describe("the delivery date at checkout", () => {
  it("takes the prefecture's window: Okinawa's first day is refused for Tokyo's earlier one, with the window in ja and en", async () => {
    const profile = await env.shop.app.services.shopProfiles.profile();
    const tokyo = deliveryDatesFor(profile, new Date(), 13);
    const toOkinawa = deliveryDatesFor(profile, new Date(), 47);
    expect(toOkinawa.length).toBeLessThan(tokyo.length);
    const wine = await env.make.product({ price: 3000, stock: 10 });

    const early = await place({ [wine]: 1 }, { address: okinawa, desired_delivery_date: tokyo[0]! });
    expect(early.statusCode).toBe(422);
    const window = `${toOkinawa[0]!.replaceAll("-", "/")}から${toOkinawa.at(-1)!.replaceAll("-", "/")}`;
    expect(early.json().fields.desired_delivery_date).toEqual([`お届け希望日は${window}までの日付を選んでください。`]);
    const english = await place({ [wine]: 1 }, { address: okinawa, desired_delivery_date: tokyo[0]! }, "en");
    expect(english.json().fields.desired_delivery_date[0]).toMatch(/^Please choose a delivery date from \d{4}\/\d{2}\/\d{2} to \d{4}\/\d{2}\/\d{2}\.$/);

    const inWindow = await place({ [wine]: 1 }, { address: okinawa, desired_delivery_date: toOkinawa[0]! });
    expect(inWindow.statusCode).toBe(200);
    const sameDayForTokyo = await place({ [wine]: 1 }, { desired_delivery_date: tokyo[0]! });
    expect(sameDayForTokyo.statusCode).toBe(200);
  });

  it("refuses today and 9 days ahead", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const now = japanDateTimeOf(new Date());
    const day = (offset: number) => new Date(Date.UTC(now.year, now.month - 1, now.day + offset)).toISOString().slice(0, 10);
    for (const date of [day(0), day(9)]) {
      const response = await place({ [wine]: 1 }, { desired_delivery_date: date });
      expect(response.statusCode, date).toBe(422);
      expect(response.json().fields.desired_delivery_date, date).toHaveLength(1);
    }
  });
});
