import { eq } from "drizzle-orm";
import { normalizeEmail } from "../../domain/account.ts";
import type { SignInLock } from "../accounts/sign-in-lock.ts";
import type { Database } from "../db/client.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import type { StaffTwoFactor } from "./staff-two-factor.ts";

export const RESET_2FA_USAGE = "usage: npm run admin:reset-2fa -- EMAIL";

/**
 * What `npm run admin:reset-2fa -- EMAIL` does: the account's key and recovery codes go, its
 * sessions end and its locks lift. Only someone with the server's shell (and database) can run it,
 * which is the point: the web has no way round the second factor. Answers the lines to print.
 */
export async function resetTwoFactorFromCommand(
  db: Database,
  deps: { twoFactor: StaffTwoFactor; signInLock: SignInLock },
  argv: readonly string[],
): Promise<string[]> {
  if (argv.length !== 1 || argv[0]!.startsWith("-")) throw new Error(RESET_2FA_USAGE);
  const email = normalizeEmail(argv[0]!);
  const [staff] = await db.select().from(staffMembersTable).where(eq(staffMembersTable.email, email));
  if (!staff) throw new Error(`No back-office account has the address ${email}.\n${RESET_2FA_USAGE}`);
  await deps.twoFactor.reset(staff.id);
  await deps.signInLock.clearStaffAccount(staff.email);
  return [
    `Two-step verification reset for ${staff.role} ${staff.email}; its sessions ended and its locks lifted.`,
    staff.role === "owner"
      ? "At the next sign-in the owner sets up an authenticator app again (and gets new recovery codes)."
      : "The account signs in with its password alone until it sets up an authenticator app again (unless the owner requires it for all staff).",
  ];
}
