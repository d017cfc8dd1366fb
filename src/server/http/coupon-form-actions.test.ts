import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { staffAuditLogTable } from "../db/schema/security.ts";
import { message } from "../i18n/messages.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppWithPagesFixture } from "../testing/test-app.ts";

// One coupon's edit page without JavaScript (issue 34, decision 095): the page (production build)
// shows the coupon's every field filled in and its usage; the form's action sends it whole through
// PATCH /admin/api/coupons/:id under the page's request key and answers a 303 with the notice, or
// the page again with the API's own per-field messages (couponInputSchema) in ja and en.

const shop = testAppWithPagesFixture();
let staff: StaffSession;

beforeAll(async () => {
  staff = await staffSession(shop, "staff");
});

type CouponEntry = Record<string, unknown> & { id: number; code: string };

async function createCoupon(fields: Record<string, string> = {}): Promise<CouponEntry> {
  const code = `EDIT${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const response = await shop.app.inject({
    method: "POST",
    url: "/admin/api/coupons",
    headers: staff.headers,
    payload: {
      code,
      name_ja: "春の感謝祭",
      name_en: "Spring thanks",
      kind: "fixed",
      value: "500",
      valid_from: "2026-04-01",
      valid_until: "2026-04-30",
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function stored(id: number): Promise<CouponEntry> {
  const response = await shop.app.inject({ method: "GET", url: "/admin/api/coupons", headers: { cookie: staff.cookie } });
  return (response.json().data as CouponEntry[]).find((each) => each.id === id)!;
}

async function editPage(id: number, locale: "ja" | "en" = "ja") {
  const response = await shop.app.inject({ method: "GET", url: `/admin/coupons/${id}`, headers: { cookie: `${staff.cookie}; locale=${locale}` } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.body;
}

/** The form as the page was drawn: every field's value and the hidden ones. */
function formOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [
    "code",
    "name_ja",
    "name_en",
    "value",
    "minimum_order",
    "valid_from",
    "valid_until",
    "total_limit",
    "per_member_limit",
    "product_ids",
    "series_ids",
    "liquor_types",
    "_request_key",
    "_was_combinable",
  ]) {
    fields[name] = inputValue(html, name) ?? "";
  }
  fields.kind = /<option value="([a-z_]+)" selected/.exec(html)?.[1] ?? "";
  for (const name of ["members_only", "active", "combinable"]) {
    if (new RegExp(`<input type="checkbox" name="${name}"[^>]*checked`).test(html)) fields[name] = "on";
  }
  return fields;
}

describe("a coupon's edit page without JavaScript (/admin/coupons/:id)", () => {
  it("shows the coupon's fields filled in and its usage figures", async () => {
    const coupon = await createCoupon({ total_limit: "100", product_ids: "3, 12", liquor_types: "wine", members_only: "on" });
    const html = await editPage(coupon.id);
    const form = formOf(html);
    expect(form).toMatchObject({
      code: coupon.code,
      name_ja: "春の感謝祭",
      kind: "fixed",
      value: "500",
      valid_from: "2026-04-01",
      valid_until: "2026-04-30",
      total_limit: "100",
      per_member_limit: "",
      product_ids: "3, 12",
      liquor_types: "wine",
      members_only: "on",
      active: "on",
    });
    expect(form.combinable).toBeUndefined();
    expect(form._request_key).toMatch(/^[0-9a-f-]{36}$/);
    const text = visibleText(html);
    expect(text).toContain("ご利用状況");
    expect(text).toContain("0回 / 上限 100回");
    expect(text).toContain("有効期間(日本時間)");
  });

  it("saves every field the form posts, unticked boxes unticked, once under the page's key, and shows the notice", async () => {
    const coupon = await createCoupon({ members_only: "on" });
    const form = formOf(await editPage(coupon.id));
    const edited = {
      ...form,
      name_ja: "秋の感謝祭",
      name_en: "Autumn thanks",
      kind: "percent",
      value: "１５",
      minimum_order: "5,000",
      valid_from: "2026-10-01",
      valid_until: "2026-10-31",
      total_limit: "50",
      per_member_limit: "1",
      product_ids: "",
      series_ids: "4",
      liquor_types: "sake、shochu",
      combinable: "on",
    };
    delete (edited as Record<string, string>).members_only;
    delete (edited as Record<string, string>).active;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postForm(shop.app, `/admin/coupons/${coupon.id}`, edited, { session: staff });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(303);
      expect(response.headers.location).toBe(`/admin/coupons/${coupon.id}?saved=combine-on`);
    }
    // The page's key went with the form: the same key with other fields is refused, not a second change.
    const reused = await postForm(shop.app, `/admin/coupons/${coupon.id}`, { ...edited, name_ja: "別の名前" }, { session: staff });
    expect(reused.statusCode).toBe(422);
    expect(visibleText(reused.body)).toContain(message("requestKeyReused", "ja"));
    expect(await stored(coupon.id)).toMatchObject({
      code: coupon.code,
      name_ja: "秋の感謝祭",
      name_en: "Autumn thanks",
      kind: "percent",
      value: 15,
      minimum_order: 5000,
      valid_from: "2026-10-01",
      valid_until: "2026-10-31",
      total_limit: 50,
      per_member_limit: 1,
      product_ids: [],
      series_ids: [4],
      liquor_types: ["sake", "shochu"],
      members_only: false,
      active: false,
      combinable: true,
    });
    const audit = await shop.database.db.select().from(staffAuditLogTable).where(eq(staffAuditLogTable.action, "coupon.update"));
    expect(audit.filter((row) => row.targetId === String(coupon.id) && row.staffId === staff.staff.id).length).toBeGreaterThan(0);

    const after = await shop.app.inject({
      method: "GET",
      url: `/admin/coupons/${coupon.id}?saved=combine-on`,
      headers: { cookie: staff.cookie },
    });
    const text = visibleText(after.body);
    expect(text).toContain("クーポンを保存しました。");
    expect(text).toContain("他のクーポンと併用できるようにしました");
    expect(formOf(after.body)).toMatchObject({ name_ja: "秋の感謝祭", kind: "percent", value: "15", combinable: "on" });
  });

  for (const locale of ["ja", "en"] as const) {
    it(`shows the API's own messages under the fields for a refused form (${locale}), with what was typed, and changes nothing`, async () => {
      const coupon = await createCoupon();
      const form = formOf(await editPage(coupon.id, locale));
      const refused = { ...form, name_ja: "変えたい名前", value: "0", valid_from: "2026-05-10", valid_until: "2026-05-01", total_limit: "-3" };
      const direct = await shop.app.inject({
        method: "PATCH",
        url: `/admin/api/coupons/${coupon.id}`,
        headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` },
        payload: refused,
      });
      expect(direct.statusCode).toBe(422);
      const fields = direct.json().fields as Record<string, string[]>;
      expect(Object.keys(fields).sort()).toEqual(["total_limit", "valid_until", "value"]);
      const response = await postForm(shop.app, `/admin/coupons/${coupon.id}`, refused, { session: staff, locale });
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain(`lang="${locale}"`);
      const text = visibleText(response.body);
      for (const [field, messages] of Object.entries(fields)) {
        // Each message under its own field (the field's error, named by aria-describedby).
        const input = new RegExp(`<input[^>]*name="${field}"[^>]*>`).exec(response.body)?.[0] ?? "";
        const errorId = /aria-describedby="(?:[^"]* )?([^" ]+-error)"/.exec(input)?.[1];
        expect(errorId, field).toBeDefined();
        expect(visibleText(new RegExp(`<p id="${errorId}"[^>]*>([^<]*)</p>`).exec(response.body)?.[1] ?? "")).toBe(messages[0]);
        for (const each of messages) expect(text).toContain(each);
      }
      expect(text).toContain(locale === "ja" ? "値引き額・率は1以上の値にしてください" : "Amount or percent must be greater than or equal to 1");
      expect(inputValue(response.body, "name_ja")).toBe("変えたい名前");
      expect(inputValue(response.body, "valid_from")).toBe("2026-05-10");
      expect(await stored(coupon.id)).toMatchObject({ name_ja: "春の感謝祭", value: 500, valid_from: "2026-04-01" });
    });
  }

  it("refuses the form without the page's token, or with another session's, and changes nothing", async () => {
    const coupon = await createCoupon();
    const form = formOf(await editPage(coupon.id));
    for (const csrf of [null, shop.browserSession().headers["x-csrf-token"]!]) {
      for (const locale of ["ja", "en"] as const) {
        const response = await postForm(shop.app, `/admin/coupons/${coupon.id}`, { ...form, name_ja: "勝手な変更" }, { session: staff, csrf, locale });
        expect(response.statusCode).toBe(403);
        expect(visibleText(response.body)).toContain(message("csrfInvalid", locale));
      }
    }
    expect(await stored(coupon.id)).toMatchObject({ name_ja: "春の感謝祭" });
  });

  it("sends a visitor who is not signed in to the sign-in, and the old 併用 page's address to the edit page", async () => {
    const coupon = await createCoupon();
    const anonymous = await shop.app.inject({ method: "GET", url: `/admin/coupons/${coupon.id}`, headers: { cookie: shop.browserSession().cookie } });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/admin/login?redirect=${encodeURIComponent(`/admin/coupons/${coupon.id}`)}`);
    const old = await shop.app.inject({ method: "GET", url: `/admin/coupons/${coupon.id}/combine`, headers: { cookie: staff.cookie } });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/admin/coupons/${coupon.id}`);
    const missing = await shop.app.inject({ method: "GET", url: "/admin/coupons/999999", headers: { cookie: staff.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(visibleText(missing.body)).toContain("このクーポンは見つかりません");
  });
});
