import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";

// The inquiry inbox: unhandled first, the handled mark both ways, and a reply mailed to the sender
// in the language of the inquiry and kept on the inquiry.

let shop: TestApp;
let staff: StaffSession;

async function inquiry(fields: { name: string; email: string; subject: string; locale?: "ja" | "en" }) {
  const stored = await shop.app.services.inquiries.submit(
    { ...fields, message: "720mlの在庫はありますか?\n贈答用です。" },
    { locale: fields.locale ?? "ja", userId: null },
  );
  return stored.id;
}

function call(method: "GET" | "POST", url: string, payload?: object) {
  return shop.app.inject({ method, url: `/admin/api${url}`, headers: staff.headers, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
});

afterAll(async () => {
  await shop.close();
});

describe("the inquiry inbox", () => {
  it("lists unhandled inquiries first, newest first, and filters by state and search", async () => {
    const older = await inquiry({ name: "古川 一郎", email: "old@example.com", subject: "古い質問" });
    const handled = await inquiry({ name: "済 花子", email: "done@example.com", subject: "対応済みの質問" });
    const newer = await inquiry({ name: "新井 次郎", email: "new@example.com", subject: "新しい質問" });
    expect((await call("POST", `/inquiries/${handled}/handled`, { handled: true })).json().data.handled_at).toEqual(expect.any(String));

    const all = (await call("GET", "/inquiries")).json();
    expect(all.data.map((row: { id: number }) => row.id).slice(0, 3)).toEqual([newer, older, handled]);
    expect(all.meta.pagination).toMatchObject({ current_page: 1, total_page: 1 });
    const unhandled = (await call("GET", "/inquiries?state=unhandled")).json();
    expect(unhandled.data.map((row: { id: number }) => row.id)).not.toContain(handled);
    expect((await call("GET", "/inquiries?state=handled")).json().data.map((row: { id: number }) => row.id)).toEqual([handled]);
    expect((await call("GET", "/inquiries?q=new%40example")).json().data.map((row: { id: number }) => row.id)).toEqual([newer]);
    const bad = await call("GET", "/inquiries?state=maybe");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ state: ["対応状況は一覧にありません"] });
  });

  it("shows one inquiry with its message, and 404 for an unknown or malformed id", async () => {
    const id = await inquiry({ name: "田中 一郎", email: "tanaka@example.com", subject: "贈答用" });
    const detail = (await call("GET", `/inquiries/${id}`)).json().data;
    expect(detail).toMatchObject({
      id,
      name: "田中 一郎",
      email: "tanaka@example.com",
      subject: "贈答用",
      message: "720mlの在庫はありますか?\n贈答用です。",
      locale: "ja",
      handled_at: null,
      reply_subject: "Re: 贈答用",
      replies_sent: [],
    });
    expect((await call("GET", "/inquiries/999999")).statusCode).toBe(404);
    expect((await call("GET", "/inquiries/abc")).statusCode).toBe(404);
  });

  it("marks handled and back to unhandled", async () => {
    const id = await inquiry({ name: "佐藤 三郎", email: "sato@example.com", subject: "配送" });
    const marked = (await call("POST", `/inquiries/${id}/handled`, { handled: true })).json().data;
    expect(marked.handled_at).toEqual(expect.any(String));
    // Marking again keeps the first time.
    expect((await call("POST", `/inquiries/${id}/handled`, { handled: true })).json().data.handled_at).toBe(marked.handled_at);
    expect((await call("POST", `/inquiries/${id}/handled`, { handled: false })).json().data.handled_at).toBeNull();
    expect((await call("POST", `/inquiries/${id}/handled`, { handled: "yes" })).statusCode).toBe(422);
  });

  it("mails a reply to the sender in the inquiry's language, keeps it, and can mark the inquiry handled", async () => {
    const id = await inquiry({ name: "Emma Brown", email: "emma@example.com", subject: "Gift wrapping", locale: "en" });
    const response = await call("POST", `/inquiries/${id}/replies`, { message: "Yes, we wrap every bottle for free.\n\nKind regards", mark_handled: true });
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail.handled_at).toEqual(expect.any(String));
    expect(detail.replies_sent).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        staff_email: staff.email,
        subject: "Re: Gift wrapping",
        message: "Yes, we wrap every bottle for free.\n\nKind regards",
      },
    ]);
    const mails = (await shop.mailsTo("emma@example.com")).filter((mail) => mail.subject === "Re: Gift wrapping");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Dear Emma Brown,");
    expect(mails[0]!.text).toContain("Yes, we wrap every bottle for free.");
    // The question is quoted, and the signature is the English one.
    expect(mails[0]!.text).toContain("720mlの在庫はありますか?");
    expect(mails[0]!.text).toContain("Kura Wine & Spirits");
  });

  it("answers a Japanese inquiry in Japanese with the trader's own subject, without touching the handled mark", async () => {
    const id = await inquiry({ name: "山本 花子", email: "yamamoto@example.com", subject: "のし" });
    const response = await call("POST", `/inquiries/${id}/replies`, { subject: "のしについて", message: "のしは無料で承ります。" });
    expect(response.json().data.handled_at).toBeNull();
    const [mail] = await shop.mailsTo("yamamoto@example.com").then((mails) => mails.filter((each) => each.subject === "のしについて"));
    expect(mail!.text).toContain("山本 花子 様");
    expect(mail!.text).toContain("のしは無料で承ります。");
  });

  it("refuses an empty or too long reply with field messages in the page's language, and sends nothing", async () => {
    const id = await inquiry({ name: "空 太郎", email: "empty@example.com", subject: "確認" });
    const blank = await call("POST", `/inquiries/${id}/replies`, { subject: " ", message: "  " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      errors: ["件名を入力してください", "返信内容を入力してください"],
      fields: { subject: ["件名を入力してください"], message: ["返信内容を入力してください"] },
    });
    const long = await shop.app.inject({
      method: "POST",
      url: `/admin/api/inquiries/${id}/replies`,
      headers: { ...staff.headers, cookie: `${staff.cookie}; locale=en` },
      payload: { message: "x".repeat(10_001) },
    });
    expect(long.json().fields).toEqual({ message: ["Reply is too long (maximum is 10000 characters)"] });
    // A body that is not a reply reads as an empty one; a subject that is not text takes the default.
    const notAReply = await shop.app.inject({
      method: "POST",
      url: `/admin/api/inquiries/${id}/replies`,
      headers: { ...staff.headers, "content-type": "application/json" },
      payload: "42",
    });
    expect(notAReply.statusCode).toBe(422);
    expect(notAReply.json().fields).toEqual({ message: ["返信内容を入力してください"] });
    expect((await call("POST", `/inquiries/${id}/replies`, { subject: 7, message: "" })).json().fields).toEqual({ message: ["返信内容を入力してください"] });
    expect((await shop.mailsTo("empty@example.com")).filter((mail) => mail.subject.startsWith("Re:"))).toHaveLength(0);
    expect((await call("GET", `/inquiries/${id}`)).json().data.replies_sent).toEqual([]);
  });
});
