import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inquiriesTable } from "../db/schema/inquiries.ts";
import { mailOutboxTable } from "../db/schema/mail.ts";
import { RATE_LIMITS } from "../http/rate-limit.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Many posts from one address: the limit itself is tested on an app of its own below.
const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "50" });
const SHOP_EMAIL = "info@kura-shuho.example";

function uniqueEmail(): string {
  return `guest-${crypto.randomUUID()}@example.com`;
}

function valid(overrides: Record<string, unknown> = {}) {
  return {
    name: "山田 太郎",
    email: uniqueEmail(),
    subject: "ギフト包装について",
    message: "赤ワインを2本、ギフト包装でお願いできますか。\n熨斗も付けられますか。",
    ...overrides,
  };
}

async function post(payload: unknown, options: { locale?: string; session?: BrowserSession; target?: TestApp } = {}) {
  const target = options.target ?? shop;
  return target.app.inject({
    method: "POST",
    url: options.locale ? `/${options.locale}/api/inquiries` : "/api/inquiries",
    headers: (options.session ?? target.browserSession()).headers,
    payload: payload as Record<string, unknown>,
  });
}

async function stored(email: string) {
  return shop.database.db.select().from(inquiriesTable).where(eq(inquiriesTable.email, email));
}

async function counts() {
  const [inquiries] = await shop.database.db.select({ n: count() }).from(inquiriesTable);
  const [mails] = await shop.database.db.select({ n: count() }).from(mailOutboxTable);
  return { inquiries: inquiries!.n, mails: mails!.n };
}

describe("POST /api/inquiries", () => {
  it("stores the inquiry and mails the shop every field and the sender an acknowledgement in Japanese", async () => {
    const input = valid();
    const response = await post(input, { locale: "ja" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe("お問い合わせを受け付けました。確認のメールをお送りしました。");
    expect(body.data).toMatchObject({ name: input.name, email: input.email, subject: input.subject, message: input.message });

    const [row] = await stored(input.email);
    expect(row).toMatchObject({ name: input.name, subject: input.subject, message: input.message, locale: "ja", userId: null });

    const notification = (await shop.mailsTo(SHOP_EMAIL)).find((mail) => mail.text.includes(input.email));
    expect(notification, "the shop's notification").toBeDefined();
    expect(notification!.subject).toBe(`【お問い合わせ】${input.subject}(#${row!.id})`);
    for (const line of [`お名前: ${input.name}`, `メールアドレス: ${input.email}`, `件名: ${input.subject}`, "ご利用言語: 日本語", "会員: ゲスト"]) {
      expect(notification!.text).toContain(line);
    }
    expect(notification!.text).toContain(`お問い合わせ内容: ${input.message}`);

    const [acknowledgement] = await shop.mailsTo(input.email);
    expect(acknowledgement!.subject).toBe(`お問い合わせを受け付けました(#${row!.id})`);
    expect(acknowledgement!.text).toContain("山田 太郎 様");
    expect(acknowledgement!.text).toContain(input.message);
    // The shop profile's hours and phone, so another trader's mail says theirs.
    expect(acknowledgement!.text).toContain("平日 10:00〜18:00(土日祝日を除く)に順次ご返信いたします");
    expect(acknowledgement!.text).toContain("電話番号: 03-5829-4410\n受付時間: 平日 10:00〜17:00(土曜・日曜・祝日を除く)");
    // The message keeps its line break in HTML, escaped.
    expect(acknowledgement!.html).toContain("赤ワインを2本、ギフト包装でお願いできますか。<br>熨斗も付けられますか。");
  });

  it("acknowledges in English under /en/api and accepts the fields nested under `inquiry`", async () => {
    const input = valid({ name: "Jane Doe", subject: "Opening hours", message: "Can I pick up an order at the shop?" });
    const response = await post({ inquiry: input }, { locale: "en" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Thank you, we have received your inquiry and sent you a confirmation email.");
    expect((await stored(input.email))[0]!.locale).toBe("en");
    const [acknowledgement] = await shop.mailsTo(input.email);
    expect(acknowledgement!.subject).toMatch(/^We have received your inquiry \(#\d+\)$/);
    expect(acknowledgement!.text).toContain("Dear Jane Doe,");
    expect(acknowledgement!.text).toContain("Message: Can I pick up an order at the shop?");
    expect(acknowledgement!.text).toContain("Weekdays 10:00–18:00 (excluding weekends and public holidays)");
    expect(acknowledgement!.text).toContain("Phone: 03-5829-4410\nHours: Weekdays 10:00–17:00 (closed Saturdays, Sundays and public holidays)");
    // The shop's notification stays in Japanese and says which language to answer in.
    const notification = (await shop.mailsTo(SHOP_EMAIL)).find((mail) => mail.text.includes(input.email));
    expect(notification!.text).toContain("ご利用言語: English");
  });

  it("stores the member's id when signed in", async () => {
    const member = await shop.memberSession();
    const input = valid({ email: member.email });
    expect((await post(input, { session: member })).statusCode).toBe(201);
    const [row] = await stored(member.email);
    expect(row!.userId).toBe(member.user.id);
    const notification = (await shop.mailsTo(SHOP_EMAIL)).find((mail) => mail.text.includes(member.email));
    expect(notification!.text).toContain(`会員: 会員ID ${member.user.id}`);
  });

  it("answers 422 with a Japanese message per field and stores and mails nothing", async () => {
    const before = await counts();
    const response = await post({}, { locale: "ja" });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.fields).toEqual({
      name: ["お名前を入力してください"],
      email: ["メールアドレスを入力してください"],
      subject: ["件名を入力してください"],
      message: ["お問い合わせ内容を入力してください"],
    });
    expect(body.errors).toEqual([
      "お名前を入力してください",
      "メールアドレスを入力してください",
      "件名を入力してください",
      "お問い合わせ内容を入力してください",
    ]);
    expect(await counts()).toEqual(before);
  });

  it("answers 422 in English for blank-looking, too long and malformed values", async () => {
    const before = await counts();
    const input = valid({ name: "   ", email: "wine-at-example.com", subject: "s".repeat(201), message: "m".repeat(5001) });
    const response = await post(input, { locale: "en" });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      name: ["Name can't be blank"],
      email: ["Email is invalid"],
      subject: ["Subject is too long (maximum is 200 characters)"],
      message: ["Message is too long (maximum is 5000 characters)"],
    });
    expect((await post(valid({ name: "n".repeat(101) }), { locale: "ja" })).json().fields).toEqual({
      name: ["お名前は100文字以内で入力してください"],
    });
    expect(await stored(input.email)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("counts characters, not bytes: the limits themselves are accepted", async () => {
    const input = valid({ name: "葡".repeat(100), subject: "🍷".repeat(200), message: "酒".repeat(5000) });
    expect((await post(input)).statusCode).toBe(201);
    expect((await stored(input.email))[0]!.subject).toBe("🍷".repeat(200));
  });

  it("keeps a crafted line break out of the one-line fields", async () => {
    const input = valid({ subject: "Hello\r\nBcc: someone@example.com" });
    expect((await post(input)).statusCode).toBe(201);
    expect((await stored(input.email))[0]!.subject).toBe("Hello Bcc: someone@example.com");
  });

  it("takes the order number as printed or as heard (optional), keeps the public id and shows it to the shop and the back office", async () => {
    const input = valid({ order_number: " ７ｋ３ｍ－ｑ９ｘａ－２ｂｃｄ " });
    expect((await post(input, { locale: "ja" })).statusCode).toBe(201);
    const [row] = await stored(input.email);
    expect(row!.orderNumber).toBe("7K3MQ9XA2BCD");
    const notification = (await shop.mailsTo(SHOP_EMAIL)).find((mail) => mail.text.includes(input.email));
    expect(notification!.text).toContain("ご注文番号: 7K3M-Q9XA-2BCD");
    const [acknowledgement] = await shop.mailsTo(input.email);
    expect(acknowledgement!.text).toContain("ご注文番号: 7K3M-Q9XA-2BCD");
    const staff = await staffSession(shop);
    const detail = await shop.app.inject({ method: "GET", url: `/admin/api/inquiries/${row!.id}`, headers: staff.headers });
    expect(detail.json().data.order_number).toBe("7K3MQ9XA2BCD");
    // Left empty, it is no order: nothing stored, no line in the mails.
    const without = valid();
    expect((await post(without)).statusCode).toBe(201);
    expect((await stored(without.email))[0]!.orderNumber).toBeNull();
    expect((await shop.mailsTo(without.email))[0]!.text).not.toContain("ご注文番号");
  });

  it("refuses an order number that cannot be one, in ja and en, and stores nothing", async () => {
    const before = await counts();
    const ja = await post(valid({ order_number: "12345" }), { locale: "ja" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({ order_number: ["ご注文番号は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください"] });
    const en = await post(valid({ order_number: "7K3M-Q9XA-2BC!" }), { locale: "en" });
    expect(en.json().fields).toEqual({ order_number: ["Order number must be 12 letters and digits, like 7K3M-Q9XA-2BCD"] });
    expect(await counts()).toEqual(before);
  });

  it("refuses a post without the CSRF header (403) and stores nothing", async () => {
    const input = valid();
    const session = shop.browserSession();
    const response = await shop.app.inject({ method: "POST", url: "/api/inquiries", headers: { cookie: session.cookie }, payload: input });
    expect(response.statusCode).toBe(403);
    expect(await stored(input.email)).toEqual([]);
  });
});

describe("inquiry rate limit", () => {
  const limited = testAppFixture();

  it("answers 429 with a message once the limit is reached, and stores nothing more", async () => {
    for (let i = 0; i < RATE_LIMITS.inquiry.max; i++) {
      expect((await post(valid(), { target: limited })).statusCode).toBe(201);
    }
    const input = valid();
    const response = await post(input, { target: limited, locale: "en" });
    expect(response.statusCode).toBe(429);
    expect(response.json().errors).toEqual(["Too many requests. Please wait a moment and try again."]);
    const rows = await limited.database.db.select().from(inquiriesTable).where(eq(inquiriesTable.email, input.email));
    expect(rows).toEqual([]);
  });
});
