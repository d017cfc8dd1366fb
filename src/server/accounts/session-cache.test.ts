import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessionsTable, usersTable } from "../db/schema/accounts.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { ACCOUNTS_CHANGED_CHANNEL, SessionService } from "./session.service.ts";
import { hashToken } from "../link-tokens.ts";

// A member's session lookup is kept a few seconds in memory for the catalogue pages (decision 044).
// What must hold: every API call reads the session afresh, so any change to the member or the
// session — made by this process or written by another straight into the database — is seen by the
// very next call; a catalogue page forgets its copy when the change's NOTIFY arrives.

const shop = testAppFixture();

const me = (headers: Record<string, string>) => shop.app.inject({ method: "GET", url: "/api/users", headers });
// The test app renders no pages (a 404), but the session is looked up before routing as for any page.
const shopPage = (headers: Record<string, string>) => shop.app.inject({ method: "GET", url: "/shop", headers });
const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

/**
 * Waits until the notifications of the changes made so far (signing a member up writes users and
 * sessions) have reached this process: PostgreSQL delivers them in order, a moment after each commit,
 * so once a notification sent now arrives, every earlier one has.
 */
async function notificationsDelivered(): Promise<void> {
  // Its own notification, told apart by its payload: the next forget may be an earlier change's.
  const mark = `test-${crypto.randomUUID()}`;
  const forgotten = shop.app.services.sessions.whenForgotten(mark);
  await shop.database.db.execute(sql`select pg_notify(${ACCOUNTS_CHANGED_CHANNEL}, ${mark})`);
  await forgotten;
}

describe("member session lookups kept in memory", () => {
  it("are read from the database once by the catalogue pages while nothing changes, and by every API call", async () => {
    const member = await shop.memberSession();
    await notificationsDelivered();
    const reads = vi.spyOn(SessionService.prototype as unknown as { lookupInDatabase: () => Promise<unknown> }, "lookupInDatabase");
    try {
      for (let i = 0; i < 3; i++) await shopPage(member.headers);
      expect(reads).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 3; i++) expect((await me(member.headers)).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      reads.mockRestore();
    }
  });

  it("forget a member changed in the database by anyone once its NOTIFY arrives", async () => {
    const member = await shop.memberSession();
    const sessionId = sessionIdOf(member.cookie);
    const sessions = shop.app.services.sessions;
    expect((await sessions.lookup(sessionId, new Date(), { fromMemory: true })).user?.email).toBe(member.email);
    const forgotten = sessions.whenForgotten();
    await shop.database.db
      .update(usersTable)
      .set({ email: `renamed-${member.email}` })
      .where(eq(usersTable.email, member.email));
    await forgotten;
    expect((await sessions.lookup(sessionId, new Date(), { fromMemory: true })).user?.email).toBe(`renamed-${member.email}`);
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
