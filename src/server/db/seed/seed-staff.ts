import { hashPassword } from "../../accounts/password.ts";
import type { Database } from "../client.ts";
import { staffMembersTable } from "../schema/staff.ts";

/** The demo back-office owner (README); the password is public, so a real shop creates its own with `npm run admin:create`. */
export const DEMO_OWNER = { email: "owner@kura-shuho.example", password: "kura-demo-owner-2026" } as const;

export async function seedDemoStaff(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  await db
    .insert(staffMembersTable)
    .values({ email: DEMO_OWNER.email, passwordHash, role: "owner" })
    .onConflictDoUpdate({ target: staffMembersTable.email, set: { passwordHash, role: "owner", failedAttempts: 0, lockedAt: null } });
}
