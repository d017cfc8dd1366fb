import { STAFF_ROLES, type StaffRole } from "../../domain/staff.ts";
import { DomainError } from "../../domain/errors.ts";
import type { StaffService } from "./staff.service.ts";
import { randomStaffPassword } from "./staff.service.ts";

export const STAFF_CREATE_USAGE = "usage: npm run admin:create -- EMAIL [--role owner|staff]  (password from ADMIN_PASSWORD, or generated)";

export interface StaffCreateArgs {
  email: string;
  role?: StaffRole;
}

/** EMAIL and an optional --role (also --role=staff); anything else is a usage error. */
export function parseStaffCreateArgs(argv: readonly string[]): StaffCreateArgs {
  let email: string | undefined;
  let role: StaffRole | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const value = arg === "--role" ? argv[++index] : arg.startsWith("--role=") ? arg.slice("--role=".length) : undefined;
    if (arg === "--role" || arg.startsWith("--role=")) {
      if (!value || !(STAFF_ROLES as readonly string[]).includes(value)) throw new Error(`--role must be owner or staff\n${STAFF_CREATE_USAGE}`);
      role = value as StaffRole;
    } else if (arg.startsWith("-") || email !== undefined) {
      throw new Error(`unexpected argument ${arg}\n${STAFF_CREATE_USAGE}`);
    } else {
      email = arg;
    }
  }
  if (!email) throw new Error(STAFF_CREATE_USAGE);
  return { email, ...(role ? { role } : {}) };
}

/**
 * What `npm run admin:create` does: creates the staff member (or sets a new password), with the
 * password of ADMIN_PASSWORD or a generated one, which is printed this once and stored nowhere.
 * Answers the lines to print.
 */
export async function createStaffFromCommand(staff: StaffService, argv: readonly string[], env: Record<string, string | undefined>): Promise<string[]> {
  const args = parseStaffCreateArgs(argv);
  const given = env.ADMIN_PASSWORD;
  const password = given ? given : randomStaffPassword();
  try {
    const { staff: member, created } = await staff.createOrReset({ email: args.email, password, role: args.role });
    const lines = [`${created ? "Created" : "Password reset for"} ${member.role} ${member.email}.`];
    if (!given) lines.push(`Password (shown once, store it safely): ${password}`);
    return lines;
  } catch (error) {
    if (error instanceof DomainError && error.messages) throw new Error(error.messages.join("\n"));
    throw error;
  }
}
