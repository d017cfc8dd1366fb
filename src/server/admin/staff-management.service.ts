import { eq } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import type { StaffResource, StaffRole } from "../../domain/staff.ts";
import type { Database } from "../db/client.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import { DomainError } from "../../domain/errors.ts";
import { fieldRefusal } from "../i18n/validation.ts";
import type { StaffService } from "./staff.service.ts";
import { randomStaffPassword } from "./staff.service.ts";

/**
 * The owner's management of back-office accounts: add one with a generated password (shown once,
 * never stored in clear) and remove one (its sessions end with it). An existing address is refused
 * here; resetting a password stays `npm run admin:create`'s.
 */
export class StaffManagementService {
  constructor(
    private readonly db: Database,
    private readonly deps: { staff: StaffService },
  ) {}

  /** A new account from its checked form (staffAddSchema); an address already kept is refused here. */
  async add(input: { email: string; role: StaffRole }, locale: Locale): Promise<{ staff: StaffResource; password: string }> {
    const { email, role } = input;
    if (await this.exists(email)) throw fieldRefusal(locale, "email", "taken");
    const password = randomStaffPassword();
    const { staff } = await this.deps.staff.createOrReset({ email, password, role }, locale);
    return { staff, password };
  }

  async remove(id: number, by: StaffResource): Promise<void> {
    if (id === by.id) throw new DomainError("conflict", "staffRemoveSelf");
    const removed = await this.db.delete(staffMembersTable).where(eq(staffMembersTable.id, id)).returning({ id: staffMembersTable.id });
    if (removed.length === 0) throw new DomainError("not-found");
  }

  private async exists(email: string): Promise<boolean> {
    const rows = await this.db.select({ id: staffMembersTable.id }).from(staffMembersTable).where(eq(staffMembersTable.email, email));
    return rows.length > 0;
  }
}
