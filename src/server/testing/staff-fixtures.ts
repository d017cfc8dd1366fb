import { eq } from "drizzle-orm";
import type { StaffResource, StaffRole } from "../../domain/staff.ts";
import { PENDING_COOKIE, newTotpSecret, totpCode } from "../admin/staff-two-factor.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";

export interface StaffSession extends BrowserSession {
  staff: StaffResource;
  email: string;
  password: string;
  /** The authenticator key of a staff member signed in with a second factor (every owner). */
  totpSecret: string | null;
}

/** Creates a staff member as `npm run admin:create` does. */
export async function createStaff(shop: TestApp, options: { role?: StaffRole; email?: string; password?: string } = {}) {
  const email = options.email ?? `staff-${crypto.randomUUID().slice(0, 8)}@kura.example`;
  const password = options.password ?? "staff password 2026";
  const { staff } = await shop.app.services.staff.createOrReset({ email, password, role: options.role ?? "staff" });
  return { staff, email, password };
}

/**
 * Gives a staff member an authenticator key as a finished enrolment would (decision 063), without
 * recovery codes; answers the key, from which tests compute codes as the app would.
 */
export async function enrolStaff(shop: TestApp, staffId: number, secret = newTotpSecret()): Promise<string> {
  await shop.database.db
    .update(staffMembersTable)
    .set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: null })
    .where(eq(staffMembersTable.id, staffId));
  return secret;
}

/** The pending note a password step answered (the cookie the second step needs), as a Cookie header part. */
export function pendingCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((each) => each.name === PENDING_COOKIE);
  if (!cookie) throw new Error("the response set no pending sign-in cookie");
  return `${PENDING_COOKIE}=${cookie.value}`;
}

/**
 * A staff member signed in through the back office's sign-in, as the login page does: the password
 * (POST /admin/api/session), then for an owner (who must have a second factor) or with
 * `twoFactor`, a code computed from the key (POST /admin/api/session/code). Each read of `headers`
 * carries a new request key.
 */
export async function staffSession(shop: TestApp, role: StaffRole = "staff", options: { twoFactor?: boolean } = {}): Promise<StaffSession> {
  const { staff, email, password } = await createStaff(shop, { role });
  const totpSecret = role === "owner" || options.twoFactor ? await enrolStaff(shop, staff.id) : null;
  const guest = shop.browserSession();
  let response = await shop.app.inject({ method: "POST", url: "/admin/api/session", headers: guest.headers, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  if (totpSecret) {
    const headers = { ...guest.headers, cookie: `${guest.headers.cookie}; ${pendingCookieOf(response)}` };
    response = await shop.app.inject({ method: "POST", url: "/admin/api/session/code", headers, payload: { code: totpCode(totpSecret) } });
    if (response.statusCode !== 200) throw new Error(`staff second step failed: ${response.statusCode} ${response.body}`);
  }
  const session = shop.sessionFrom(response);
  return {
    ...session,
    // As the back office's pages do: every write is one action with a fresh Idempotency-Key
    // (decision 049); a test that resends one reads the key from these headers and sends it again.
    get headers() {
      return { ...session.headers, "idempotency-key": crypto.randomUUID() };
    },
    staff,
    email,
    password,
    totpSecret,
  };
}
