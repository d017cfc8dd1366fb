import net from "node:net";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { SMTPServer } from "smtp-server";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutboxTable, mailboxTable } from "../db/schema/mail.ts";
import { readShopProfileFile } from "../shop/shop-profile.service.ts";
import type { TestApp } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { createTestApp, testAppFixture } from "../testing/test-app.ts";
import { testTime } from "../testing/test-time.ts";
import type { MailContent } from "./mail-layout.ts";
import { composeMail, shopSubject } from "./mail-layout.ts";
import type { MailLog } from "./mail.service.ts";
import { MailService, describeFailure, retryDelaySeconds } from "./mail.service.ts";
import { MailboxService, linksIn } from "./mailbox.service.ts";

const shop = readShopProfileFile("config/shop-profile.json");
const PUBLIC_URL = "https://kura.example";

function content(subject: string, text = "Hello", html = "<p>Hello</p>"): MailContent {
  return { subject, text, html };
}

async function outboxRow(app: TestApp, subject: string) {
  const [row] = await app.database.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.subject, subject));
  return row;
}

/**
 * A local SMTP server: records what it receives, or rejects every message when told to. With
 * `hold`, it keeps each message's answer back until `release()`, so a test sees what happens while
 * the mail server is still busy with the message, however slow the machine.
 */
async function startSmtpServer(options: { reject?: boolean; hold?: boolean } = {}) {
  const received: { mailFrom: string; rcptTo: string[]; user: string | undefined; raw: string }[] = [];
  let release!: () => void;
  const released = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  let answered = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "shop" && auth.password === "s3cret") return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void released.then(() => {
          answered += 1;
          if (options.reject) {
            const rcpt = session.envelope.rcptTo.map((each) => each.address).join(", ");
            return callback(Object.assign(new Error(`Mailbox of ${rcpt} is busy, try later`), { responseCode: 451 }));
          }
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((each) => each.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    /** How many messages the server has answered (accepted or refused). */
    answered: () => answered,
    release: () => release?.(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Unfolds the headers of a raw message and decodes UTF-8 encoded words (RFC 2047). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, "?==?") // whitespace between two encoded words is not part of the text
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

describe("composeMail", () => {
  const body = {
    greeting: "山田 太郎 様",
    paragraphs: ["ご注文ありがとうございます。\n2行目です。", "<script>alert('x')</script> & more"],
    details: [{ label: "注文番号", value: "#1001 <b>" }],
    action: { label: "注文を確認する", url: "https://kura.example/mypage/orders?a=1&b=2" },
    note: "このリンクの有効期限は3日間です。",
  };

  it("lays out a Japanese mail in text with the shop profile's signature", () => {
    const mail = composeMail(shop, "ja", PUBLIC_URL, "ご注文の確認", body);
    expect(mail.subject).toBe("ご注文の確認");
    expect(mail.text).toContain("山田 太郎 様\n\nご注文ありがとうございます。\n2行目です。\n\n<script>alert('x')</script> & more");
    expect(mail.text).toContain("注文番号: #1001 <b>");
    expect(mail.text).toContain("注文を確認する: https://kura.example/mypage/orders?a=1&b=2\n\nこのリンクの有効期限は3日間です。");
    for (const part of [
      "酒舗 蔵",
      "株式会社蔵前酒舗",
      "〒111-0051 東京都台東区蔵前3丁目14番7号 蔵前ビル1階",
      "TEL: 03-5829-4410",
      "メールアドレス: info@kura-shuho.example",
      "URL: https://kura.example/",
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).toContain("このメールは酒舗 蔵から自動送信されています。");
    expect(mail.text).not.toContain("Kura Wine & Spirits");
  });

  it("lays out a Japanese mail in HTML, escaping every text and keeping line breaks", () => {
    const { html } = composeMail(shop, "ja", PUBLIC_URL, "ご注文 <確認>", body);
    expect(html).toMatch(/^<!doctype html>\n<html lang="ja">/);
    expect(html).toContain("<title>ご注文 &lt;確認&gt;</title>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more");
    expect(html).toContain("ご注文ありがとうございます。<br>2行目です。");
    expect(html).toContain("#1001 &lt;b&gt;");
    expect(html).toContain('href="https://kura.example/mypage/orders?a=1&amp;b=2"');
    expect(html).toContain(">注文を確認する</a>");
    expect(html).toContain('href="mailto:info@kura-shuho.example"');
    expect(html).toContain('href="https://kura.example/"');
    for (const part of ["酒舗 蔵", "株式会社蔵前酒舗", "〒111-0051 東京都台東区蔵前3丁目14番7号 蔵前ビル1階", "03-5829-4410"]) {
      expect(html).toContain(part);
    }
    // Mail clients drop <style> blocks: the layout is inline styles only.
    expect(html).not.toMatch(/<style|<link/);
  });

  it("lays out an English mail with the English shop profile", () => {
    const mail = composeMail(shop, "en", PUBLIC_URL, "Your order", {
      greeting: "Dear Taro Yamada,",
      paragraphs: ["Thank you for your order."],
      action: { label: "View your order", url: "https://kura.example/mypage/orders" },
    });
    expect(mail.text).toContain("Dear Taro Yamada,\n\nThank you for your order.\n\nView your order: https://kura.example/mypage/orders");
    for (const part of ["Kura Wine &amp; Spirits", "Kuramae Shuho Co., Ltd.", "Kuramae Bldg. 1F, 3-14-7 Kuramae, Taito-ku, Tokyo 111-0051, Japan"]) {
      expect(mail.html).toContain(part);
    }
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain("This email was sent automatically by Kura Wine & Spirits.");
    expect(mail.text).toContain("Tel: 03-5829-4410");
    expect(mail.text).not.toContain("酒舗");
  });

  it("names the URL line, not a button, in the text mail; the HTML keeps its button", () => {
    const mail = composeMail(shop, "ja", PUBLIC_URL, "x", {
      paragraphs: ["以下のボタンからメールアドレスの確認を完了してください。"],
      action: { label: "メールアドレスを確認する", url: "https://kura.example/confirm" },
      note: "お心当たりのない場合は、上のボタンからすぐにパスワードを再設定してください。",
    });
    expect(mail.text).toContain("以下のURLからメールアドレスの確認を完了してください。");
    expect(mail.text).toContain("上のURLからすぐにパスワードを再設定してください。");
    expect(mail.text).not.toContain("ボタン");
    expect(mail.html).toContain("以下のボタンから");
    const en = composeMail(shop, "en", PUBLIC_URL, "x", {
      paragraphs: ["Confirm it through the button below."],
      action: { label: "Confirm", url: "https://kura.example/confirm" },
    });
    expect(en.text).toContain("Confirm it through the link below.");
  });

  it("puts the shop's name in a subject as the order mails do", () => {
    expect(shopSubject(shop, "ja", "メールアドレス確認メール")).toBe("【酒舗 蔵】メールアドレス確認メール");
    expect(shopSubject(shop, "en", "Confirmation instructions")).toBe("Confirmation instructions – Kura Wine & Spirits");
  });

  it("refuses an action that is not a web address", () => {
    expect(() => composeMail(shop, "en", PUBLIC_URL, "x", { paragraphs: [], action: { label: "x", url: "javascript:alert(1)" } })).toThrow(/http/);
  });
});

describe("retry schedule and failure reasons", () => {
  it("backs off exponentially from 30 s and caps at an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it("keeps addresses, links and tokens out of the stored reason", () => {
    const error = Object.assign(new Error("550 <taro@example.com>: rejected, see https://x.example/t?token=abc and token Zm9vYmFyYmF6cXV1eGZvb2JhcmJheg"), {
      code: "EENVELOPE",
      responseCode: 550,
    });
    const reason = describeFailure(error);
    expect(reason).toMatch(/^EENVELOPE 550: /);
    expect(reason).not.toMatch(/taro|example|token=|Zm9vYmFy/);
  });
});

describe("outbox with the built-in mailbox", () => {
  const app = testAppFixture();

  it("sends nothing for a transaction that rolled back", async () => {
    const { db } = app.database;
    await expect(
      db.transaction(async (tx) => {
        await app.app.services.mail.enqueue(tx, "rollback@example.com", content("Rolled back"));
        tx.rollback();
      }),
    ).rejects.toThrow();
    await app.app.services.mail.flush();
    expect(await app.app.services.mailbox.list({ to: "rollback@example.com" })).toEqual([]);
    expect(await outboxRow(app, "Rolled back")).toBeUndefined();
  });

  it("delivers a committed mail to the mailbox on flush, from the shop's name and address", async () => {
    const { db } = app.database;
    const mail = composeMail(shop, "ja", PUBLIC_URL, "会員登録のご確認", {
      paragraphs: ["以下のリンクから確認してください。"],
      action: { label: "確認する", url: "https://kura.example/confirm?token=abc" },
    });
    await db.transaction(async (tx) => app.app.services.mail.enqueue(tx, "Hanako@Example.com", mail));
    expect(await app.app.services.mailbox.list({ to: "hanako@example.com" })).toEqual([]); // queued, not sent inline
    await app.app.services.mail.flush();
    const [message, ...others] = await app.app.services.mailbox.list({ to: "hanako@example.com" });
    expect(others).toEqual([]);
    // The mailbox keeps the envelope address, as an SMTP server would see it (domain lower-cased).
    expect(message).toMatchObject({ to: "Hanako@example.com", from: "酒舗 蔵 <info@kura-shuho.example>", ...mail });
    expect(linksIn(message!)).toContain("https://kura.example/confirm?token=abc");
    expect(await app.app.services.mailbox.find(message!.id)).toEqual(message);
    const row = await outboxRow(app, "会員登録のご確認");
    expect(row).toMatchObject({ attempts: 1, failed: false, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("sends after kick() without anyone waiting for it", async () => {
    await app.app.services.mail.enqueue(app.database.db, "kick@example.com", content("Kicked"));
    app.app.services.mail.kick();
    await expect.poll(async () => (await app.app.services.mailbox.list({ to: "kick@example.com" })).length, { timeout: testTime(30_000) }).toBe(1);
  });

  it("lists the newest first and honours the limit", async () => {
    for (const subject of ["First", "Second", "Third"]) {
      await app.app.services.mail.enqueue(app.database.db, "order@example.com", content(subject));
      await app.app.services.mail.flush();
    }
    const all = await app.app.services.mailbox.list({ to: "order@example.com" });
    expect(all.map((each) => each.subject)).toEqual(["Third", "Second", "First"]);
    expect((await app.app.services.mailbox.list({ to: "order@example.com", limit: 1 })).map((each) => each.subject)).toEqual(["Third"]);
  });

  it("sends each mail once when two workers (as two processes would) flush at the same time", async () => {
    const { db } = app.database;
    const subjects = Array.from({ length: 25 }, (_, index) => `Parallel ${index}`);
    for (const subject of subjects) await app.app.services.mail.enqueue(db, "parallel@example.com", content(subject));
    const other = new MailService({ db, shopProfiles: app.app.services.shopProfiles, mailbox: new MailboxService(db), log: silentLog() });
    await Promise.all([app.app.services.mail.flush(), other.flush(), app.app.services.mail.flush()]);
    await other.stop();
    const delivered = await app.app.services.mailbox.list({ to: "parallel@example.com" });
    expect(delivered.map((each) => each.subject).sort()).toEqual([...subjects].sort());
  });

  it("logs one line per mail with its outbox id only", async () => {
    const { db } = app.database;
    const lines: { level: string; fields: object; message: string }[] = [];
    const log: MailLog = {
      info: (fields, message) => lines.push({ level: "info", fields, message }),
      warn: (fields, message) => lines.push({ level: "warn", fields, message }),
      error: (fields, message) => lines.push({ level: "error", fields, message }),
    };
    const worker = new MailService({ db, shopProfiles: app.app.services.shopProfiles, mailbox: new MailboxService(db), log });
    await worker.enqueue(db, "secret-person@example.com", content("Secret subject", "token=abcdef"));
    await worker.flush();
    await worker.stop();
    const row = await outboxRow(app, "Secret subject");
    expect(lines).toEqual([{ level: "info", fields: { mailId: row!.id }, message: "mail sent" }]);
  });
});

function silentLog(): MailLog {
  return { info: () => undefined, warn: () => undefined, error: () => undefined };
}

describe("outbox over SMTP", () => {
  it("delivers through the SMTP server with authentication and the right headers, and keeps nothing in the mailbox", async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ SMTP_URL: `smtp://shop:s3cret@127.0.0.1:${smtp.port}` });
    try {
      const mail = composeMail(shop, "ja", PUBLIC_URL, "ご注文ありがとうございます", { paragraphs: ["本文です。"] });
      await app.database.db.transaction((tx) => app.app.services.mail.enqueue(tx, "customer@example.com", mail));
      await app.app.services.mail.flush();
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message).toMatchObject({ mailFrom: "info@kura-shuho.example", rcptTo: ["customer@example.com"], user: "shop" });
      expect(headerOf(message!.raw, "Subject")).toBe("ご注文ありがとうございます");
      expect(headerOf(message!.raw, "From")).toBe("酒舗 蔵 <info@kura-shuho.example>");
      expect(headerOf(message!.raw, "To")).toBe("customer@example.com");
      expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(message!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(message!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      expect(await app.database.db.select().from(mailboxTable)).toEqual([]);
      expect((await app.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
      expect((await outboxRow(app, "ご注文ありがとうございます"))!.sentAt).toBeInstanceOf(Date);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("sends a mail kept as a transaction record as it was kept: the same headers, Date and Message-ID, and the same parts", async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ SMTP_URL: `smtp://shop:s3cret@127.0.0.1:${smtp.port}` });
    try {
      const mail = composeMail(shop, "ja", PUBLIC_URL, "ご注文ありがとうございます(記録)", { paragraphs: ["合計 ¥7,810"] });
      const record = {
        kind: "order_mail" as const,
        amount: 7810,
        counterparty: "山田 花子",
        orderRef: "SMTPRECORD01",
        sender: { name: shop.shopName.ja, address: shop.email },
      };
      await app.database.db.transaction((tx) => app.app.services.mail.enqueue(tx, "customer@example.com", mail, record));
      await app.app.services.mail.flush();
      const [kept] = await app.app.services.records.ofOrder("SMTPRECORD01");
      const stored = (await app.app.services.records.byId(kept!.id))!.content.toString("utf8");
      const sent = smtp.received[0]!.raw;
      for (const name of ["From", "To", "Subject", "Date", "Message-ID"]) expect(headerOf(sent, name), name).toBe(headerOf(stored, name));
      expect(headerOf(stored, "Message-ID")).toMatch(/^<kura-mail-\d+@kura-shuho\.example>$/);
      // MIME boundaries are drawn at random for each composition; everything else is the same text.
      const normalized = (raw: string) =>
        raw
          .replace(/-*_NmP-[0-9a-f]+-Part_\d+-*/g, "BOUNDARY")
          .replace(/\r\n/g, "\n")
          .trim();
      expect(normalized(sent)).toBe(normalized(stored));
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("uses MAIL_FROM as the sender when it is set", async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Kura Orders <orders@kura.example>" });
    try {
      await app.app.services.mail.enqueue(app.database.db, "customer@example.com", content("From check"));
      await app.app.services.mail.flush();
      expect(smtp.received[0]!.mailFrom).toBe("orders@kura.example");
      expect(headerOf(smtp.received[0]!.raw, "From")).toBe("Kura Orders <orders@kura.example>");
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("keeps a rejected mail queued for a later try, and the request that caused it answers at once", async () => {
    const smtp = await startSmtpServer({ reject: true, hold: true });
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const { mail } = app.app.services;
    // A request that changes something and queues a mail in the same transaction, as the services do.
    const api = Fastify();
    api.post("/orders", async (_request, reply) => {
      await app.database.db.transaction((tx) => mail.enqueue(tx, "busy@example.com", content("Rejected mail")));
      mail.kick();
      return reply.status(201).send({ ok: true });
    });
    try {
      // The server holds its answer until released: a request that waited for the mail would never answer.
      const response = await api.inject({ method: "POST", url: "/orders" });
      expect(response.statusCode).toBe(201);
      expect(smtp.answered()).toBe(0);
      smtp.release();
      const beforeTry = Date.now();
      await mail.flush();
      expect(smtp.answered()).toBe(1);
      const row = (await outboxRow(app, "Rejected mail"))!;
      expect(row).toMatchObject({ attempts: 1, failed: false, sentAt: null });
      expect(row.lastError).toMatch(/451/);
      expect(row.lastError).not.toContain("busy@example.com");
      // The next try 30 s after the refusal (the database's clock to the second).
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(beforeTry + 29_000);
      // Not due yet: another flush leaves it alone.
      await mail.flush();
      expect((await outboxRow(app, "Rejected mail"))!.attempts).toBe(1);
    } finally {
      await api.close();
      await app.close();
      await smtp.close();
    }
  });

  it("retries when the server cannot be reached, and gives up after ten attempts", async () => {
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const { mail } = app.app.services;
    const { db } = app.database;
    try {
      await mail.enqueue(db, "nobody@example.com", content("Unreachable"));
      const beforeTry = Date.now();
      await mail.flush();
      let row = (await outboxRow(app, "Unreachable"))!;
      expect(row).toMatchObject({ attempts: 1, failed: false, sentAt: null });
      expect(row.lastError).toMatch(/^E[A-Z]+/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(beforeTry + 29_000);

      // The ninth retry is due: the tenth failure marks it failed and it is not tried again.
      await db
        .update(mailOutboxTable)
        .set({ attempts: 9, nextAttemptAt: sql`now()` })
        .where(eq(mailOutboxTable.id, row.id));
      await mail.flush();
      row = (await outboxRow(app, "Unreachable"))!;
      expect(row).toMatchObject({ attempts: 10, failed: true, sentAt: null });
      await db
        .update(mailOutboxTable)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutboxTable.id, row.id));
      await mail.flush();
      expect((await outboxRow(app, "Unreachable"))!.attempts).toBe(10);
    } finally {
      await app.close();
    }
  });
});

describe("/dev/mailbox", () => {
  const app = testAppFixture();
  let id: number;
  beforeAll(async () => {
    const mail = composeMail(shop, "ja", PUBLIC_URL, "パスワード <再設定>", {
      paragraphs: ["リンクを開いてください。"],
      action: { label: "再設定する", url: "https://kura.example/password/edit?reset_password_token=t0k3n&x=1" },
    });
    await app.app.services.mail.enqueue(app.database.db, "reader@example.com", mail);
    await app.app.services.mail.enqueue(app.database.db, "second@example.com", content("Second mail"));
    await app.app.services.mail.flush();
    id = (await app.app.services.mailbox.list({ to: "reader@example.com" }))[0]!.id;
  });

  it("lists the mails newest first with time, recipient and a link to each", async () => {
    const response = await app.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.body;
    expect(body).toContain("メールボックス(開発用)");
    expect(body).toContain(`<a href="/dev/mailbox/${id}">パスワード &lt;再設定&gt;</a>`);
    expect(body.indexOf("Second mail")).toBeLessThan(body.indexOf("パスワード &lt;再設定&gt;"));
    expect(body).toContain("reader@example.com");
    expect(body).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    expect(body).not.toMatch(/<script/i);
    // The page's only style block carries the response's CSP nonce.
    const nonce = /<style nonce="([^"]+)">/.exec(body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
  });

  it("shows a mail: its HTML in a sandboxed frame without scripts, and its text with clickable links", async () => {
    const response = await app.app.inject({ method: "GET", url: `/dev/mailbox/${id}`, headers: { cookie: "locale=en" } });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain("Back to the list");
    const frame = /<iframe [^>]*sandbox="([^"]*)" srcdoc="([^"]*)"/.exec(body);
    expect(frame).not.toBeNull();
    expect(frame![1]).not.toContain("allow-scripts");
    expect(frame![1]).toContain("allow-top-navigation-by-user-activation");
    // The srcdoc is the escaped mail HTML with links opening in the top window.
    expect(frame![2]).toContain("&lt;base target=&quot;_top&quot;&gt;");
    expect(frame![2]).toContain("再設定する");
    expect(frame![2]).not.toContain("<");
    expect(body).toContain(
      '<a href="https://kura.example/password/edit?reset_password_token=t0k3n&amp;x=1">https://kura.example/password/edit?reset_password_token=t0k3n&amp;x=1</a>',
    );
    expect(body).toContain("酒舗 蔵 &lt;info@kura-shuho.example&gt;");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await app.app.inject({ method: "GET", url: "/dev/mailbox/999999" })).statusCode).toBe(404);
    expect((await app.app.inject({ method: "GET", url: "/dev/mailbox/abc" })).statusCode).toBe(404);
    expect((await app.app.inject({ method: "GET", url: "/dev/mailbox/99999999999" })).statusCode).toBe(404);
  });

  it("in production, does not exist without DEV_MAILBOX, whoever asks from wherever", async () => {
    const production = await createTestApp({ NODE_ENV: "production" });
    try {
      await production.app.services.mail.enqueue(production.database.db, "demo@example.com", content("Demo mail"));
      await production.app.services.mail.flush();
      const owner = await staffSession(production, "owner");
      for (const request of [
        { remoteAddress: "127.0.0.1" },
        { remoteAddress: "::1" },
        // A reverse proxy on this machine passing a visitor's address along.
        { remoteAddress: "127.0.0.1", headers: { "x-real-ip": "203.0.113.7" } },
        { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } },
        { remoteAddress: "203.0.113.7" },
        { remoteAddress: "127.0.0.1", headers: { cookie: owner.cookie } },
      ]) {
        for (const url of ["/dev/mailbox", "/dev/mailbox/1"]) {
          const response = await production.app.inject({ method: "GET", url, ...request });
          expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
          expect(response.body).not.toContain("Demo mail");
        }
      }
    } finally {
      await production.close();
    }
  });

  it("in production with DEV_MAILBOX=1, opens for signed-in staff only", async () => {
    const production = await createTestApp({ NODE_ENV: "production", DEV_MAILBOX: "1" });
    try {
      await production.app.services.mail.enqueue(production.database.db, "demo@example.com", content("Demo mail"));
      await production.app.services.mail.flush();
      const [mail] = await production.app.services.mailbox.list({ to: "demo@example.com" });
      const member = await production.memberSession();
      for (const headers of [{}, { "x-real-ip": "127.0.0.1" }, { cookie: production.browserSession().cookie }, { cookie: member.cookie }]) {
        for (const url of ["/dev/mailbox", `/dev/mailbox/${mail!.id}`]) {
          const response = await production.app.inject({ method: "GET", url, remoteAddress: "127.0.0.1", headers });
          expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
          expect(response.body).not.toContain("Demo mail");
        }
      }
      for (const role of ["staff", "owner"] as const) {
        const staff = await staffSession(production, role);
        const list = await production.app.inject({ method: "GET", url: "/dev/mailbox", remoteAddress: "203.0.113.7", headers: { cookie: staff.cookie } });
        expect(list.statusCode).toBe(200);
        expect(list.body).toContain("Demo mail");
        const one = await production.app.inject({ method: "GET", url: `/dev/mailbox/${mail!.id}`, headers: { cookie: staff.cookie } });
        expect(one.statusCode).toBe(200);
      }
    } finally {
      await production.close();
    }
  });
});
