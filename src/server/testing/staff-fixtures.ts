import type { StaffResource, StaffRole } from "../../domain/staff.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";

export interface StaffSession extends BrowserSession {
  staff: StaffResource;
  email: string;
  password: string;
}

/** Creates a staff member as `npm run admin:create` does. */
export async function createStaff(shop: TestApp, options: { role?: StaffRole; email?: string; password?: string } = {}) {
  const email = options.email ?? `staff-${crypto.randomUUID().slice(0, 8)}@kura.example`;
  const password = options.password ?? "staff password 2026";
  const { staff } = await shop.app.services.staff.createOrReset({ email, password, role: options.role ?? "staff" });
  return { staff, email, password };
}

/** A staff member signed in through POST /admin/api/session, as the login page does; each read of `headers` carries a new request key. */
export async function staffSession(shop: TestApp, role: StaffRole = "staff"): Promise<StaffSession> {
  const { staff, email, password } = await createStaff(shop, { role });
  const guest = shop.browserSession();
  const response = await shop.app.inject({ method: "POST", url: "/admin/api/session", headers: guest.headers, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
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
  };
}
