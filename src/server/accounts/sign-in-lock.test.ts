import type * as Argon2Module from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { signInAttemptsTable, usersTable } from "../db/schema/accounts.ts";
import { createStaff } from "../testing/staff-fixtures.ts";
import { testAppFixture } from "../testing/test-app.ts";

// The lock under parallel attempts: 30 sign-ins sent at once against one address may check at most
// LOCK_MAX_ATTEMPTS (the default, 10) passwords, for members, staff, and addresses without an
// account alike; and an unknown address answers the same sequence of messages as a known one.

// Every password check the shop makes, counted (argon2's own verify, called through).
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2Module>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      verifications.count += 1;
      return actual.verify(...args);
    },
  };
});

const MAX = 10;
const INVALID = "Invalid email or password.";
const LAST_ATTEMPT = "You have one more attempt before your account is locked.";
const LOCKED = "Your account is locked.";

// Rate limits are tested on their own; here 30 requests come from one address at once.
const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "100" });

function memberSignIn(email: string, password: string) {
  return shop.app.inject({ method: "POST", url: "/en/api/users/sign_in", headers: shop.browserSession().headers, payload: { api_user: { email, password } } });
}

function staffSignIn(email: string, password: string) {
  const session = shop.browserSession();
  return shop.app.inject({
    method: "POST",
    url: "/admin/api/session",
    headers: { ...session.headers, cookie: `${session.cookie}; locale=en` },
    payload: { email, password },
  });
}

/** Sends `count` wrong passwords at once; answers the texts counted and how many passwords were checked. */
async function parallelWrongAttempts(signIn: (email: string, password: string) => ReturnType<typeof memberSignIn>, email: string, count = 30) {
  const before = verifications.count;
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => signIn(email, `wrong password ${index}`)));
  const checked = verifications.count - before;
  const texts: Record<string, number> = {};
  for (const answer of answers) {
    expect(answer.statusCode).toBe(401);
    const [text] = answer.json().errors as string[];
    texts[text!] = (texts[text!] ?? 0) + 1;
  }
  return { texts, checked };
}

/** What 30 simultaneous wrong passwords must give: the first nine checked, the tenth checked and locking. */
const LOCKED_AFTER_THIRTY = { [INVALID]: MAX - 2, [LAST_ATTEMPT]: 1, [LOCKED]: 30 - MAX + 1 };

describe("30 simultaneous sign-ins against one address", () => {
  it("check at most LOCK_MAX_ATTEMPTS member passwords, lock once with one unlock mail, and refuse the right password afterwards", async () => {
    const member = await shop.memberSession();
    const { texts, checked } = await parallelWrongAttempts(memberSignIn, member.email);
    expect(checked).toBe(MAX);
    expect(texts).toEqual(LOCKED_AFTER_THIRTY);
    const mails = await shop.mailsTo(member.email);
    expect(mails.filter((mail) => mail.text.includes("unlock_token="))).toHaveLength(1);

    const before = verifications.count;
    const right = await memberSignIn(member.email, member.password);
    expect(right.json().errors).toEqual([LOCKED]);
    expect(verifications.count - before, "no password is checked while locked").toBe(0);
    const [row] = await shop.database.db.select().from(usersTable).where(eq(usersTable.id, member.user.id));
    expect(row!.failedAttempts).toBe(MAX);
    expect(row!.lockedAt).not.toBeNull();
  });

  it("check at most LOCK_MAX_ATTEMPTS staff passwords", async () => {
    const { email, password, staff } = await createStaff(shop);
    const { texts, checked } = await parallelWrongAttempts(staffSignIn, email);
    expect(checked).toBe(MAX);
    expect(texts).toEqual(LOCKED_AFTER_THIRTY);
    expect((await staffSignIn(email, password)).json().errors).toEqual([LOCKED]);
    // Counted per account and client address (decision 051); the owner's list says the account is locked.
    expect((await shop.app.services.staff.list()).find((entry) => entry.id === staff.id)).toMatchObject({ locked: true });
  });

  it("count an address without an account the same way, members and staff apart", async () => {
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const members = await parallelWrongAttempts(memberSignIn, unknown);
    expect(members.checked).toBe(MAX);
    expect(members.texts).toEqual(LOCKED_AFTER_THIRTY);
    // The back office keeps its own count for the same address.
    const staff = await parallelWrongAttempts(staffSignIn, unknown);
    expect(staff.texts).toEqual(LOCKED_AFTER_THIRTY);
    // The table names no address.
    const keys = await shop.database.db.select().from(signInAttemptsTable);
    expect(JSON.stringify(keys)).not.toContain("nobody-");
  });
});

describe("an address without an account", () => {
  it("answers the same sequence as an account (warning, lock, lock) and unlocks after the same time", async () => {
    const member = await shop.memberSession();
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const sequence = async (email: string) => {
      const texts: string[] = [];
      for (let attempt = 1; attempt <= MAX + 1; attempt++) texts.push((await memberSignIn(email, `wrong ${attempt}`)).json().errors[0]);
      return texts;
    };
    const known = await sequence(member.email);
    expect(known).toEqual([...Array(MAX - 2).fill(INVALID), LAST_ATTEMPT, LOCKED, LOCKED]);
    expect(await sequence(unknown)).toEqual(known);

    // An hour later both take attempts again, from the first of a new series.
    const anHourAgo = new Date(Date.now() - 61 * 60_000);
    await shop.database.db.update(usersTable).set({ lockedAt: anHourAgo }).where(eq(usersTable.id, member.user.id));
    await shop.database.db.update(signInAttemptsTable).set({ lockedAt: anHourAgo });
    expect((await memberSignIn(unknown, "again")).json().errors).toEqual([INVALID]);
    expect((await memberSignIn(member.email, member.password)).statusCode).toBe(200);
    const [row] = await shop.database.db.select().from(usersTable).where(eq(usersTable.id, member.user.id));
    expect(row).toMatchObject({ failedAttempts: 0, lockedAt: null, unlockTokenHash: null });
  });
});
