import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usersTable } from "../db/schema/accounts.ts";
import type { BrowserSession, MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Change notices (decision 064): the member is mailed through the outbox, in their own language,
// when their e-mail (old and new address), password, address or saved card changes, with what to
// do if it was not them. The built-in mailbox is the outbox's far end: these tests read it.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
const NEXT_YEAR = new Date().getFullYear() + 1;
const NOT_YOU_JA = "お心当たりのない場合は、第三者がアカウントを不正に操作しているおそれがあります。";
const NOT_YOU_EN = "If this was not you, someone else may be using your account";

async function member(locale: "ja" | "en" = "ja"): Promise<MemberSession> {
  const session = await shop.memberSession();
  await shop.database.db.update(usersTable).set({ locale }).where(eq(usersTable.id, session.user.id));
  return session;
}

function updateAccount(session: BrowserSession, apiUser: Record<string, unknown>, locale = "ja") {
  return shop.app.inject({ method: "PUT", url: `/${locale}/api/users`, headers: session.headers, payload: { api_user: apiUser } });
}

async function mailsAbout(to: string, subject: string) {
  return (await shop.mailsTo(to)).filter((mail) => mail.subject.includes(subject));
}

describe("e-mail address", () => {
  it("tells the old address of the request (naming the new one masked), then both addresses once it is confirmed", async () => {
    const me = await member("ja");
    const newEmail = `renamed-${crypto.randomUUID()}@example.com`;
    expect((await updateAccount(me, { email: newEmail, current_password: me.password })).statusCode).toBe(200);

    const [requested, ...more] = await mailsAbout(me.email, "メールアドレス変更のお申し込みについて");
    expect(more).toHaveLength(0);
    expect(requested!.text).toContain("ご登録のメールアドレスを変更するお申し込みを受け付けました。");
    expect(requested!.text).toContain(`新しいメールアドレス: re***@example.com`);
    expect(requested!.text).not.toContain(newEmail);
    expect(requested!.text).toContain(NOT_YOU_JA);
    expect(requested!.text).toMatch(/https?:\/\/\S+\/password\b/);

    const [confirmation] = await shop.mailsTo(newEmail);
    const link = new URL(confirmation!.text.match(/https?:\/\/\S+confirmation_token=\S+/)![0]);
    await shop.app.inject({ method: "GET", url: link.pathname + link.search, headers: { cookie: me.cookie } });
    for (const to of [me.email, newEmail]) {
      const done = await mailsAbout(to, "メールアドレス変更完了のお知らせ");
      expect(done, to).toHaveLength(1);
      expect(done[0]!.text).toContain("ご登録のメールアドレスを re***@example.com に変更しました。");
      expect(done[0]!.text).toContain(NOT_YOU_JA);
    }
  });

  it("writes in the member's language, not the page's", async () => {
    const me = await member("en");
    const newEmail = `moved-${crypto.randomUUID()}@example.com`;
    expect((await updateAccount(me, { email: newEmail, current_password: me.password }, "ja")).statusCode).toBe(200);
    const [requested] = await mailsAbout(me.email, "A change of your email address was requested");
    expect(requested!.text).toContain("New address: mo***@example.com");
    expect(requested!.text).toContain(NOT_YOU_EN);
  });
});

describe("password", () => {
  it("tells the member in their language, with what to do if it was not them", async () => {
    const me = await member("en");
    const response = await updateAccount(
      me,
      { password: "a-brand-new-password", password_confirmation: "a-brand-new-password", current_password: me.password },
      "ja",
    );
    expect(response.statusCode).toBe(200);
    const [changed, ...more] = await mailsAbout(me.email, "Password changed");
    expect(more).toHaveLength(0);
    expect(changed!.text).toContain("If this was not you, please reset your password at once and contact us.");
  });
});

describe("address", () => {
  const tokyo = { country: "jp", zip: "100-0001", prefecture: 13, address: "千代田区千代田1-1", building_name: "蔵ビル3F" };

  function saveAddress(session: BrowserSession, address: object) {
    return shop.app.inject({ method: "PUT", url: "/api/address", headers: session.headers, payload: address });
  }

  it("tells the member when the saved address changes, once per change, without the address itself", async () => {
    const me = await member("ja");
    expect((await saveAddress(me, tokyo)).statusCode).toBe(200);
    expect(await mailsAbout(me.email, "ご登録住所変更のお知らせ")).toHaveLength(1);
    // The same address saved again changes nothing: no mail.
    expect((await saveAddress(me, tokyo)).statusCode).toBe(200);
    expect(await mailsAbout(me.email, "ご登録住所変更のお知らせ")).toHaveLength(1);
    expect((await saveAddress(me, { ...tokyo, building_name: "蔵ビル5F" })).statusCode).toBe(200);
    const mails = await mailsAbout(me.email, "ご登録住所変更のお知らせ");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("マイページのご登録住所が変更されました。");
    expect(mails[0]!.text).toContain(NOT_YOU_JA);
    expect(mails[0]!.subject).toBe("【酒舗 蔵】ご登録住所変更のお知らせ");
    expect(mails[0]!.text).toContain("上のURLからすぐにパスワードを再設定し");
    // An address is personal data a mail need not carry: it may go to someone who took the account.
    expect(mails[0]!.text).not.toContain("千代田区");
  });

  it("a refused address sends nothing", async () => {
    const me = await member("ja");
    expect((await saveAddress(me, { ...tokyo, zip: "" })).statusCode).toBe(422);
    expect(await mailsAbout(me.email, "ご登録住所変更のお知らせ")).toHaveLength(0);
  });
});

describe("saved card", () => {
  async function saveCard(session: BrowserSession, number: string) {
    const edit = await shop.app.inject({ method: "GET", url: "/api/cards/edit", headers: { cookie: session.cookie } });
    const method = await shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      headers: session.headers,
      payload: { card: { number, exp_month: 3, exp_year: NEXT_YEAR, cvc: "123" } },
    });
    const confirmed = await shop.app.inject({
      method: "POST",
      url: "/test-gateway/setup_intents/confirm",
      headers: session.headers,
      payload: { client_secret: edit.json().client_secret, payment_method: method.json().id },
    });
    return shop.app.inject({ method: "PUT", url: "/api/cards", headers: session.headers, payload: { setup_intent_id: confirmed.json().id } });
  }

  it("tells the member when a card is saved, replaced and removed, naming only brand, last digits and expiry", async () => {
    const me = await member("en");
    expect((await saveCard(me, "4242424242424242")).statusCode).toBe(200);
    const [saved] = await mailsAbout(me.email, "A credit card has been saved");
    expect(saved!.text).toContain(`Card: VISA ****4242 (03/${String(NEXT_YEAR).slice(-2)})`);
    expect(saved!.text).toContain(NOT_YOU_EN);
    expect(saved!.text).not.toContain("4242424242424242");

    expect((await saveCard(me, "5555555555554444")).statusCode).toBe(200);
    expect((await mailsAbout(me.email, "A credit card has been saved"))[0]!.text).toContain("MASTERCARD ****4444");

    expect((await shop.app.inject({ method: "DELETE", url: "/api/cards", headers: me.headers })).statusCode).toBe(200);
    const [removed, ...more] = await mailsAbout(me.email, "Your saved credit card has been removed");
    expect(more).toHaveLength(0);
    expect(removed!.text).toContain("Removed card: MASTERCARD ****4444");
  });

  it("a declined card sends nothing", async () => {
    const me = await member("ja");
    expect((await saveCard(me, "4000000000000002")).statusCode).toBe(422);
    expect(await mailsAbout(me.email, "クレジットカード登録のお知らせ")).toHaveLength(0);
  });
});
