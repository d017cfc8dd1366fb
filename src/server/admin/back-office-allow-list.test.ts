import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { allowListAllows, parseAllowEntry, parseAllowListVariable } from "../security/ip-allow-list.ts";
import { readConfig } from "../config.ts";

// The back office's IP allow-list (decision 063): set by the owner, replaced by
// KURA_ADMIN_ALLOW_IPS, matched against the client address Fastify gives (X-Forwarded-For only with
// TRUST_PROXY).

const OFFICE = "203.0.113.0/24";
const AT_OFFICE = "203.0.113.5";
const ELSEWHERE = "198.51.100.7";

let shop: TestApp;
let owner: StaffSession;

beforeAll(async () => {
  shop = await createTestApp();
  owner = await staffSession(shop, "owner");
});

afterAll(async () => {
  await shop.close();
});

function save(body: object, from: string, app = shop) {
  return app.app.inject({ method: "PUT", url: "/admin/api/security", headers: owner.headers, payload: body, remoteAddress: from });
}

function fetchAs(url: string, from: string, app = shop, headers: Record<string, string> = {}) {
  return app.app.inject({ method: "GET", url, headers: { cookie: owner.cookie, ...headers }, remoteAddress: from });
}

describe("entries", () => {
  it("reads addresses and CIDR ranges of both families and refuses anything else", () => {
    expect(parseAllowEntry(" 203.0.113.7 ")).toEqual({ address: "203.0.113.7", prefix: 32, family: "ipv4" });
    expect(parseAllowEntry("2001:DB8::/32")).toEqual({ address: "2001:db8::", prefix: 32, family: "ipv6" });
    for (const bad of ["203.0.113.0/33", "203.0.113", "example.com", "10.0.0.0/08", "::/129", "1.2.3.4/-1", ""]) expect(parseAllowEntry(bad)).toBeNull();
    const office = [parseAllowEntry(OFFICE)!];
    expect(allowListAllows(office, AT_OFFICE)).toBe(true);
    expect(allowListAllows(office, `::ffff:${AT_OFFICE}`)).toBe(true);
    expect(allowListAllows(office, ELSEWHERE)).toBe(false);
    expect(allowListAllows([], ELSEWHERE)).toBe(true);
    expect(parseAllowListVariable("*")).toEqual({ entries: [] });
    expect(parseAllowListVariable("")).toBeUndefined();
    expect(parseAllowListVariable("192.0.2.1, nonsense")).toEqual({ invalid: ["nonsense"] });
    expect(() => readConfig({ KURA_ADMIN_ALLOW_IPS: "192.0.2.1,nonsense" })).toThrow(/KURA_ADMIN_ALLOW_IPS/);
  });
});

describe("the owner's allow-list", () => {
  it("refuses entries that are not addresses, naming them, and a list without the owner's own address unless confirmed", async () => {
    const invalid = await save({ allow_ips: ["203.0.113.0/24", "office.example"] }, AT_OFFICE);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().fields.allow_ips).toEqual(["「office.example」はIPアドレスまたはCIDR形式の範囲(例: 203.0.113.7、203.0.113.0/24)ではありません。"]);
    // A field of the wrong shape is the form's 422, naming it; nothing is saved.
    const shapes = await save({ require_two_factor: "yes", allow_ips: [7] }, AT_OFFICE);
    expect(shapes.statusCode).toBe(422);
    expect(shapes.json().fields).toEqual({
      require_two_factor: ["二段階認証の必須設定は一覧にありません"],
      allow_ips: ["接続を許可するIPアドレスは不正な値です"],
    });
    const lockout = await save({ allow_ips: [OFFICE] }, ELSEWHERE);
    expect(lockout.statusCode).toBe(422);
    expect(lockout.json().errors[0]).toContain(`いま操作している端末のアドレス(${ELSEWHERE})が含まれていません`);
    expect((await fetchAs("/admin/api/security", ELSEWHERE)).json().allow_ips).toEqual([]);
    // Confirmed, it is saved: this address is then refused, and the office saves the next list.
    expect((await save({ allow_ips: [OFFICE], confirm_lockout: true }, ELSEWHERE)).statusCode).toBe(200);
    expect((await fetchAs("/admin/api/security", ELSEWHERE)).statusCode).toBe(403);
    expect((await save({ allow_ips: [] }, AT_OFFICE)).statusCode).toBe(200);
    expect((await fetchAs("/admin/api/security", ELSEWHERE)).statusCode).toBe(200);
  });

  it("lets the listed addresses in and answers others 403 on every back-office path, pages as a plain ja/en page, the shop untouched", async () => {
    const saved = await save({ allow_ips: [OFFICE, "2001:db8::/32"] }, AT_OFFICE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ require_two_factor: false, allow_ips: [OFFICE, "2001:db8::/32"], env_override: false, your_ip: AT_OFFICE });
    try {
      expect((await fetchAs("/admin/api/session", AT_OFFICE)).statusCode).toBe(200);
      expect((await fetchAs("/admin/api/session", "2001:db8::1")).statusCode).toBe(200);
      const api = await fetchAs("/admin/api/session", ELSEWHERE);
      expect(api.statusCode).toBe(403);
      expect(api.json()).toEqual({ errors: ["このネットワークからは管理画面をご利用いただけません。"] });
      // The sign-in itself is refused too: a stranger's password guesses never reach the lock.
      const signIn = await shop.app.inject({
        method: "POST",
        url: "/admin/api/session",
        headers: shop.browserSession().headers,
        payload: { email: owner.email, password: owner.password },
        remoteAddress: ELSEWHERE,
      });
      expect(signIn.statusCode).toBe(403);
      for (const page of ["/admin", "/admin/login", "/admin/orders?status=paid", "/admin/login.data"]) {
        const answer = await fetchAs(page, ELSEWHERE);
        expect(answer.statusCode, page).toBe(403);
        expect(answer.headers["content-type"]).toContain("text/html");
        expect(answer.body).toContain("このネットワークからは管理画面をご利用いただけません。");
        expect(answer.body).toContain("The back office cannot be used from this network.");
      }
      expect((await fetchAs("/api/products", ELSEWHERE)).statusCode).toBe(200);
      expect((await fetchAs("/administrator", ELSEWHERE)).statusCode).not.toBe(403);
    } finally {
      await save({ allow_ips: [] }, AT_OFFICE);
    }
    expect((await fetchAs("/admin/api/session", ELSEWHERE)).statusCode).toBe(200);
  });

  it("takes X-Forwarded-For only from a trusted proxy (TRUST_PROXY)", async () => {
    await save({ allow_ips: [OFFICE] }, AT_OFFICE);
    const behindProxy = await createTestApp({ TRUST_PROXY: "true" }, shop.database);
    try {
      // Through the proxy: the address it forwards decides.
      expect((await fetchAs("/admin/api/session", "127.0.0.1", behindProxy, { "x-forwarded-for": AT_OFFICE })).statusCode).toBe(200);
      expect((await fetchAs("/admin/api/session", "127.0.0.1", behindProxy, { "x-forwarded-for": ELSEWHERE })).statusCode).toBe(403);
      // Without TRUST_PROXY the header is anyone's to write and is not read.
      expect((await fetchAs("/admin/api/session", ELSEWHERE, shop, { "x-forwarded-for": AT_OFFICE })).statusCode).toBe(403);
      expect((await fetchAs("/admin/api/session", AT_OFFICE, shop, { "x-forwarded-for": ELSEWHERE })).statusCode).toBe(200);
    } finally {
      await behindProxy.app.close();
      await save({ allow_ips: [] }, AT_OFFICE);
    }
  });

  it("is replaced by KURA_ADMIN_ALLOW_IPS: `*` lets a locked-out owner in, a list decides alone", async () => {
    await save({ allow_ips: [OFFICE] }, AT_OFFICE);
    const anyAddress = await createTestApp({ KURA_ADMIN_ALLOW_IPS: "*" }, shop.database);
    const onlyHome = await createTestApp({ KURA_ADMIN_ALLOW_IPS: "192.0.2.0/24, 2001:db8::1" }, shop.database);
    try {
      expect((await fetchAs("/admin/api/session", ELSEWHERE)).statusCode).toBe(403);
      expect((await fetchAs("/admin/api/session", ELSEWHERE, anyAddress)).statusCode).toBe(200);
      expect((await fetchAs("/admin/api/security", ELSEWHERE, anyAddress)).json()).toMatchObject({ allow_ips: [OFFICE], env_override: true });
      expect((await fetchAs("/admin/api/session", "192.0.2.200", onlyHome)).statusCode).toBe(200);
      expect((await fetchAs("/admin/api/session", AT_OFFICE, onlyHome)).statusCode).toBe(403);
    } finally {
      await anyAddress.app.close();
      await onlyHome.app.close();
      await save({ allow_ips: [] }, AT_OFFICE);
    }
  });

  it("is the owner's alone to read and set", async () => {
    const member = await staffSession(shop, "staff");
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/security", headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: "PUT", url: "/admin/api/security", headers: member.headers, payload: { allow_ips: [] } })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: "GET", url: "/admin/api/security" })).statusCode).toBe(401);
  });
});
