import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { orderShipmentsTable } from "../db/schema/orders.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { OrderChangeShop } from "../testing/order-change-fixture.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";

// The gift options changed before shipping (issue 32 item 7, decision 074): by the member (own
// orders only) and by staff, checked by the checkout's gift rules; wrapping added or taken off moves
// its fee line and the totals only where the amount may still change (cash on delivery, an unpaid
// bank transfer), refused on a card order; a shipped order refused; each change with a history row
// and a mail through the outbox; the delivery note and the B2 file read the new options.

let fx: OrderChangeShop;
let shop: TestApp;
let staff: StaffSession;
let member: MemberSession;
let other: MemberSession;

const oseibo = { noshi: { omotegaki: "御歳暮", placement: "outer", name: "蔵前" } };

const place = (method: "bank" | "cod" | "credit", gift?: object) => fx.place(method, member, gift ? { gift } : {});
const memberPost = (session: BrowserSession, id: string, body: unknown, key?: string, locale?: "ja" | "en") =>
  fx.memberPost("gift", session, id, body, key, locale);
const staffPost = (id: string, body: unknown, key?: string) => fx.staffPost("gift", id, body, key);
const row = (id: string) => fx.row(id);
const history = (id: string) => fx.history(id);
const charges = (id: string) => fx.charges(id);

async function giftMails(email: string) {
  return (await shop.mailsTo(email)).filter((mail) => mail.subject.includes("ギフト設定"));
}

beforeAll(async () => {
  fx = await OrderChangeShop.create();
  ({ shop, staff, member, other } = fx);
});

afterAll(async () => {
  await shop.close();
});

describe("the member's gift options (GET and POST /api/orders/{id}/gift)", () => {
  it("adds のし to the member's own card order (no fee): the options, history naming the member, the mail, the parcel's copy", async () => {
    const order = await place("credit");
    const before = await row(order.id);
    const options = await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/gift`, headers: member.headers });
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({
      order_id: order.id,
      gift: null,
      changeable: true,
      reason: null,
      amount_may_change: false,
      wrapping_price: 363,
    });
    expect(options.json().data.settings.omotegaki).toContain("御歳暮");

    const response = await memberPost(member, order.id, oseibo);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.gift).toEqual({
      wrapping: false,
      noshi: { omotegaki: "御歳暮", placement: "outer", name: "蔵前" },
      message_card: "",
      hide_prices: false,
    });
    expect(await row(order.id)).toMatchObject({ price: before.price, gift: { noshi: { omotegaki: "御歳暮", name: "蔵前" } } });
    const [shipment] = await shop.database.db.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, before.id));
    expect(shipment!.gift).toMatchObject({ noshi: { omotegaki: "御歳暮" } });
    const change = (await history(order.id)).at(-1)!;
    expect(change).toMatchObject({ actorKind: "member", actorId: String(member.user.id), fromStatus: before.status, toStatus: before.status });
    expect(change.note).toBe("ギフト設定を変更: なし → のし: 御歳暮(外のし) / 名入れ: 蔵前");
    const mails = await giftMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ギフト設定変更のお知らせ");
    expect(mails[0]!.text).toContain("変更前: なし");
    expect(mails[0]!.text).toContain("変更後: のし: 御歳暮(外のし) / 名入れ: 蔵前");
    expect(mails[0]!.text).not.toContain("変更後のお支払い金額");
  });

  it("refuses wrapping (a fee) on a card order telling the member to contact the shop (ja and en); nothing changes", async () => {
    const order = await place("credit");
    const ja = await memberPost(member, order.id, { wrapping: true });
    expect(ja.statusCode).toBe(409);
    expect(ja.json().errors).toEqual([expect.stringContaining("マイページからは変更できません")]);
    expect(ja.json().errors[0]).toContain("お問い合わせください");
    const en = await memberPost(member, order.id, { wrapping: true }, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(409);
    expect(en.json().errors[0]).toContain("please contact us");
    expect((await row(order.id)).gift).toBeNull();
    expect(await giftMails(order.email)).toHaveLength(0);
  });

  it("adds wrapping to the member's cash-on-delivery order: the fee line, the totals, the new total mailed", async () => {
    const order = await place("cod");
    const before = await row(order.id);
    const response = await memberPost(member, order.id, { wrapping: true, hide_prices: true });
    expect(response.statusCode).toBe(200);
    // 330 before tax and 10% on it; the cod fee (on items + shipping) stays as it was.
    expect(await row(order.id)).toMatchObject({ price: before.price + 363, taxTotal: before.taxTotal + 33 });
    const lines = await charges(order.id);
    expect(lines.find((line) => line.kind === "gift_wrapping")).toMatchObject({ amount: 330, labelJa: "ギフトラッピング料", taxable: true });
    const mails = await giftMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ギフト設定・ご注文金額変更のお知らせ");
    expect(mails[0]!.text).toMatch(new RegExp(`変更後のお支払い金額\\(税込\\): ${(before.price + 363).toLocaleString("ja-JP")}\\s?円`));
    expect(mails[0]!.text).toContain("配達員にお支払いください");
  });

  it("answers 404 for another member's order and 401 for a guest", async () => {
    const order = await place("bank");
    expect((await memberPost(other, order.id, oseibo)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/gift`, headers: other.headers })).statusCode).toBe(404);
    expect((await memberPost(shop.browserSession(), order.id, oseibo)).statusCode).toBe(401);
    expect((await row(order.id)).gift).toBeNull();
  });

  it("refuses a shipped order (409 with the reason) and the options say why", async () => {
    const order = await place("cod");
    await fx.ship(order.id, "9999-0000-3333");
    const refused = await memberPost(member, order.id, oseibo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("ギフト設定を変更できません");
    const options = (await shop.app.inject({ method: "GET", url: `/en/api/orders/${order.id}/gift`, headers: member.headers })).json().data;
    expect(options).toMatchObject({ changeable: false });
    expect(options.reason).toContain("gift options can no longer be changed");
    expect((await staffPost(order.id, oseibo)).statusCode).toBe(409);
    expect((await row(order.id)).gift).toBeNull();
  });

  it("checks the options by the checkout's rules (ja and en), the schema's kinds, and refuses no change", async () => {
    const order = await place("bank");
    const ja = await memberPost(member, order.id, { noshi: { omotegaki: "御香典", placement: "outer", name: "" }, message_card: "あ".repeat(201) });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      "gift.noshi.omotegaki": ["表書きは一覧から選んでください。"],
      "gift.message_card": ["メッセージカードは200文字以内で入力してください。"],
    });
    const en = await memberPost(member, order.id, { noshi: { omotegaki: "御歳暮", placement: "sideways" } }, crypto.randomUUID(), "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().fields).toEqual({ "gift.noshi.placement": ["Choose whether the noshi goes over or under the wrapping."] });
    // Not of its kind: the schema's 422, named by the field.
    const kinds = await memberPost(member, order.id, { wrapping: "yes", noshi: "御歳暮" }, crypto.randomUUID(), "en");
    expect(kinds.statusCode).toBe(422);
    expect(Object.keys(kinds.json().fields).sort()).toEqual(["noshi", "wrapping"]);
    for (const payload of ["42", "[1]"]) {
      const notAForm = await shop.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/gift`,
        headers: { ...member.headers, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" },
        payload,
      });
      expect(notAForm.statusCode).toBe(422);
      expect(notAForm.json().errors).toEqual(["入力内容は不正な値です"]);
    }
    // No gift on an order without one changes nothing.
    const same = await memberPost(member, order.id, {});
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual(["ギフト設定が変更されていません。変更する項目を選んでください。"]);
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("ギフト設定を変更"))).toHaveLength(0);
    expect(await giftMails(order.email)).toHaveLength(0);
  });

  it("books a resent request once: the same answer, one history row, one mail; no key is refused", async () => {
    const order = await place("bank");
    const key = crypto.randomUUID();
    const first = await memberPost(member, order.id, oseibo, key);
    const second = await memberPost(member, order.id, oseibo, key);
    expect(first.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await history(order.id)).filter((entry) => entry.note?.startsWith("ギフト設定を変更"))).toHaveLength(1);
    expect(await giftMails(order.email)).toHaveLength(1);
    const unkeyed = await shop.app.inject({ method: "POST", url: `/api/orders/${order.id}/gift`, headers: member.headers, payload: oseibo });
    expect(unkeyed.statusCode).toBe(400);
  });
});

describe("staff's gift change (GET and POST /admin/api/orders/{id}/gift)", () => {
  it("takes wrapping off an unpaid bank order: the line goes, the totals follow, history names the staff member", async () => {
    const order = await place("bank", { wrapping: true, noshi: { omotegaki: "御祝", placement: "inner", name: "" } });
    const before = await row(order.id);
    expect((await charges(order.id)).some((line) => line.kind === "gift_wrapping")).toBe(true);
    const options = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/gift`, headers: staff.headers });
    expect(options.json().data).toMatchObject({ changeable: true, amount_may_change: true, gift: { wrapping: true } });

    const response = await staffPost(order.id, { wrapping: false, noshi: { omotegaki: "御祝", placement: "inner", name: "" } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ price: before.price - 363, gift: { wrapping: false, noshi: { omotegaki: "御祝" } } });
    expect((await charges(order.id)).some((line) => line.kind === "gift_wrapping")).toBe(false);
    const change = (await history(order.id)).at(-1)!;
    expect(change).toMatchObject({ actorKind: "staff", actorId: String(staff.staff.id) });
    expect(change.note).toContain(`ラッピング料 330円 → 0円(税抜)、合計 ${before.price}円 → ${before.price - 363}円`);
    const mails = await giftMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ご注文金額変更");
  });

  it("refuses adding wrapping to a card order with the staff's wording, and takes a のし change on it", async () => {
    const order = await place("credit");
    const refused = await staffPost(order.id, { wrapping: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toContain("金額の変わるギフト設定の変更は");
    expect((await staffPost(order.id, { ...oseibo, hide_prices: true })).statusCode).toBe(200);
    expect((await row(order.id)).gift).toMatchObject({ hidePrices: true, wrapping: false });
    expect((await staffPost("NOSUCHORDER0", oseibo)).statusCode).toBe(404);
    const asMember = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/gift`,
      headers: { ...member.headers, "idempotency-key": crypto.randomUUID() },
      payload: oseibo,
    });
    expect(asMember.statusCode).toBe(401);
  });

  it("the delivery note and the B2 file read the new options", async () => {
    const order = await place("cod");
    const before = await row(order.id);
    expect((await staffPost(order.id, { noshi: { omotegaki: "御歳暮", placement: "outer", name: "" }, hide_prices: true })).statusCode).toBe(200);

    const note = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/delivery-note`, headers: staff.headers });
    expect(note.statusCode).toBe(200);
    const text = pdfText(note.rawPayload);
    expect(text).toContain("蔵の赤");
    expect(text).not.toMatch(/¥|単価|合計/);

    await changeShopProfile(shop, () => ({ yamatoB2: B2_BILLING }));
    const b2 = await shop.app.inject({ method: "GET", url: "/admin/api/orders/b2-cloud.csv", headers: staff.headers });
    expect(b2.statusCode).toBe(200);
    const lines = iconv.decode(b2.rawPayload, "Shift_JIS").split("\r\n");
    const line = lines.find((each) => each.includes(orderNumberForShopper(before.publicId)) || each.includes(before.publicId));
    expect(line).toContain("のし:御歳暮");
  });
});
