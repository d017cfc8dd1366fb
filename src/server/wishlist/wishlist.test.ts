import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { favoritesTable, restockRequestsTable } from "../db/schema/wishlist.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { BrowserSession, MemberSession } from "../testing/test-app.ts";
import { createTestApp, testAppFixture } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { linkIn } from "../testing/mail-links.ts";

// 再入荷のお知らせ and お気に入り (decision 083): request → confirm → restock → one mail, the closing
// rule under repeated and concurrent restocks, the stop link, limits, and members kept apart.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "50" });
let factory: CatalogFactory;
let staff: StaffSession;

beforeAll(async () => {
  factory = new CatalogFactory(shop.database.db);
  staff = await staffSession(shop);
});

function uniqueEmail(): string {
  return `waiting-${crypto.randomUUID()}@example.com`;
}

async function soldOutProduct(name = "限定の純米大吟醸"): Promise<number> {
  const id = await factory.product({ name: { ja: name, en: "Limited junmai daiginjo" }, stock: 0 });
  await shop.app.services.catalog.changed();
  return id;
}

function ask(productId: number, session: BrowserSession, body: unknown = {}, locale = "ja") {
  return shop.app.inject({ method: "POST", url: `/${locale}/api/products/${productId}/restock-requests`, headers: session.headers, payload: body as object });
}

function restock(productId: number, amount = 6) {
  return shop.app.inject({ method: "POST", url: `/admin/api/products/${productId}/restock`, headers: staff.headers, payload: { amount } });
}

/** Every run of the sender due now has finished (the test's own and the background one). */
async function drain(): Promise<void> {
  const wishlist = shop.app.services.wishlist;
  await wishlist.settled();
  await wishlist.sendDue();
  await wishlist.settled();
}

async function backInStockMails(to: string) {
  await drain();
  return (await shop.mailsTo(to)).filter((mail) => mail.subject.includes("再入荷のお知らせ「") || mail.subject.startsWith("Back in stock"));
}

async function guestConfirmed(productId: number, email = uniqueEmail()): Promise<string> {
  const answer = await ask(productId, shop.browserSession(), { email });
  expect(answer.statusCode).toBe(202);
  const [mail] = await shop.mailsTo(email);
  const confirm = await shop.app.inject({ method: "GET", url: linkIn(mail!.text, "restock-requests/confirm") });
  expect(confirm.headers.location).toBe("/locale/ja?to=%2Frestock%2Fconfirmed");
  return email;
}

describe("a guest's request with double opt-in", () => {
  it("mails a confirmation first; confirmed, a restock mails it once with the product and stop links, and a second restock mails nothing", async () => {
    const productId = await soldOutProduct();
    const email = uniqueEmail();
    const answer = await ask(productId, shop.browserSession(), { email: email.toUpperCase() });
    expect(answer.statusCode).toBe(202);
    expect(answer.json().message).toBe("確認メールをお送りしました。メール内のリンクから登録を完了してください(リンクの有効期限は3日間です)。");
    const [confirmation] = await shop.mailsTo(email);
    expect(confirmation!.subject).toBe("【酒舗 蔵】再入荷のお知らせ登録の確認");
    expect(confirmation!.text).toContain("「限定の純米大吟醸」の再入荷のお知らせ");

    // Not confirmed yet: the bottle coming back tells nobody.
    expect((await restock(productId)).statusCode).toBe(200);
    expect(await backInStockMails(email)).toHaveLength(0);
    await shop.app.inject({ method: "PATCH", url: `/admin/api/products/${productId}`, headers: staff.headers, payload: { stock: 0 } });

    const confirm = await shop.app.inject({ method: "GET", url: linkIn(confirmation!.text, "restock-requests/confirm") });
    expect(confirm.headers.location).toBe("/locale/ja?to=%2Frestock%2Fconfirmed");
    // The link works once.
    const again = await shop.app.inject({ method: "GET", url: linkIn(confirmation!.text, "restock-requests/confirm") });
    expect(again.headers.location).toBe("/locale/ja?to=%2Frestock%2Fconfirmed%3Ferror%3Dinvalid");
    expect(await backInStockMails(email)).toHaveLength(0);

    expect((await restock(productId)).statusCode).toBe(200);
    const mails = await backInStockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("【酒舗 蔵】再入荷のお知らせ「限定の純米大吟醸」");
    expect(mails[0]!.text).toContain(`商品ページを見る: http://localhost:3000/locale/ja?to=%2Fproducts%2F${productId}`);
    // The request is closed with this mail: its stop link is for the other requests still waiting.
    expect(mails[0]!.text).toContain("この商品のお申し込みはこれで完了となりました。");
    expect(mails[0]!.text).toContain("ほかの商品でお申し込み中の再入荷のお知らせも停止をご希望の場合は");
    expect(mails[0]!.text).toContain("お申し込み中のお知らせをすべて停止: http://localhost:3000/locale/ja?to=%2Frestock%2Fcancel%3Ftoken%3D");
    expect(mails[0]!.text).not.toContain("再入荷のお知らせの停止をご希望の場合は");
    const [row] = await shop.database.db.select().from(restockRequestsTable).where(eq(restockRequestsTable.email, email));
    expect(row).toMatchObject({ status: "notified" });
    expect(row!.closedAt).not.toBeNull();

    // Sold out and back again: the request was closed with its mail.
    await shop.app.inject({ method: "PATCH", url: `/admin/api/products/${productId}`, headers: staff.headers, payload: { stock: 0 } });
    expect((await restock(productId)).statusCode).toBe(200);
    expect(await backInStockMails(email)).toHaveLength(1);
  });

  it("two restocks and two senders at once mail each request once", async () => {
    const productId = await soldOutProduct();
    const emails = await Promise.all([guestConfirmed(productId), guestConfirmed(productId), guestConfirmed(productId)]);
    const wishlist = shop.app.services.wishlist;
    const [first, second] = await Promise.all([restock(productId, 3), restock(productId, 4)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const sent = await Promise.all([wishlist.sendDue(), wishlist.sendDue(), wishlist.sendDue()]);
    expect(sent.reduce((sum, each) => sum + each, 0)).toBeLessThanOrEqual(3);
    for (const email of emails) expect(await backInStockMails(email)).toHaveLength(1);
  });

  it("a product edit raising the stock from 0 triggers too, and the English request is mailed in English", async () => {
    const productId = await soldOutProduct("季節限定の梅酒");
    const email = uniqueEmail();
    expect((await ask(productId, shop.browserSession(), { email }, "en")).statusCode).toBe(202);
    const [confirmation] = await shop.mailsTo(email);
    expect(confirmation!.subject).toBe("Please confirm your back-in-stock notice – Kura Wine & Spirits");
    await shop.app.inject({ method: "GET", url: linkIn(confirmation!.text, "restock-requests/confirm") });
    expect(
      (await shop.app.inject({ method: "PATCH", url: `/admin/api/products/${productId}`, headers: staff.headers, payload: { stock: 5 } })).statusCode,
    ).toBe(200);
    const [mail] = await backInStockMails(email);
    expect(mail!.subject).toBe("Back in stock: Limited junmai daiginjo – Kura Wine & Spirits");
    expect(mail!.text).toContain("your request for this product is now complete");
    expect(mail!.text).toContain("Stop all waiting notices: ");
  });

  it("the stop link cancels every waiting request of the address", async () => {
    const [one, two] = [await soldOutProduct(), await soldOutProduct()];
    const email = await guestConfirmed(one);
    await guestConfirmed(two, email);
    const [latest] = await shop.mailsTo(email);
    const token = new URL(linkIn(latest!.text, "restock%2Fcancel"), "http://shop.test").searchParams.get("to")!.split("token=")[1]!;
    const bad = await shop.app.inject({
      method: "POST",
      url: "/en/api/restock-requests/cancel",
      headers: shop.browserSession().headers,
      payload: { token: `${token}x` },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(["This link is not valid. Please check the link in the email again."]);
    const stop = await shop.app.inject({ method: "POST", url: "/ja/api/restock-requests/cancel", headers: shop.browserSession().headers, payload: { token } });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().message).toBe("再入荷のお知らせを停止しました。");
    await restock(one);
    await restock(two);
    expect(await backInStockMails(email)).toHaveLength(0);
  });

  it("an expired confirmation link opens nothing", async () => {
    const productId = await soldOutProduct();
    const email = uniqueEmail();
    await ask(productId, shop.browserSession(), { email });
    const [mail] = await shop.mailsTo(email);
    const token = new URL(linkIn(mail!.text, "restock-requests/confirm"), "http://shop.test").searchParams.get("token")!;
    expect(await shop.app.services.wishlist.confirm(token, new Date(Date.now() + 4 * 86_400_000))).toBe("expired");
  });
});

describe("refusals and limits", () => {
  it("refuses a product in stock or not on sale, and a bad address with the field's message", async () => {
    const inStock = await factory.product({ stock: 5 });
    const hidden = await factory.product({ stock: 0, published: false });
    await shop.app.services.catalog.changed();
    const guest = shop.browserSession();
    const available = await ask(inStock, guest, { email: uniqueEmail() });
    expect(available.statusCode).toBe(422);
    expect(available.json().errors).toEqual(["この商品は在庫がございます。そのままご注文いただけます。"]);
    expect((await ask(hidden, guest, { email: uniqueEmail() })).statusCode).toBe(404);
    const blank = await ask(await soldOutProduct(), guest, { email: "" }, "en");
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual(["Email can't be blank"]);
  });

  it("answers a guest the same for a member's address, sends one address at most 3 links an hour, then 429", async () => {
    const member = await shop.memberSession();
    const products = [await soldOutProduct(), await soldOutProduct(), await soldOutProduct(), await soldOutProduct()];
    const first = await ask(products[0]!, shop.browserSession(), { email: member.email });
    const stranger = await ask(products[0]!, shop.browserSession(), { email: uniqueEmail() });
    expect(first.statusCode).toBe(stranger.statusCode);
    expect(first.json()).toEqual(stranger.json());
    // Asked again at once: the same answer, and the link already sent stands.
    expect((await ask(products[0]!, shop.browserSession(), { email: member.email })).json()).toEqual(first.json());
    await ask(products[1]!, shop.browserSession(), { email: member.email });
    await ask(products[2]!, shop.browserSession(), { email: member.email });
    const confirmations = (await shop.mailsTo(member.email)).filter((mail) => mail.subject.includes("再入荷のお知らせ登録の確認"));
    expect(confirmations).toHaveLength(3);
    const limited = await ask(products[3]!, shop.browserSession(), { email: member.email }, "en");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toEqual(["Too many requests. Please wait a moment and try again."]);
  });

  it("keeps one waiting request per address and product, and at most 20 per address", async () => {
    const member = await shop.memberSession();
    const ids: number[] = [];
    for (let index = 0; index < 21; index++) ids.push(await soldOutProduct());
    for (const id of ids.slice(0, 20)) expect((await ask(id, member)).statusCode).toBe(201);
    expect((await ask(ids[0]!, member)).statusCode).toBe(201);
    const rows = await shop.database.db.select().from(restockRequestsTable).where(eq(restockRequestsTable.email, member.email.toLowerCase()));
    expect(rows).toHaveLength(20);
    const over = await ask(ids[20]!, member);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual(["再入荷のお知らせは1つのメールアドレスにつき20件までお申し込みいただけます。"]);
  });

  it("answers 429 in ja and en past the per-IP limit", async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
    try {
      const productId = await new CatalogFactory(limited.database.db).product({ stock: 0 });
      await limited.app.services.catalog.changed();
      const post = (locale: string) =>
        limited.app.inject({
          method: "POST",
          url: `/${locale}/api/products/${productId}/restock-requests`,
          headers: limited.browserSession().headers,
          payload: { email: uniqueEmail() },
        });
      for (let index = 0; index < 30; index++) expect((await post("ja")).statusCode).toBe(202);
      const ja = await post("ja");
      expect(ja.statusCode).toBe(429);
      expect(ja.json().errors).toEqual(["リクエストが多すぎます。しばらくしてからもう一度お試しください。"]);
      expect((await post("en")).json().errors).toEqual(["Too many requests. Please wait a moment and try again."]);
    } finally {
      await limited.close();
    }
  });
});

describe("members", () => {
  let alice: MemberSession;
  let bob: MemberSession;

  beforeAll(async () => {
    alice = await shop.memberSession();
    bob = await shop.memberSession();
  });

  it("asks with one click, lists the request on My Page, and only its owner may cancel it", async () => {
    const productId = await soldOutProduct();
    const answer = await ask(productId, alice);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().message).toBe("再入荷のお知らせを登録しました。入荷しましたらメールでお知らせします。");
    const list = (await shop.app.inject({ method: "GET", url: "/ja/api/mypage/restock-requests", headers: alice.headers })).json().data;
    expect(list).toEqual([expect.objectContaining({ product_id: productId, product_name: "限定の純米大吟醸", status: "open" })]);
    expect((await shop.app.inject({ method: "GET", url: "/api/mypage/restock-requests", headers: bob.headers })).json().data).toEqual([]);
    const theirs = await shop.app.inject({ method: "DELETE", url: `/api/restock-requests/${list[0].id}`, headers: bob.headers });
    expect(theirs.statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: "/api/mypage/restock-requests", headers: shop.browserSession().headers })).statusCode).toBe(401);

    const counts = (await shop.app.inject({ method: "GET", url: "/admin/api/restock-requests/counts", headers: staff.headers })).json().data;
    expect(counts[String(productId)]).toBe(1);

    const own = await shop.app.inject({ method: "DELETE", url: `/api/restock-requests/${list[0].id}`, headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: "/api/mypage/restock-requests", headers: alice.headers })).json().data).toEqual([]);
    await restock(productId);
    expect(await backInStockMails(alice.email)).toHaveLength(0);
  });

  it("keeps favourites per member with price and availability; another member's are not theirs to see or remove", async () => {
    const inStock = await factory.product({ name: { ja: "辛口の本醸造", en: "Dry honjozo" }, stock: 30, price: 2000 });
    const gone = await soldOutProduct("売り切れの古酒");
    for (const id of [inStock, gone])
      expect((await shop.app.inject({ method: "PUT", url: `/api/favorites/${id}`, headers: alice.headers })).statusCode).toBe(200);
    // Adding twice keeps one.
    expect((await shop.app.inject({ method: "PUT", url: `/api/favorites/${inStock}`, headers: alice.headers })).statusCode).toBe(200);
    const list = (await shop.app.inject({ method: "GET", url: "/ja/api/favorites", headers: alice.headers })).json().data;
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: inStock, name: "辛口の本醸造", price_include_tax: 2200, availability: "in_stock" }),
        expect.objectContaining({ product_id: gone, availability: "sold_out" }),
      ]),
    );
    expect((await shop.app.inject({ method: "GET", url: "/api/favorites", headers: bob.headers })).json().data).toEqual([]);
    // Bob's remove touches only Bob's list.
    await shop.app.inject({ method: "DELETE", url: `/api/favorites/${inStock}`, headers: bob.headers });
    expect((await shop.app.inject({ method: "GET", url: "/api/favorites/ids", headers: alice.headers })).json().data).toEqual(
      [inStock, gone].sort((a, b) => a - b),
    );
    const removed = await shop.app.inject({ method: "DELETE", url: `/en/api/favorites/${inStock}`, headers: alice.headers });
    expect(removed.json().message).toBe("Removed from your favorites.");
    const rows = await shop.database.db.select().from(favoritesTable).where(eq(favoritesTable.userId, alice.user.id));
    expect(rows.map((row) => row.productId)).toEqual([gone]);
    const guest = await shop.app.inject({ method: "PUT", url: `/api/favorites/${inStock}`, headers: shop.browserSession().headers });
    expect(guest.statusCode).toBe(401);
  });
});
