import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usersTable } from "../db/schema/accounts.ts";
import { birthdayCouponValidity } from "../../domain/birthday-coupon.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { MemberSession } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// The birthday coupon through the API (decision 086): a member opts in on the profile; the sweep in
// their birth month issues one personal coupon and one mail, a second sweep nothing; members not
// opted in or born in another month get nothing; the code works at checkout for that member only.
// On PGlite and PostgreSQL alike.

const env = checkoutTestShop();

const now = new Date();
const month = japanDateOf(now).month;
const two = (value: number) => String(value).padStart(2, "0");
const BORN_THIS_MONTH = `1990-${two(month)}-01`;
const BORN_ANOTHER_MONTH = `1990-${two((month % 12) + 1)}-01`;

async function profile(member: MemberSession, fields: Record<string, unknown>) {
  const response = await env.shop.app.inject({ method: "PUT", url: "/api/users", headers: member.headers, payload: { api_user: fields } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { birth_date: string | null; birthday_coupon: boolean };
}

async function member(birthDate: string, optIn: boolean, locale: "ja" | "en" = "ja"): Promise<MemberSession> {
  const session = await env.shop.memberSession();
  expect((await profile(session, { user_name: "誕生 花子", birth_date: birthDate, birthday_coupon: optIn })).birthday_coupon).toBe(optIn);
  // Mails go out in the language the member last signed in with.
  if (locale === "en") await env.shop.database.db.update(usersTable).set({ locale: "en" }).where(eq(usersTable.id, session.user.id));
  return session;
}

/** The code a birthday mail gives. */
function codeIn(text: string): string {
  const code = /BD-[A-Z0-9]{10}/.exec(text)?.[0];
  expect(code, text).toBeDefined();
  return code!;
}

describe("the birthday coupon", () => {
  it("is asked for on the profile, and the answer is kept", async () => {
    const session = await env.shop.memberSession();
    expect((await env.shop.app.inject({ method: "GET", url: "/api/users", headers: session.headers })).json().data.birthday_coupon).toBe(false);
    expect((await profile(session, { birthday_coupon: "on" })).birthday_coupon).toBe(true);
    // The form without JavaScript sends nothing for an unticked box: the page's action sends false.
    expect((await profile(session, { birthday_coupon: false })).birthday_coupon).toBe(false);
  });

  it("the sweep of the birth month issues one coupon and one mail; a second sweep nothing; others nothing", async () => {
    const hanako = await member(BORN_THIS_MONTH, true);
    const english = await member(BORN_THIS_MONTH, true, "en");
    const notAsked = await member(BORN_THIS_MONTH, false);
    const otherMonth = await member(BORN_ANOTHER_MONTH, true);
    const coupons = env.shop.app.services.coupons;

    expect(await coupons.issueBirthdayCoupons(now)).toBe(2);
    expect(await coupons.issueBirthdayCoupons(now)).toBe(0);

    const mails = await env.shop.mailsTo(hanako.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("お誕生日おめでとうございます");
    expect(mails[0]!.text).toContain("500円OFF");
    expect(mails[0]!.text).toContain("商品合計3,000円（税込）以上");
    expect(mails[0]!.text).toContain(`${birthdayCouponValidity(now, 30).validUntil.replaceAll("-", "/")}まで`);
    const englishMails = await env.shop.mailsTo(english.email);
    expect(englishMails).toHaveLength(1);
    expect(englishMails[0]!.subject).toContain("Happy birthday");
    expect(englishMails[0]!.text).toContain("¥500 off");
    expect(await env.shop.mailsTo(notAsked.email)).toHaveLength(0);
    expect(await env.shop.mailsTo(otherMonth.email)).toHaveLength(0);

    const staff = await staffSession(env.shop);
    const list = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons", headers: staff.headers });
    const code = codeIn(mails[0]!.text);
    const row = (
      list.json().data as { code: string; member_id: number; per_member_limit: number; total_limit: number; members_only: boolean; valid_from: string }[]
    ).find((each) => each.code === code)!;
    expect(row).toMatchObject({ member_id: hanako.user.id, per_member_limit: 1, total_limit: 1, members_only: true });
    expect(codeIn(englishMails[0]!.text)).not.toBe(code);
  });

  it("the code works at checkout for its member only, once", async () => {
    const hanako = await member(BORN_THIS_MONTH, true);
    await env.shop.app.services.coupons.issueBirthdayCoupons(now);
    const [mail] = await env.shop.mailsTo(hanako.email);
    const code = codeIn(mail!.text);
    const red = await env.make.product({ price: 3000, stock: 10 });

    const guest = await env.client.post(env.shop.browserSession(), orderPayload([{ id: red, amount: 1 }], { coupon_code: code }));
    expect(guest.statusCode).toBe(422);
    expect(guest.json().errors).toEqual(["このクーポンは会員さま限定です。ログインしてからご利用ください"]);
    const someoneElse = await env.shop.memberSession();
    const other = await env.client.post(someoneElse, orderPayload([{ id: red, amount: 1 }], { coupon_code: code }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual(["このクーポンコードは見つかりません。入力内容をご確認ください"]);

    const placed = await env.client.post(hanako, orderPayload([{ id: red, amount: 1 }], { coupon_code: code.toLowerCase() }));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await env.client.order(placed.json().order_id))!;
    const charges = await env.shop.app.services.orders.chargesOf(order.id);
    // 500 yen with tax at 10%: 454 before tax off the 3,000; 2,546 + 1,100 shipping = 3,646 → tax 364.
    expect(charges.filter((charge) => charge.kind === "discount").map((charge) => [charge.labelJa, charge.amount, charge.taxRatePercent])).toEqual([
      [`クーポン値引き（${code}）`, -454, 10],
    ]);
    const again = await env.client.post(hanako, orderPayload([{ id: red, amount: 1 }], { coupon_code: code }));
    expect(again.statusCode).toBe(422);
  });

  it("follows the trader's rule, set in the back office, and issues nothing when it is off", async () => {
    const staff = await staffSession(env.shop);
    const put = (payload: Record<string, unknown>) =>
      env.shop.app.inject({
        method: "PUT",
        url: "/admin/api/coupons/birthday",
        headers: { ...staff.headers, "idempotency-key": crypto.randomUUID() },
        payload,
      });
    const before = await env.shop.app.inject({ method: "GET", url: "/admin/api/coupons/birthday", headers: staff.headers });
    expect(before.json().data).toEqual({ active: true, kind: "fixed", value: 500, valid_days: 30, minimum_order: 3000 });
    const wrong = await put({ active: "on", kind: "percent", value: "150", valid_days: "0" });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().fields).sort()).toEqual(["valid_days", "value"]);

    const off = await put({ kind: "percent", value: "10", valid_days: "14", minimum_order: "" });
    expect(off.statusCode, off.body).toBe(200);
    const hanako = await member(BORN_THIS_MONTH, true);
    expect(await env.shop.app.services.coupons.issueBirthdayCoupons(now)).toBe(0);

    expect((await put({ active: "on", kind: "percent", value: "10", valid_days: "14", minimum_order: "" })).json().data).toEqual({
      active: true,
      kind: "percent",
      value: 10,
      valid_days: 14,
      minimum_order: 0,
    });
    expect(await env.shop.app.services.coupons.issueBirthdayCoupons(now)).toBe(1);
    const [mail] = await env.shop.mailsTo(hanako.email);
    expect(mail!.text).toContain("10%OFF");
    expect(mail!.text).not.toContain("ご利用条件");
    // Back to the default for the other tests of this file.
    await put({ active: "on", kind: "fixed", value: "500", valid_days: "30", minimum_order: "3000" });
  });
});
