import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionsTable, usersTable } from "../db/schema/accounts.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { SessionService } from "./session.service.ts";
import { hashToken } from "./tokens.ts";

// A member's session lookup is kept a few seconds in memory (decision 044). What must hold: any
// change to the member or the session — made by this process or written by another straight into
// the database (the trigger's NOTIFY) — is seen by the very next request.

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});

afterAll(async () => {
  await shop.close();
});

const me = (headers: Record<string, string>) => shop.app.inject({ method: "GET", url: "/api/users", headers });
const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

describe("member session lookups kept in memory", () => {
  it("are read from the database once while nothing changes", async () => {
    const member = await shop.memberSession();
    const reads = vi.spyOn(SessionService.prototype as unknown as { lookupInDatabase: () => Promise<unknown> }, "lookupInDatabase");
    try {
      for (let i = 0; i < 3; i++) expect((await me(member.headers)).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("see a member changed in the database by anyone on the next request", async () => {
    const member = await shop.memberSession();
    expect((await me(member.headers)).json().data.user_name).toBe(member.user.user_name);
    await shop.database.db.update(usersTable).set({ userName: "蔵前 花子" }).where(eq(usersTable.email, member.email));
    expect((await me(member.headers)).json().data.user_name).toBe("蔵前 花子");
  });

  it("see a session ended in the database by anyone (another process's sign-out) on the next request", async () => {
    const member = await shop.memberSession();
    expect((await me(member.headers)).statusCode).toBe(200);
    await shop.database.db.delete(sessionsTable).where(eq(sessionsTable.idHash, hashToken(sessionIdOf(member.cookie))));
    expect((await me(member.headers)).statusCode).toBe(401);
  });

  it("see a sign-out at once, and keep other members apart", async () => {
    const [aoi, ren] = [await shop.memberSession(), await shop.memberSession()];
    expect((await me(aoi.headers)).json().data.email).toBe(aoi.email);
    expect((await me(ren.headers)).json().data.email).toBe(ren.email);
    const signOut = await shop.app.inject({ method: "DELETE", url: "/api/users/sign_out", headers: aoi.headers });
    expect(signOut.statusCode).toBe(200);
    expect((await me(aoi.headers)).statusCode).toBe(401);
    expect((await me(ren.headers)).json().data.email).toBe(ren.email);
  });
});
