import { beforeAll, describe, expect, it } from "vitest";
import { firstDeliveryDate, orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { b2Cell, b2ExportRows } from "../testing/b2-cloud-files.ts";
import { pdfPages } from "../testing/pdf-text.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// Several destinations in one order (issue 33 item 1, decision 087): one order, one payment, a
// parcel per destination with its own recipient, bottles, wish, gift and fee; stock on the sum.

const env = checkoutTestShop();
let staff: StaffSession;
let wine: number;
let sake: number;

const relatives = [
  { name: "比嘉 ツル", phone: "098-867-1234", zip: "900-0021", address: "那覇市泉崎1-2-3", building_name: "" },
  { name: "佐藤 一郎", phone: "011-222-3333", zip: "060-0001", address: "札幌市中央区北一条西2-1", building_name: "" },
  { name: "鈴木 花", phone: "06-1234-5678", zip: "530-0001", address: "大阪市北区梅田1-1-1", building_name: "梅田ビル3階" },
  { name: "高橋 次郎", phone: "092-111-2222", zip: "810-0001", address: "福岡市中央区天神1-1-1", building_name: "" },
];
const oseibo = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" }, message_card: "", hide_prices: true };

beforeAll(async () => {
  staff = await staffSession(env.shop);
  await changeShopProfile(env.shop, () => ({ yamatoB2: B2_BILLING }));
  wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 20 });
  sake = await env.make.product({ name: { ja: "冷やの吟醸", en: "Chilled ginjo" }, price: 2000, stock: 20, shippingType: "cool", volumeMl: 720 });
});

function fiveDestinations() {
  return [
    // To the buyer (Tokyo), no gift.
    { items: [{ id: wine, amount: 2 }] },
    ...relatives.map((recipient, index) => ({
      recipient,
      items:
        index === 0
          ? [
              { id: wine, amount: 1 },
              { id: sake, amount: 1 },
            ]
          : [{ id: wine, amount: 1 }],
      gift: oseibo,
      desired_delivery_timezone: index === 1 ? "14-16" : "",
    })),
  ];
}

describe("POST /api/checkout with shipments", () => {
  it("places one order with a parcel per destination, each with its bottles, gift, wish and fee", async () => {
    const member = await env.shop.memberSession();
    const stockBefore = [await env.client.stockOf(wine), await env.client.stockOf(sake)];
    const payload = orderPayload(
      [
        { id: wine, amount: 6 },
        { id: sake, amount: 1 },
      ],
      { payment_method: "bank", shipments: fiveDestinations() } as never,
    );
    const response = await env.client.post(member, payload);
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order_id as string;
    const order = (await env.client.order(orderId))!;
    // Stock taken on the sum of the destinations' bottles.
    expect([await env.client.stockOf(wine), await env.client.stockOf(sake)]).toEqual([stockBefore[0]! - 6, stockBefore[1]! - 1]);

    const { shipments } = await env.shop.app.services.orders.paymentsAndShipmentsOf(order.id);
    expect(shipments).toHaveLength(5);
    // Tokyo 1,100; Okinawa with a cool bottle 2,200 + 550; Hokkaido 1,650; Osaka and Fukuoka 1,100.
    expect(shipments.map((shipment) => shipment.fee)).toEqual([1100, 2750, 1650, 1100, 1100]);
    expect(shipments.map((shipment) => shipment.recipient?.prefecture ?? null)).toEqual([null, 47, 1, 27, 40]);
    expect(shipments.map((shipment) => shipment.lines.reduce((sum, line) => sum + line.quantity, 0))).toEqual([2, 2, 1, 1, 1]);
    expect(shipments[0]!.gift).toBeNull();
    expect(shipments[1]!.gift).toMatchObject({ wrapping: true, noshi: { omotegaki: "御歳暮", name: "山田" }, hidePrices: true });
    expect(shipments[2]!.desiredDeliveryTimezone).toBe("14-16");

    // The order's one shipping line is the sum; wrapping once per wrapped destination (4 × 330).
    const charges = await env.shop.app.services.orders.chargesOf(order.id);
    expect(charges.find((charge) => charge.kind === "shipping")?.amount).toBe(7700);
    expect(charges.find((charge) => charge.kind === "gift_wrapping")?.amount).toBe(1320);
    expect(order.itemsTotal).toBe(20_000);

    // The back office's order answers each destination with its lines, gift, wish and fee.
    const detail = (await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: staff.headers })).json().data;
    expect(detail.shipments).toHaveLength(5);
    expect(detail.shipments[1]).toMatchObject({
      position: 1,
      recipient: { name: "比嘉 ツル", prefecture: 47 },
      fee: 2750,
      gift: { wrapping: true, noshi: { omotegaki: "御歳暮" } },
      lines: [
        { name: "蔵の赤", quantity: 1 },
        { name: "冷やの吟醸", quantity: 1 },
      ],
    });

    // The order mail lists the buyer once and each destination with its bottles, wish, fee and gift.
    const [mail] = await env.shop.mailsTo(payload.email);
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain("ご依頼主");
      for (const n of [1, 2, 3, 4, 5]) expect(text).toContain(`お届け先${n}(全5件)`);
      expect(text).toContain("〒900-0021 沖縄県那覇市泉崎1-2-3");
      expect(text).toContain("冷やの吟醸 × 1");
      expect(text).toMatch(/送料: 2,750\s*円\(税抜\)/);
      expect(text).toContain("御歳暮");
    }

    // My Page's orders answer each destination.
    const history = (await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } })).json().data[0].attributes;
    expect(history.shipments).toHaveLength(5);
    expect(history.shipments[0]).toMatchObject({ recipient: null, fee: 1100, lines: [{ name: "蔵の赤", amount: 2 }] });
    expect(history.shipments[2]).toMatchObject({
      recipient: { name: "佐藤 一郎", prefecture: 1 },
      desired_delivery_timezone: "14-16",
      gift: { noshi: { omotegaki: "御歳暮" } },
    });

    // The B2 file: a row per destination, each with its recipient, its own number, cool and gift note.
    const rows = await b2ExportRows(env.shop, staff, `q=${orderId}&status=await_payment`);
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => b2Cell(row, "お客様管理番号"))).toEqual([1, 2, 3, 4, 5].map((n) => `${orderId}-${n}`));
    expect(rows.map((row) => b2Cell(row, "お届け先名"))).toEqual(["山田 花子", ...relatives.map((relative) => relative.name)]);
    expect(rows.map((row) => b2Cell(row, "クール区分"))).toEqual(["0", "2", "0", "0", "0"]);
    expect(b2Cell(rows[0]!, "記事")).toBe("");
    expect(b2Cell(rows[1]!, "記事")).toContain("のし:御歳暮");
    expect(b2Cell(rows[2]!, "配達時間帯")).toBe("1416");
    // A gift's ご依頼主 is the buyer; the parcel to the buyer is sent by the shop.
    expect(b2Cell(rows[1]!, "ご依頼主名")).toBe("山田 花子");

    // Delivery notes: a page per destination, each with its recipient, prices hidden where asked.
    const note = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}/delivery-note`, headers: staff.headers });
    expect(note.statusCode).toBe(200);
    const pages = pdfPages(note.rawPayload);
    expect(pages).toHaveLength(5);
    expect(pages[0]).toContain("お届け先 1 / 5");
    expect(pages[0]).toContain("送料(税抜)");
    expect(pages[1]).toContain("比嘉 ツル");
    expect(pages[1]).toContain("冷やの吟醸");
    expect(pages[1]).not.toMatch(/¥|単価|合計/);
    expect(pages[4]).toContain("高橋 次郎");
  });

  it("refuses cash on delivery for several destinations: the carrier collects on one parcel", async () => {
    const browser = env.shop.browserSession();
    const response = await env.client.post(
      browser,
      orderPayload([{ id: wine, amount: 2 }], {
        payment_method: "cod",
        shipments: [{ items: [{ id: wine, amount: 1 }] }, { recipient: relatives[1], items: [{ id: wine, amount: 1 }] }],
      } as never),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.payment_method).toEqual(["代金引換は、お届け先が1件のご注文でのみご利用いただけます。別のお支払い方法をお選びください。"]);
  });

  it("checks each destination's wish against the calendar of its own prefecture", async () => {
    const browser = env.shop.browserSession();
    // Tokyo's first day is too early for Okinawa (three days on the road).
    const tokyoFirst = firstDeliveryDate();
    const payload = orderPayload([{ id: wine, amount: 2 }], {
      shipments: [
        { items: [{ id: wine, amount: 1 }], desired_delivery_date: tokyoFirst },
        { recipient: relatives[0], items: [{ id: wine, amount: 1 }], desired_delivery_date: tokyoFirst },
      ],
    } as never);
    const response = await env.client.post(browser, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().fields)).toEqual(["shipments.1.desired_delivery_date"]);
  });

  it("answers an invalid destination with messages keyed by its index and field, in ja and en, and writes nothing", async () => {
    const browser = env.shop.browserSession();
    const before = await env.client.orderCount();
    const shipments = fiveDestinations();
    shipments[3] = { ...shipments[3]!, recipient: { ...relatives[2]!, zip: "12", name: "" } };
    shipments[4] = { ...shipments[4]!, gift: { ...oseibo, noshi: { omotegaki: "御祝儀袋", placement: "outer", name: "" } } };
    const payload = orderPayload(
      [
        { id: wine, amount: 6 },
        { id: sake, amount: 1 },
      ],
      { shipments } as never,
    );
    const ja = await env.client.post(browser, payload);
    expect(ja.statusCode).toBe(422);
    const fields = ja.json().fields as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(["shipments.3.recipient.name", "shipments.3.recipient.zip", "shipments.4.gift.noshi.omotegaki"]);
    expect(fields["shipments.4.gift.noshi.omotegaki"]).toEqual(["表書きは一覧から選んでください。"]);
    const en = await env.client.post(browser, payload, { locale: "en" });
    expect(en.json().fields["shipments.4.gift.noshi.omotegaki"]).toEqual(["Choose the noshi inscription from the list."]);
    expect(en.json().fields["shipments.3.recipient.name"]![0]).toMatch(/[A-Za-z]/);
    expect(await env.client.orderCount()).toBe(before);
  });

  it("refuses bottles the destinations do not add up to, and parcel fields given at the top as well", async () => {
    const browser = env.shop.browserSession();
    const short = await env.client.post(browser, orderPayload([{ id: wine, amount: 3 }], { shipments: [{ items: [{ id: wine, amount: 2 }] }] } as never));
    expect(short.statusCode).toBe(422);
    expect(short.json().fields.shipments).toEqual(["お届け先ごとの本数の合計が、ご注文の本数と合いません。お届け先ごとの本数を確認してください。"]);
    const stranger = await env.client.post(
      browser,
      orderPayload([{ id: wine, amount: 1 }], { shipments: [{ items: [{ id: wine, amount: 1 }] }, { items: [{ id: sake, amount: 1 }] }] } as never),
    );
    expect(stranger.json().fields.shipments).toEqual(["ご注文にない商品がお届け先に含まれています。"]);
    const both = await env.client.post(
      browser,
      orderPayload([{ id: wine, amount: 1 }], { recipient: relatives[0], shipments: [{ items: [{ id: wine, amount: 1 }] }] } as never),
    );
    expect(both.statusCode).toBe(422);
    expect(both.json().fields.shipments![0]).toContain("お届け先ごとに");
  });

  it("takes up to 100 destinations and answers more with a message, not a bad request", async () => {
    const browser = env.shop.browserSession();
    const many = Array.from({ length: 101 }, () => ({ items: [{ id: wine, amount: 1 }] }));
    const response = await env.client.post(browser, orderPayload([{ id: wine, amount: 101 }], { shipments: many } as never), { locale: "en" });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.shipments).toEqual(["One order can go to at most 100 destinations. Please split your order."]);
  });

  it("checks stock on the sum over the destinations", async () => {
    const scarce = await env.make.product({ price: 3000, stock: 3 });
    const browser = env.shop.browserSession();
    const response = await env.client.post(
      browser,
      orderPayload([{ id: scarce, amount: 4 }], {
        shipments: [{ items: [{ id: scarce, amount: 2 }] }, { recipient: relatives[1], items: [{ id: scarce, amount: 2 }] }],
      } as never),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ items_rejected: true, errors: [{ id: scarce, inventory: 3 }] });
    expect(await env.client.stockOf(scarce)).toBe(3);
  });
});
