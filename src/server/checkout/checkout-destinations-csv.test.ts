import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { DESTINATIONS_CSV_COLUMNS } from "../../domain/destinations-csv.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { b2Cell, b2ExportRows } from "../testing/b2-cloud-files.ts";
import { pdfPages } from "../testing/pdf-text.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// Issue 33 item 1's bulk path (decision 087): a gift sender downloads the template, fills in twenty
// relatives and clients in Excel, saves it as CSV (Shift_JIS), uploads it, sees the problems by line
// and column, corrects them, and orders; each destination is a row of the B2 file and a page of the
// delivery notes.

const env = checkoutTestShop();
let staff: StaffSession;
let wine: number;
let sake: number;

beforeAll(async () => {
  staff = await staffSession(env.shop);
  await changeShopProfile(env.shop, () => ({ yamatoB2: B2_BILLING }));
  wine = await env.make.product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 3000, stock: 100 });
  sake = await env.make.product({ name: { ja: "冷やの吟醸", en: "Chilled ginjo" }, price: 2000, stock: 100, shippingType: "cool", volumeMl: 720 });
});

const PLACES = [
  { zip: "900-0021", address: "那覇市泉崎1-2-", phone: "098-867-12" },
  { zip: "060-0001", address: "札幌市中央区北一条西2-", phone: "011-222-33" },
  { zip: "530-0001", address: "大阪市北区梅田1-1-", phone: "06-1234-56" },
  { zip: "810-0001", address: "福岡市中央区天神1-1-", phone: "092-111-22" },
];
const HEADER = Object.values(DESTINATIONS_CSV_COLUMNS).map((column) => column.ja);

/** Twenty destinations, each 御歳暮 with のし; every fifth also gets a chilled sake on a second row. */
function twentyRows(): string[][] {
  const rows: string[][] = [];
  for (let n = 1; n <= 20; n += 1) {
    const place = PLACES[n % PLACES.length]!;
    const recipient = [
      `贈答 ${n}郎`,
      "",
      place.zip,
      "",
      `${place.address}${n}`,
      n % 3 === 0 ? `第${n}ビル` : "",
      `${place.phone}${String(n).padStart(2, "0")}`,
    ];
    rows.push([...recipient, String(wine), "1", "", n === 2 ? "14-16時" : "", "する", "御歳暮", "外のし", "山田", "", "する"]);
    if (n % 5 === 0) rows.push([...recipient, String(sake), "1", "", "", "", "", "", "", "", ""]);
  }
  return rows;
}

const csv = (rows: string[][]) =>
  `${[HEADER, ...rows].map((cells) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")).join("\r\n")}\r\n`;

function upload(session: { headers: Record<string, string> }, bytes: Buffer, locale: "ja" | "en" = "ja") {
  return env.shop.app.inject({
    method: "POST",
    url: `/${locale}/api/checkout/destinations`,
    headers: session.headers,
    payload: { file: bytes.toString("base64") },
  });
}

describe("the destinations list (CSV) at checkout", () => {
  it("gives the template in UTF-8 with a byte-order mark and a Japanese header", async () => {
    const response = await env.shop.app.inject({ method: "GET", url: "/api/checkout/destinations-template.csv" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain("お届け先氏名,フリガナ,郵便番号,都道府県,市区町村・番地,建物名,電話番号,商品番号,数量");
  });

  it("answers every row's problems by line and column in ja and en, the shop's checks included", async () => {
    const member = await env.shop.memberSession();
    const rows = twentyRows();
    rows[0]![2] = "999-9999"; // no such postcode: no prefecture to take from it (the address rules), line 2
    rows[3]![7] = "99999"; // no such product, line 5
    rows[5]![13] = "上"; // not a placement, line 7
    rows[8]![12] = "御祝儀袋"; // not one of the trader's inscriptions, line 10
    const ja = await upload(member, iconv.encode(csv(rows), "CP932"));
    expect(ja.statusCode, ja.body).toBe(422);
    const problems = ja.json().rows as { line: number; column: string; message: string }[];
    expect(problems.map((problem) => [problem.line, problem.column])).toEqual([
      [2, "都道府県"],
      [5, "商品番号"],
      [7, "のし位置"],
      [10, "のし表書き"],
    ]);
    expect(problems[0]!.message).toBe("都道府県を入力してください");
    expect(problems[1]!.message).toBe("この商品は現在お買い求めいただけません。");
    expect(problems[3]!.message).toBe("表書きは一覧から選んでください。");
    const en = await upload(member, iconv.encode(csv(rows), "CP932"), "en");
    expect((en.json().rows as { message: string }[]).map((problem) => problem.message)[3]).toBe("Choose the noshi inscription from the list.");
    // Not a file at all.
    const empty = await env.shop.app.inject({ method: "POST", url: "/ja/api/checkout/destinations", headers: member.headers, payload: { file: "" } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(["お届け先リストのCSVファイルを選んでください。"]);
  });

  it("orders for twenty destinations from a Shift_JIS list: each is a row of the B2 file and a page of the delivery notes", async () => {
    const member = await env.shop.memberSession();
    const read = await upload(member, iconv.encode(csv(twentyRows()), "CP932"));
    expect(read.statusCode, read.body).toBe(200);
    const { shipments, items, lines } = read.json().data;
    expect(shipments).toHaveLength(20);
    expect(lines[4]).toEqual([6, 7]);
    expect(items).toEqual([
      { id: wine, amount: 20 },
      { id: sake, amount: 4 },
    ]);
    expect(shipments[1]).toMatchObject({
      desired_delivery_timezone: "14-16",
      recipient: { prefecture: 27 },
      gift: { noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" } },
    });

    const payload = orderPayload(items, { payment_method: "bank", shipments } as never);
    const response = await env.client.post(member, payload);
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order_id as string;
    const order = (await env.client.order(orderId))!;
    const { shipments: parcels } = await env.shop.app.services.orders.paymentsAndShipmentsOf(order.id);
    expect(parcels).toHaveLength(20);

    const rows = await b2ExportRows(env.shop, staff, `q=${orderId}&status=await_payment`);
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => b2Cell(row, "お客様管理番号"))).toEqual(Array.from({ length: 20 }, (_, index) => `${orderId}-${index + 1}`));
    expect(rows.map((row) => b2Cell(row, "お届け先名"))).toEqual(Array.from({ length: 20 }, (_, index) => `贈答 ${index + 1}郎`));
    expect(rows.map((row) => b2Cell(row, "クール区分"))).toEqual(Array.from({ length: 20 }, (_, index) => ((index + 1) % 5 === 0 ? "2" : "0")));
    for (const row of rows) expect(b2Cell(row, "記事")).toContain("のし:御歳暮");

    const note = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}/delivery-note`, headers: staff.headers });
    expect(note.statusCode).toBe(200);
    const pages = pdfPages(note.rawPayload);
    expect(pages).toHaveLength(20);
    pages.forEach((page, index) => {
      expect(page).toContain(`お届け先 ${index + 1} / 20`);
      expect(page).toContain(`贈答 ${index + 1}郎`);
      expect(page).toContain("蔵の赤");
      if ((index + 1) % 5 === 0) expect(page).toContain("冷やの吟醸");
    });

    // Paid, the member's receipt names the twenty destinations and their fees; the figures per rate are the order's.
    const deposit = await env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${orderId}/deposit`, headers: staff.headers });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const receipt = await env.shop.app.inject({
      method: "POST",
      url: `/api/orders/${orderId}/receipt`,
      headers: member.headers,
      payload: { addressee: "山田 花子", proviso: "" },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const receiptPages = pdfPages(receipt.rawPayload, "raw");
    expect(receiptPages).toHaveLength(1);
    const receiptText = receiptPages[0]!.replace(/\s+/g, "");
    expect(receiptText).toContain("お届け先20件(送料はお届け先ごとの合計)");
    expect(receiptText).toContain("1.贈答1郎様");
    expect(receiptText).toContain("20.贈答20郎様");
  });
});
