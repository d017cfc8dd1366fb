import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { magazineSubscribersTable } from "../db/schema/magazine.ts";
import { RATE_LIMITS } from "../http/rate-limit.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { linkInMail } from "../testing/mail-links.ts";

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "50" });

function uniqueEmail(): string {
  return `reader-${crypto.randomUUID()}@example.com`;
}

async function register(email: unknown, options: { locale?: string; consent?: unknown; session?: BrowserSession; target?: TestApp } = {}) {
  const target = options.target ?? shop;
  return target.app.inject({
    method: "POST",
    url: `/${options.locale ?? "ja"}/api/magazine/subscriptions`,
    headers: (options.session ?? target.browserSession()).headers,
    payload: { email, consent: "consent" in options ? options.consent : true },
  });
}

async function subscriber(email: string) {
  const [row] = await shop.database.db.select().from(magazineSubscribersTable).where(eq(magazineSubscribersTable.email, email));
  return row;
}

/** Path and query of the first link in the newest mail to `to` that contains `fragment`. */
function linkFrom(to: string, fragment: string): Promise<string> {
  return linkInMail(shop, to, fragment);
}

async function follow(path: string) {
  return shop.app.inject({ method: "GET", url: path });
}

/** Unsubscribes with the token of the mail's unsubscribe link, as the page's button does. */
async function unsubscribeVia(link: string, session = shop.browserSession()) {
  const token = new URL(link, "http://shop.test").searchParams.get("token")!;
  return shop.app.inject({ method: "POST", url: "/api/magazine/unsubscribe", headers: session.headers, payload: { token } });
}

async function confirmedSubscriber(locale = "ja") {
  const email = uniqueEmail();
  expect((await register(email, { locale })).statusCode).toBe(202);
  expect((await follow(await linkFrom(email, "magazine/confirm"))).headers.location).toBe("/locale/" + locale + "?to=%2Fmagazine%2Fconfirmed");
  return email;
}

describe("sign-up with double opt-in", () => {
  it("mails a confirmation link; following it records the consent and lands on the confirmed page", async () => {
    const email = uniqueEmail();
    const response = await register(email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe("確認メールをお送りしました。メール内のリンクから登録を完了してください(リンクの有効期限は3日間です)。");
    expect(await subscriber(email)).toMatchObject({ locale: "ja", consentedAt: null, unsubscribedAt: null });

    const [mail] = await shop.mailsTo(email);
    expect(mail!.subject).toBe("【酒舗 蔵】メールマガジン登録の確認");
    expect(mail!.text).toContain("登録を完了する: http://localhost:3000/ja/api/magazine/confirm?token=");
    // The confirmation mail carries the unsubscribe link too.
    expect(mail!.text).toContain("配信停止の手続き: http://localhost:3000/ja/api/magazine/unsubscribe?token=");
    expect(mail!.html).toContain(">配信停止の手続き</a>");

    const confirm = await follow(await linkFrom(email, "magazine/confirm"));
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe("/locale/ja?to=%2Fmagazine%2Fconfirmed");
    const row = await subscriber(email);
    expect(row!.consentedAt).toBeInstanceOf(Date);
    expect(Date.now() - row!.consentedAt!.getTime()).toBeLessThan(60_000);

    // A link works once.
    const again = await follow(await linkFrom(email, "magazine/confirm"));
    expect(again.headers.location).toBe("/locale/ja?to=%2Fmagazine%2Fregister%3Ferror%3Dinvalid");
  });

  it("answers the same for a new, a pending and an already subscribed address (no enumeration)", async () => {
    const subscribed = await confirmedSubscriber();
    const pending = uniqueEmail();
    await register(pending);
    const answers = await Promise.all([register(uniqueEmail()), register(pending), register(subscribed)]);
    const shapes = answers.map((answer) => [answer.statusCode, answer.body]);
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1);
    // Nobody is mailed about an address that is already subscribed.
    expect((await shop.mailsTo(subscribed)).filter((mail) => mail.subject === "【酒舗 蔵】メールマガジン登録の確認")).toHaveLength(1);
    expect((await subscriber(subscribed))!.consentedAt).not.toBeNull();
  });

  it("sends a new link when asked again; only the newest works", async () => {
    const email = uniqueEmail();
    await register(email);
    const first = await linkFrom(email, "magazine/confirm");
    await register(email, { locale: "en" });
    const [mail] = await shop.mailsTo(email);
    expect(mail!.subject).toBe("Please confirm your mail magazine subscription – Kura Wine & Spirits");
    expect(mail!.text).toContain("Unsubscribe: http://localhost:3000/en/api/magazine/unsubscribe?token=");
    expect((await follow(first)).headers.location).toContain("error%3Dinvalid");
    expect((await follow(await linkFrom(email, "magazine/confirm"))).headers.location).toBe("/locale/en?to=%2Fmagazine%2Fconfirmed");
  });

  it("expires confirmation links after 3 days", async () => {
    const email = uniqueEmail();
    await register(email);
    const link = await linkFrom(email, "magazine/confirm");
    await shop.database.db
      .update(magazineSubscribersTable)
      .set({ confirmSentAt: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
      .where(eq(magazineSubscribersTable.email, email));
    expect((await follow(link)).headers.location).toBe("/locale/ja?to=%2Fmagazine%2Fregister%3Ferror%3Dexpired");
    expect((await subscriber(email))!.consentedAt).toBeNull();
    expect((await follow("/api/magazine/confirm?token=made-up")).headers.location).toContain("error%3Dinvalid");
    expect((await follow("/api/magazine/confirm")).headers.location).toContain("error%3Dinvalid");
  });

  it("answers 422 per field in Japanese and English for a bad address or missing consent", async () => {
    const ja = await register("", { consent: false });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ email: ["メールアドレスを入力してください"], consent: ["プライバシーポリシーを受諾してください"] });
    const email = "not-an-address";
    const en = await register(email, { locale: "en", consent: undefined });
    expect(en.json().fields).toEqual({ email: ["Email is invalid"], consent: ["Privacy policy must be accepted"] });
    expect(await subscriber(email)).toBeUndefined();
  });

  it("refuses a sign-up without the CSRF header", async () => {
    const email = uniqueEmail();
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/magazine/subscriptions",
      headers: { cookie: shop.browserSession().cookie },
      payload: { email, consent: true },
    });
    expect(response.statusCode).toBe(403);
    expect(await subscriber(email)).toBeUndefined();
  });
});

describe("unsubscribe", () => {
  it("the mail's link opens the page in the mail's language; its button stops the magazine", async () => {
    const email = await confirmedSubscriber("en");
    const link = await linkFrom(email, "magazine/unsubscribe");
    const landing = await follow(link);
    expect(landing.statusCode).toBe(302);
    const token = new URL(link, "http://shop.test").searchParams.get("token")!;
    expect(landing.headers.location).toBe(`/locale/en?to=${encodeURIComponent(`/magazine/unsubscribe?token=${token}`)}`);
    // Following the link alone changes nothing (mail scanners follow links).
    expect((await subscriber(email))!.unsubscribedAt).toBeNull();

    const response = await unsubscribeVia(link);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: "unsubscribed" }, message: "メールマガジンの配信を停止しました。" });
    const stopped = (await subscriber(email))!.unsubscribedAt;
    expect(stopped).toBeInstanceOf(Date);
    // Pressing it twice keeps the first time.
    expect((await unsubscribeVia(link)).statusCode).toBe(200);
    expect((await subscriber(email))!.unsubscribedAt).toEqual(stopped);
  });

  it("refuses a forged or altered token", async () => {
    const email = await confirmedSubscriber();
    const row = (await subscriber(email))!;
    const link = await linkFrom(email, "magazine/unsubscribe");
    const token = new URL(link, "http://shop.test").searchParams.get("token")!;
    const other = token.replace(/^\d+\./, `${row.id + 1}.`);
    for (const forged of [other, `${row.id}.${"A".repeat(43)}`, String(row.id), ""]) {
      const response = await shop.app.inject({
        method: "POST",
        url: "/en/api/magazine/unsubscribe",
        headers: shop.browserSession().headers,
        payload: { token: forged },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(["This link is not valid. Please check the link in the email again."]);
    }
    expect((await subscriber(email))!.unsubscribedAt).toBeNull();
  });

  it("allows a new double opt-in after unsubscribing, and voids a pending link on unsubscribe", async () => {
    const email = await confirmedSubscriber();
    const firstConsent = (await subscriber(email))!.consentedAt!;
    await unsubscribeVia(await linkFrom(email, "magazine/unsubscribe"));

    await register(email);
    // Still unsubscribed until the new link is followed.
    expect((await subscriber(email))!.unsubscribedAt).not.toBeNull();
    await follow(await linkFrom(email, "magazine/confirm"));
    const back = (await subscriber(email))!;
    expect(back.unsubscribedAt).toBeNull();
    expect(back.consentedAt!.getTime()).toBeGreaterThan(firstConsent.getTime());

    // A confirmation link still in the inbox cannot undo a later unsubscribe.
    await unsubscribeVia(await linkFrom(email, "magazine/unsubscribe"));
    await register(email);
    const pendingLink = await linkFrom(email, "magazine/confirm");
    await unsubscribeVia(await linkFrom(email, "magazine/unsubscribe"));
    expect((await follow(pendingLink)).headers.location).toContain("error%3Dinvalid");
    expect((await subscriber(email))!.unsubscribedAt).not.toBeNull();
  });

  it("every magazine issue ends with the subscriber's own unsubscribe link", async () => {
    const email = await confirmedSubscriber("en");
    const row = (await subscriber(email))!;
    const issue = await shop.app.services.magazine.issueMail(row, "Autumn arrivals", { paragraphs: ["New Beaujolais is in."] });
    const url = shop.app.services.magazine.unsubscribeUrl(row);
    expect(issue.text).toContain(`Unsubscribe: ${url}`);
    expect(issue.html).toContain(`href="${url}"`);
    const footer = shop.app.services.magazine.magazineFooter(row, "ja");
    expect(footer.text).toContain(`配信停止の手続き: ${url}`);
  });
});

describe("My Page subscription", () => {
  it("is for members only", async () => {
    const guest = shop.browserSession();
    expect((await shop.app.inject({ method: "GET", url: "/api/magazine/subscription", headers: guest.headers })).statusCode).toBe(401);
    const put = await shop.app.inject({ method: "PUT", url: "/api/magazine/subscription", headers: guest.headers, payload: { subscribed: true } });
    expect(put.statusCode).toBe(401);
  });

  it("subscribes the member's confirmed address at once and unsubscribes it again", async () => {
    const member = await shop.memberSession();
    const get = () => shop.app.inject({ method: "GET", url: "/api/magazine/subscription", headers: member.headers });
    const put = (subscribed: boolean) =>
      shop.app.inject({ method: "PUT", url: "/en/api/magazine/subscription", headers: member.headers, payload: { subscribed } });

    expect((await get()).json().data).toEqual({ email: member.email, status: "none" });
    const on = await put(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { email: member.email, status: "subscribed" }, message: "You are now subscribed to the mail magazine." });
    expect(await subscriber(member.email)).toMatchObject({ userId: member.user.id, locale: "en", unsubscribedAt: null });
    expect((await subscriber(member.email))!.consentedAt).toBeInstanceOf(Date);
    // No second opt-in: no confirmation mail.
    expect(await shop.mailsTo(member.email)).toEqual([]);

    expect((await put(false)).json().data.status).toBe("unsubscribed");
    expect((await get()).json().data.status).toBe("unsubscribed");
    expect((await put(true)).json().data.status).toBe("subscribed");
  });

  it("shows a pending sign-up from the form as pending, and rejects a malformed body", async () => {
    const member = await shop.memberSession();
    await register(member.email, { session: member });
    const data = (await shop.app.inject({ method: "GET", url: "/api/magazine/subscription", headers: member.headers })).json().data;
    expect(data.status).toBe("pending");
    expect((await subscriber(member.email))!.userId).toBe(member.user.id);
    const bad = await shop.app.inject({ method: "PUT", url: "/api/magazine/subscription", headers: member.headers, payload: { subscribed: "yes" } });
    expect(bad.statusCode).toBe(422);
  });
});

describe("subscribers({ status }) for the back office", () => {
  it("lists subscribers by status with their consent time", async () => {
    const active = await confirmedSubscriber();
    const pending = uniqueEmail();
    await register(pending);
    const gone = await confirmedSubscriber();
    await unsubscribeVia(await linkFrom(gone, "magazine/unsubscribe"));

    const magazine = shop.app.services.magazine;
    const emailsOf = async (status: Parameters<typeof magazine.subscribers>[0]) => (await magazine.subscribers(status)).map((row) => row.email);
    expect(await emailsOf({ status: "subscribed" })).toContain(active);
    expect(await emailsOf({ status: "subscribed" })).not.toContain(pending);
    expect(await emailsOf({ status: "subscribed" })).not.toContain(gone);
    expect(await emailsOf({ status: "pending" })).toContain(pending);
    expect(await emailsOf({ status: "pending" })).not.toContain(active);
    expect(await emailsOf({ status: "unsubscribed" })).toEqual(expect.arrayContaining([gone]));
    expect(await emailsOf({ status: "unsubscribed" })).not.toContain(active);
    const all = await magazine.subscribers();
    expect(all.map((row) => row.email)).toEqual(expect.arrayContaining([active, pending, gone]));
    const activeRow = all.find((row) => row.email === active)!;
    expect(activeRow).toMatchObject({ status: "subscribed", locale: "ja", unsubscribedAt: null });
    expect(activeRow.consentedAt).toBeInstanceOf(Date);
  });
});

describe("sign-up rate limit", () => {
  const limited = testAppFixture();

  it("answers 429 once the limit is reached", async () => {
    for (let i = 0; i < RATE_LIMITS.magazine.max; i++) {
      expect((await register(uniqueEmail(), { target: limited })).statusCode).toBe(202);
    }
    const response = await register(uniqueEmail(), { target: limited });
    expect(response.statusCode).toBe(429);
    expect(response.json().errors).toEqual(["リクエストが多すぎます。しばらくしてからもう一度お試しください。"]);
  });
});
