import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { message } from "../i18n/messages.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// My Page's forms posted without JavaScript (decision 057): the page's action runs the API route
// its script calls, as the member, and answers a 303 or the page again with the API's messages.
// Pages come from the production build.

let shop: TestApp;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  shop = await createTestApp({}, undefined, { pages: "production" });
}, 900_000);

afterAll(async () => {
  await shop?.close();
});

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
      const api = await shop.app.inject({ method: "PUT", url: `/${locale}/api/users`, headers: member.headers, payload: { api_user: { user_name: "x", tel: "abc" } } });
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
