import { describe, expect, it } from "vitest";
import { message } from "../i18n/messages.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import { testAppWithPagesFixture } from "../testing/test-app.ts";

// My Page's forms posted without JavaScript (decision 057): the page's action runs the API route
// its script calls, as the member, and answers a 303 or the page again with the API's messages.
// Pages come from the production build.

const shop = testAppWithPagesFixture();

describe("the profile without JavaScript (POST /mypage?index)", () => {
  it("saves the name and phone number and shows the page again saying 保存しました。", async () => {
    const member = await shop.memberSession();
    const response = await postForm(shop.app, "/mypage?index", { user_name: "山田 花子", tel: "090-1234-5678" }, { session: member });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/mypage?saved=1");
    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } });
    expect(me.json().data).toMatchObject({ user_name: "山田 花子", tel: "090-1234-5678" });
    const page = await shop.app.inject({ method: "GET", url: "/mypage?saved=1", headers: { cookie: member.cookie } });
    expect(visibleText(page.body)).toContain("保存しました。");
    expect(inputValue(page.body, "user_name")).toBe("山田 花子");
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a bad phone number with the API's message under the field (${locale}), what was typed kept and nothing saved`, async () => {
      const member = await shop.memberSession();
      const api = await shop.app.inject({
        method: "PUT",
        url: `/${locale}/api/users`,
        headers: member.headers,
        payload: { api_user: { user_name: "x", tel: "abc" } },
      });
      expect(api.statusCode).toBe(422);
      const telMessage = (api.json().fields.tel as string[]).join(" ");
      const response = await postForm(shop.app, "/mypage?index", { user_name: "山田 花子", tel: "abc" }, { session: member, locale });
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain(`lang="${locale}"`);
      expect(visibleText(response.body)).toContain(telMessage);
      expect(inputValue(response.body, "tel")).toBe("abc");
      expect(inputValue(response.body, "user_name")).toBe("山田 花子");
      const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } });
      expect(me.json().data.user_name).not.toBe("山田 花子");
    });
  }

  it("refuses a post without the member's token, or with another session's, and saves nothing", async () => {
    const member = await shop.memberSession();
    for (const csrf of [null, shop.browserSession().headers["x-csrf-token"]!]) {
      for (const locale of ["ja", "en"] as const) {
        const response = await postForm(shop.app, "/mypage?index", { user_name: "偽の名前", tel: "" }, { session: member, csrf, locale });
        expect(response.statusCode).toBe(403);
        expect(visibleText(response.body)).toContain(message("csrfInvalid", locale));
      }
    }
    const me = await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } });
    expect(me.json().data.user_name).not.toBe("偽の名前");
  });

  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const response = await postForm(shop.app, "/mypage?index", { user_name: "x", tel: "" }, { session: shop.browserSession() });
    expect([302, 303]).toContain(response.statusCode);
    expect(response.headers.location).toMatch(/^\/login\?redirect=/);
  });
});

describe("the mail magazine on My Page without JavaScript (POST /mypage/magazine)", () => {
  const statusOf = async (cookie: string) =>
    (await shop.app.inject({ method: "GET", url: "/api/magazine/subscription", headers: { cookie } })).json().data.status as string;

  it("is drawn on the server with the member's status and its switch", async () => {
    const member = await shop.memberSession();
    const page = await shop.app.inject({ method: "GET", url: "/mypage/magazine", headers: { cookie: member.cookie } });
    expect(page.statusCode).toBe(200);
    expect(inputValue(page.body, "subscribed")).toBe("true");
    expect(inputValue(page.body, "_csrf")).toBe(member.headers["x-csrf-token"]);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`subscribes and unsubscribes, the page saying so in the API's words (${locale})`, async () => {
      const member = await shop.memberSession();
      const subscribed = await postForm(shop.app, "/mypage/magazine", { subscribed: "true" }, { session: member, locale });
      expect(subscribed.statusCode).toBe(200);
      expect(visibleText(subscribed.body)).toContain(message("magazineSubscribed", locale));
      expect(await statusOf(member.cookie)).toBe("subscribed");
      // The page drawn after the action reads the new status: its switch now unsubscribes.
      expect(inputValue(subscribed.body, "subscribed")).toBe("false");
      const unsubscribed = await postForm(shop.app, "/mypage/magazine", { subscribed: "false" }, { session: member, locale });
      expect(visibleText(unsubscribed.body)).toContain(message("magazineUnsubscribed", locale));
      expect(await statusOf(member.cookie)).toBe("unsubscribed");
    });
  }

  it("refuses a post without the member's token and changes nothing", async () => {
    const member = await shop.memberSession();
    const response = await postForm(shop.app, "/mypage/magazine", { subscribed: "true" }, { session: member, csrf: null, locale: "en" });
    expect(response.statusCode).toBe(403);
    expect(visibleText(response.body)).toContain(message("csrfInvalid", "en"));
    expect(await statusOf(member.cookie)).toBe("none");
  });
});

// Decision 059: the address, the address book, the account forms and Log Out without JavaScript.

const TOKYO = { country: "jp", country_name: "日本", zip: "100-0001", prefecture: "13", address: "千代田区千代田1-1", building_name: "" };

async function savedAddress(cookie: string) {
  return (await shop.app.inject({ method: "GET", url: "/api/address", headers: { cookie } })).json().data as Record<string, unknown> | null;
}

async function bookOf(cookie: string) {
  return (await shop.app.inject({ method: "GET", url: "/api/address-book", headers: { cookie } })).json().data as {
    id: number;
    name: string;
    phone: string;
    address: string;
  }[];
}

describe("the saved address without JavaScript (POST /mypage/address)", () => {
  it("is drawn on the server with every field named, and a post saves it and says 保存しました。", async () => {
    const member = await shop.memberSession();
    const empty = await shop.app.inject({ method: "GET", url: "/mypage/address", headers: { cookie: member.cookie } });
    expect(empty.statusCode).toBe(200);
    expect(inputValue(empty.body, "country")).toBe("jp");
    expect(inputValue(empty.body, "country_name")).toBe("日本");
    expect(inputValue(empty.body, "zip")).toBe("");
    const response = await postForm(shop.app, "/mypage/address", TOKYO, { session: member });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/mypage/address?saved=1");
    expect(await savedAddress(member.cookie)).toMatchObject({ country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1" });
    const page = await shop.app.inject({ method: "GET", url: "/mypage/address?saved=1", headers: { cookie: member.cookie } });
    expect(visibleText(page.body)).toContain("保存しました。");
    expect(inputValue(page.body, "address")).toBe("千代田区千代田1-1");
    expect(inputValue(page.body, "zip")).toBe("1000001");
  });

  it("takes a country typed by name (the search box needs JavaScript): France is looked up, and refused as the API refuses it", async () => {
    const member = await shop.memberSession();
    const france = { country: "fr", zip: "75001", prefecture: null, address: "1 Rue de Rivoli, Paris", building_name: "" };
    // The demo shop does not ship abroad (decision 051): the API's own answer for France.
    const api = await shop.app.inject({ method: "PUT", url: "/en/api/address", headers: member.headers, payload: france });
    expect(api.statusCode).toBe(422);
    const response = await postForm(
      shop.app,
      "/mypage/address",
      { ...france, prefecture: "", country: "jp", country_name: "France" },
      { session: member, locale: "en" },
    );
    expect(response.statusCode).toBe(422);
    expect(visibleText(response.body)).toContain("We do not ship outside Japan");
    expect(inputValue(response.body, "country_name")).toBe("France");
    // A name that is no country is the API's "not in the list", under the country field.
    const unknown = await postForm(shop.app, "/mypage/address", { ...TOKYO, country_name: "Atlantis" }, { session: member, locale: "en" });
    expect(unknown.statusCode).toBe(422);
    expect(visibleText(unknown.body)).toMatch(/Country .*list/i);
    expect(await savedAddress(member.cookie)).toBeNull();
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a blank address and a postcode of another prefecture with the API's messages under the fields (${locale}), nothing saved`, async () => {
      const member = await shop.memberSession();
      const body = { country: "jp", zip: "9000001", prefecture: "13", address: "", building_name: "" };
      const api = await shop.app.inject({ method: "PUT", url: `/${locale}/api/address`, headers: member.headers, payload: { ...body, prefecture: 13 } });
      expect(api.statusCode).toBe(422);
      const fields = api.json().fields as Record<string, string[]>;
      expect(Object.keys(fields)).toEqual(expect.arrayContaining(["address"]));
      const response = await postForm(shop.app, "/mypage/address", { ...body, country_name: locale === "ja" ? "日本" : "Japan" }, { session: member, locale });
      expect(response.statusCode).toBe(422);
      const text = visibleText(response.body);
      for (const messages of Object.values(fields)) for (const each of messages) expect(text).toContain(each);
      expect(inputValue(response.body, "zip")).toBe("9000001");
      expect(await savedAddress(member.cookie)).toBeNull();
    });
  }

  it("refuses a post without the member's token and saves nothing", async () => {
    const member = await shop.memberSession();
    const response = await postForm(shop.app, "/mypage/address", TOKYO, { session: member, csrf: null, locale: "en" });
    expect(response.statusCode).toBe(403);
    expect(visibleText(response.body)).toContain(message("csrfInvalid", "en"));
    expect(await savedAddress(member.cookie)).toBeNull();
  });

  it("answers a garbled post with a page, never a 5xx", async () => {
    const member = await shop.memberSession();
    const garbled: Record<string, string>[] = [{}, { country: "\u0000", country_name: "\t\r\n", zip: "x".repeat(5000) }, { country_name: "ア" }];
    for (const fields of garbled) {
      const response = await postForm(shop.app, "/mypage/address", fields, { session: member });
      expect(response.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(fields)).toBeLessThan(500);
    }
  });
});

describe("the address book without JavaScript (POST /mypage/address-book)", () => {
  const entry = { recipient_name: "佐藤 一郎", recipient_phone: "03-1234-5678", ...TOKYO };

  it("adds an entry once under the page's request key, however often the form is posted", async () => {
    const member = await shop.memberSession();
    const page = await shop.app.inject({ method: "GET", url: "/mypage/address-book?add", headers: { cookie: member.cookie } });
    expect(page.statusCode).toBe(200);
    const key = inputValue(page.body, "_request_key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(inputValue(page.body, "intent")).toBe("add");
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postForm(shop.app, "/mypage/address-book", { intent: "add", _request_key: key!, ...entry }, { session: member });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/mypage/address-book?done=added#address-book-done");
    }
    const book = await bookOf(member.cookie);
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ name: "佐藤 一郎", phone: "03-1234-5678", address: "千代田区千代田1-1" });
    const list = await shop.app.inject({ method: "GET", url: "/mypage/address-book?done=added", headers: { cookie: member.cookie } });
    expect(visibleText(list.body)).toContain("お届け先を追加しました。");
    expect(visibleText(list.body)).toContain("佐藤 一郎 様");
    expect(list.body).toContain(`href="/mypage/address-book?edit=${book[0]!.id}#address-book-form"`);
  });

  it("changes and deletes an entry, the page asking before it deletes", async () => {
    const member = await shop.memberSession();
    await postForm(shop.app, "/mypage/address-book", { intent: "add", ...entry }, { session: member });
    const [added] = await bookOf(member.cookie);
    const form = await shop.app.inject({ method: "GET", url: `/mypage/address-book?edit=${added!.id}`, headers: { cookie: member.cookie } });
    expect(inputValue(form.body, "recipient_name")).toBe("佐藤 一郎");
    expect(inputValue(form.body, "id")).toBe(String(added!.id));
    const changed = await postForm(
      shop.app,
      "/mypage/address-book",
      { intent: "edit", id: String(added!.id), ...entry, recipient_name: "佐藤 二郎" },
      { session: member, locale: "en" },
    );
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe("/mypage/address-book?done=updated#address-book-done");
    expect((await bookOf(member.cookie))[0]!.name).toBe("佐藤 二郎");
    const asked = await shop.app.inject({ method: "GET", url: `/mypage/address-book?delete=${added!.id}`, headers: { cookie: member.cookie } });
    expect(visibleText(asked.body)).toContain("「佐藤 二郎 様」のお届け先を削除します。");
    const deleted = await postForm(shop.app, "/mypage/address-book", { intent: "delete", id: String(added!.id) }, { session: member });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe("/mypage/address-book?done=deleted#address-book-done");
    expect(await bookOf(member.cookie)).toEqual([]);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a blank name and a bad phone with the API's messages under the fields (${locale}), the form open with what was typed`, async () => {
      const member = await shop.memberSession();
      const bad = { ...entry, recipient_name: "", recipient_phone: "abc" };
      const api = await shop.app.inject({
        method: "POST",
        url: `/${locale}/api/address-book`,
        headers: member.headers,
        payload: { name: "", phone: "abc", country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" },
      });
      expect(api.statusCode).toBe(422);
      const fields = api.json().fields as Record<string, string[]>;
      expect(Object.keys(fields)).toEqual(expect.arrayContaining(["name", "phone"]));
      const response = await postForm(shop.app, "/mypage/address-book", { intent: "add", ...bad }, { session: member, locale });
      expect(response.statusCode).toBe(422);
      const text = visibleText(response.body);
      for (const messages of Object.values(fields)) for (const each of messages) expect(text).toContain(each);
      expect(inputValue(response.body, "recipient_phone")).toBe("abc");
      expect(inputValue(response.body, "intent")).toBe("add");
      expect(await bookOf(member.cookie)).toEqual([]);
    });
  }

  it("never changes or deletes another member's entry: 404 as the API answers, the entry as it was", async () => {
    const owner = await shop.memberSession();
    const stranger = await shop.memberSession();
    await postForm(shop.app, "/mypage/address-book", { intent: "add", ...entry }, { session: owner });
    const [kept] = await bookOf(owner.cookie);
    const payload = { name: "乗っ取り", phone: "03-1234-5678", country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" };
    const api = await shop.app.inject({ method: "PUT", url: `/api/address-book/${kept!.id}`, headers: stranger.headers, payload });
    expect(api.statusCode).toBe(404);
    const edited = await postForm(
      shop.app,
      "/mypage/address-book",
      { intent: "edit", id: String(kept!.id), ...entry, recipient_name: "乗っ取り" },
      { session: stranger },
    );
    expect(edited.statusCode).toBe(404);
    const deleted = await postForm(shop.app, "/mypage/address-book", { intent: "delete", id: String(kept!.id) }, { session: stranger });
    expect(deleted.statusCode).toBe(404);
    // The stranger's page does not show the owner's entry either.
    const strangersPage = await shop.app.inject({ method: "GET", url: `/mypage/address-book?edit=${kept!.id}`, headers: { cookie: stranger.cookie } });
    expect(visibleText(strangersPage.body)).not.toContain("佐藤");
    expect(await bookOf(owner.cookie)).toEqual([expect.objectContaining({ id: kept!.id, name: "佐藤 一郎" })]);
  });

  it("answers made-up ids and intents with a page, never a 5xx, and a guest with the sign-in page", async () => {
    const member = await shop.memberSession();
    const madeUp: Record<string, string>[] = [
      { intent: "edit", id: "abc" },
      { intent: "delete", id: "99999999999999" },
      { intent: "delete" },
      { intent: "??", ...entry },
      {},
    ];
    for (const fields of madeUp) {
      const response = await postForm(shop.app, "/mypage/address-book", fields, { session: member });
      expect(response.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, JSON.stringify(fields)).toBeLessThan(500);
    }
    const guest = await postForm(shop.app, "/mypage/address-book", { intent: "add", ...entry }, { session: shop.browserSession() });
    expect([302, 303]).toContain(guest.statusCode);
    expect(guest.headers.location).toMatch(/^\/login\?redirect=/);
  });
});

describe("the account forms without JavaScript (POST /mypage/account)", () => {
  it("changes the e-mail address (pending its confirmation) and says so", async () => {
    const member = await shop.memberSession();
    const response = await postForm(
      shop.app,
      "/mypage/account",
      { intent: "email", email: "new-address@example.com", current_password: member.password },
      { session: member },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/mypage/account?updated=email");
    const page = await shop.app.inject({ method: "GET", url: "/mypage/account?updated=email", headers: { cookie: member.cookie } });
    expect(visibleText(page.body)).toContain("アカウント情報を変更しました。");
    expect(visibleText(page.body)).toContain("new-address@example.com の確認待ちです。");
  });

  for (const locale of ["ja", "en"] as const) {
    it(`answers a wrong current password under its field (${locale}), never echoing a password`, async () => {
      const member = await shop.memberSession();
      const api = await shop.app.inject({
        method: "PUT",
        url: `/${locale}/api/users`,
        headers: member.headers,
        payload: { api_user: { password: "new password 123", password_confirmation: "new password 123", current_password: "wrong one" } },
      });
      expect(api.statusCode).toBe(422);
      const response = await postForm(
        shop.app,
        "/mypage/account",
        { intent: "password", password: "new password 123", password_confirmation: "new password 123", current_password: "wrong one" },
        { session: member, locale },
      );
      expect(response.statusCode).toBe(422);
      for (const each of api.json().fields.current_password as string[]) expect(visibleText(response.body)).toContain(each);
      expect(response.body).not.toContain("new password 123");
      expect(response.body).not.toContain("wrong one");
    });
  }

  it("cancels the account only with its box ticked, then the top page as a guest, saying so (ja/en)", async () => {
    const member = await shop.memberSession();
    const unticked = await postForm(shop.app, "/mypage/account", { intent: "cancel", current_password: member.password }, { session: member, locale: "en" });
    expect(unticked.statusCode).toBe(422);
    expect(visibleText(unticked.body)).toContain("To cancel your account, tick the box to confirm.");
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(200);
    const cancelled = await postForm(shop.app, "/mypage/account", { intent: "cancel", confirmed: "1", current_password: member.password }, { session: member });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe("/?cancelled=1");
    const guest = shop.sessionFrom(cancelled);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: guest.cookie } })).statusCode).toBe(401);
    for (const [locale, text] of [
      ["ja", "アカウントを削除しました。"],
      ["en", "Your account has been successfully cancelled."],
    ] as const) {
      const top = await shop.app.inject({ method: "GET", url: "/?cancelled=1", headers: { cookie: `${guest.cookie}; locale=${locale}` } });
      expect(top.statusCode).toBe(200);
      expect(visibleText(top.body)).toContain(text);
    }
    // The bare top page says nothing of it.
    expect(visibleText((await shop.app.inject({ method: "GET", url: "/", headers: { cookie: guest.cookie } })).body)).not.toContain(
      "アカウントを削除しました。",
    );
    const signIn = await shop.signIn(member);
    expect(signIn.statusCode).toBe(401);
  });
});

describe("Log Out without JavaScript (POST /logout)", () => {
  it("signs the member out and goes to the top page with a new session", async () => {
    const member = await shop.memberSession();
    const page = await shop.app.inject({ method: "GET", url: "/mypage", headers: { cookie: member.cookie } });
    expect(page.body).toContain('action="/logout"');
    const response = await postForm(shop.app, "/logout", {}, { session: member });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
    expect(shop.sessionFrom(response).cookie).not.toBe(member.cookie);
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(401);
  });

  it("refuses a post without the member's token (a forged sign-out), and a GET only goes to the top page", async () => {
    const member = await shop.memberSession();
    const forged = await postForm(shop.app, "/logout", { intent: "logout" }, { session: member, csrf: null });
    expect(forged.statusCode).toBe(403);
    // An empty post (no token, no field) is not read at all.
    expect((await postForm(shop.app, "/logout", {}, { session: member, csrf: null })).statusCode).toBe(400);
    const get = await shop.app.inject({ method: "GET", url: "/logout", headers: { cookie: member.cookie } });
    expect([302, 303]).toContain(get.statusCode);
    expect(get.headers.location).toBe("/");
    expect((await shop.app.inject({ method: "GET", url: "/api/users", headers: { cookie: member.cookie } })).statusCode).toBe(200);
  });
});
