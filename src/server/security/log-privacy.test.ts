import type * as FastifyModule from "fastify";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { SESSION_COOKIE } from "../http/session.ts";

// The log output (pino JSON at LOG_LEVEL=info, as production writes it) of a member's whole
// journey: sign-up, confirmation link, a wrong and a right password, saved address, saved card,
// a bank-transfer checkout, a card checkout, the order mails, a password reset request and
// sign-out. None of the personal data or secrets that passed through may appear in it.

const logLines: string[] = vi.hoisted(() => []);

vi.mock("fastify", async (importOriginal) => {
  const { fastifyLoggingInto } = await import("../testing/fastify-spies.ts");
  return fastifyLoggingInto(await importOriginal<typeof FastifyModule>(), logLines);
});

const shop = testAppFixture({ LOG_LEVEL: "info" });
const secrets: Record<string, string> = {};

function inject(session: BrowserSession, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers: Record<string, string> = {}) {
  return shop.app.inject({
    method,
    url: `${url}`,
    headers: { ...(method === "GET" ? { cookie: session.cookie } : session.headers), ...headers },
    ...(payload ? { payload } : {}),
  });
}

function remember(name: string, value: string | undefined): string {
  if (!value) throw new Error(`nothing to remember for ${name}`);
  secrets[name] = value;
  return value;
}

describe("no personal data in the logs", () => {
  it("logs a member's full journey to two orders without e-mail, name, phone, address, password, cookies, tokens or payment ids", async () => {
    const wine = await new CatalogFactory(shop.database.db).product({ stock: 10 });
    const client = new CheckoutClient(shop);
    const email = remember("email", `kura.logcheck.${crypto.randomUUID().slice(0, 6)}@example.com`);
    const password = remember("password", "Pa55-word-never-logged");
    const name = remember("name", "鈴木 ログ子");
    const phone = remember("phone", "090-5555-0123");
    const zip = remember("zip", "150-0042");
    const street = remember("address", "渋谷区宇田川町99-88");
    const building = remember("building", "ログ確認ハイツ707");

    // Sign-up from a first visit, and the mailed confirmation link.
    const guest = shop.sessionFrom(await shop.app.inject({ method: "GET", url: "/api/root" }));
    remember("guest session", guest.cookie.split("=")[1]);
    remember("guest CSRF token", guest.headers["x-csrf-token"]);
    expect((await inject(guest, "POST", "/api/users", { api_user: { email, password, password_confirmation: password } })).statusCode).toBe(201);
    const [confirmation] = await shop.mailsTo(email);
    const link = /\/(?:ja|en)\/api\/users\/confirmation\?confirmation_token=([A-Za-z0-9_-]+)/.exec(confirmation!.text)!;
    remember("confirmation token", link[1]);
    expect((await inject(guest, "GET", link[0])).statusCode).toBe(303);

    // A wrong password, then the right one.
    expect((await inject(guest, "POST", "/api/users/sign_in", { api_user: { email, password: "wrong-password-typed" } })).statusCode).toBe(401);
    const signIn = await inject(guest, "POST", "/api/users/sign_in", { api_user: { email, password } });
    expect(signIn.statusCode).toBe(200);
    const member = shop.sessionFrom(signIn);
    remember("member session", member.cookie.split("=")[1]);
    remember("member CSRF token", member.headers["x-csrf-token"]);

    // The saved address and the saved card.
    const address = { country: "jp", zip, prefecture: 13, address: street, building_name: building };
    expect((await inject(member, "PUT", "/api/address", address)).statusCode).toBe(200);
    const setupSecret: string = (await inject(member, "GET", "/api/cards/edit")).json().client_secret;
    remember("setup client secret", setupSecret);
    const cardMethod = remember("saved card's payment method", await client.paymentMethod(member, CARDS.visa));
    const confirmed = await inject(member, "POST", "/test-gateway/setup_intents/confirm", { client_secret: setupSecret, payment_method: cardMethod });
    const setupIntent = remember("setup intent", confirmed.json().id);
    expect((await inject(member, "PUT", "/api/cards", { setup_intent_id: setupIntent })).statusCode).toBe(200);

    // A bank-transfer checkout from the cart, then one by a newly typed card.
    await client.fillCart(member, { [wine]: 1 });
    const contact = { email, name, phone, address };
    const bank = await client.post(member, orderPayload([{ id: wine, amount: 1 }], contact));
    expect(bank.statusCode).toBe(200);
    const cardPayment = remember("checkout payment method", await client.paymentMethod(member, CARDS.visa));
    const card = await client.post(
      member,
      orderPayload([{ id: wine, amount: 1 }], { ...contact, payment_method: "credit", payment: { payment_method_id: cardPayment } }),
    );
    expect(card.statusCode).toBe(200);
    const intents = await shop.database.db.execute(sql`select id from test_gateway_objects where kind = 'payment_intent'`);
    for (const [index, row] of (intents as unknown as { rows: { id: string }[] }).rows.entries()) remember(`payment intent ${index}`, row.id);
    expect((await shop.mailsTo(email)).length).toBeGreaterThanOrEqual(3);

    // A password reset request and sign-out.
    expect((await inject(member, "POST", "/api/users/password", { api_user: { email } })).statusCode).toBe(200);
    await shop.mailsTo(email);
    expect((await inject(member, "DELETE", "/api/users/sign_out")).statusCode).toBe(200);

    await new Promise((resolve) => setImmediate(resolve));
    const log = logLines.join("\n");
    // The capture works: access lines and the mail worker's lines are there.
    expect(logLines.length).toBeGreaterThan(15);
    expect(log).toContain(`"path":"/ja/api/checkout"`);
    expect(log).toContain('"statusCode":200');
    const leaked = Object.entries(secrets)
      .flatMap(([name, value]) => [value, value.toLowerCase(), JSON.stringify(value).slice(1, -1)].map((form) => ({ name, form })))
      .filter(({ form }) => log.includes(form))
      .map(({ name }) => name);
    expect([...new Set(leaked)], "personal data or secrets found in the log").toEqual([]);
    // Nor the e-mail's local part, the card number, the cookie name with a value, or a client IP.
    expect(log).not.toContain(email.split("@")[0]);
    expect(log).not.toContain(CARDS.visa);
    expect(log).not.toMatch(new RegExp(`${SESSION_COOKIE}=`));
    expect(log).not.toContain("127.0.0.1");
  });

  it("logs failed queries of sign-up, profile changes, checkout and the mail worker by code and table, never their values", async () => {
    const db = shop.database.db;
    const firstLine = logLines.length;
    const sent: Record<string, string> = {};
    const send = (name: string, value: string) => (sent[name] = value);
    // Each constraint below refuses only new rows (NOT VALID), so the database fails these requests
    // the way a real fault would: Drizzle's message lists the parameters, PostgreSQL's detail quotes
    // the row ("Failing row contains (…)") or the key ("Key (tel)=(…) already exists").
    const refuse = async (table: string, check: string, during: () => Promise<void>) => {
      await db.execute(sql.raw(`alter table ${table} add constraint log_privacy_refusal check (${check}) not valid`));
      try {
        await during();
      } finally {
        await db.execute(sql.raw(`alter table ${table} drop constraint log_privacy_refusal`));
      }
    };

    // Sign-up: the new member's row is refused.
    const signUpEmail = send("sign-up e-mail", `kura.refused.${crypto.randomUUID().slice(0, 6)}@example.com`);
    const signUpPassword = send("sign-up password", "Refused-pa55word-kept-out");
    await refuse("users", "email not like 'kura.refused.%'", async () => {
      const guest = shop.browserSession();
      const response = await inject(guest, "POST", "/api/users", {
        api_user: { email: signUpEmail, password: signUpPassword, password_confirmation: signUpPassword },
      });
      expect(response.statusCode).toBe(500);
    });

    // Profile changes: a phone number another row already has (a unique index), then the saved address.
    const member = await shop.memberSession({ email: send("member e-mail", `kura.profile.${crypto.randomUUID().slice(0, 6)}@example.com`) });
    const phone = send("phone", "090-7777-4321");
    const otherEmail = send("other member's e-mail", `kura.other.${crypto.randomUUID().slice(0, 6)}@example.com`);
    await db.execute(sql`insert into users (email, password_hash, tel) values (${otherEmail}, 'not-a-hash', ${phone})`);
    await db.execute(sql.raw(`create unique index log_privacy_tel on users (tel) where tel <> ''`));
    try {
      const name = send("profile name", "高橋 失敗太郎");
      const response = await inject(member, "PUT", "/api/users", { api_user: { user_name: name, tel: phone } });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw("drop index log_privacy_tel"));
    }
    const address = {
      country: "jp",
      zip: send("zip", "060-0042"),
      prefecture: 1,
      address: send("street", "札幌市中央区大通西77-66"),
      building_name: send("building", "失敗確認マンション303"),
    };
    await refuse("addresses", "false", async () => {
      expect((await inject(member, "PUT", "/api/address", address)).statusCode).toBe(500);
    });

    // Checkout: the order row is refused.
    const wine = await new CatalogFactory(db).product({ stock: 5 });
    const client = new CheckoutClient(shop);
    const contact = {
      email: send("order e-mail", `kura.order.${crypto.randomUUID().slice(0, 6)}@example.com`),
      name: send("order name", "伊藤 注文子"),
      phone: send("order phone", "080-3333-2222"),
      address,
    };
    await refuse("orders", "false", async () => {
      const guest = shop.browserSession();
      await client.fillCart(guest, { [wine]: 1 });
      expect((await client.post(guest, orderPayload([{ id: wine, amount: 1 }], contact))).statusCode).toBe(500);
    });

    // A reset request whose mail cannot be queued: answered, and the failure logged after the answer.
    await refuse("mail_outbox", "false", async () => {
      expect((await inject(shop.browserSession(), "POST", "/api/users/password", { api_user: { email: member.email } })).statusCode).toBe(200);
      await shop.app.services.afterAnswer.settled();
    });

    // The mail worker: the built-in mailbox refuses the mail (subject, body and recipient as parameters).
    await refuse("mailbox", "false", async () => {
      expect(
        (
          await inject(member, "PUT", "/api/users", {
            api_user: { email: send("new e-mail", `kura.moved.${crypto.randomUUID().slice(0, 6)}@example.com`), current_password: member.password },
          })
        ).statusCode,
      ).toBe(200);
      await shop.app.services.mail.flush();
    });
    const stored = await db.execute(sql`select last_error from mail_outbox where last_error is not null`);
    const reasons = (stored as unknown as { rows: { last_error: string }[] }).rows.map((row) => row.last_error).join("\n");
    expect(reasons).toContain("23514");

    const log = logLines.slice(firstLine).join("\n");
    // The failures are there, by SQLSTATE and table …
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"statement":"insert users"');
    expect(log).toContain('"table":"orders"');
    expect(log).toContain('"constraint":"log_privacy_refusal"');
    expect(log).toContain('"task":"password reset"');
    expect(log).toContain('"statement":"insert mail_outbox"');
    // … and none of what was sent, nor a password hash, nor PostgreSQL's quoting of values.
    for (const text of [log, reasons]) {
      const leaked = Object.entries(sent).filter(
        ([, value]) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)) || text.includes(value.split("@")[0]!),
      );
      expect(
        leaked.map(([name]) => name),
        "sent values found",
      ).toEqual([]);
      expect(text).not.toContain("$argon2id");
      expect(text).not.toMatch(/Failing row|Key \(|params:/);
    }
  });
});
