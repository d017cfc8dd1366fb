import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { usersTable } from "../db/schema/accounts.ts";

/** A member the birthday coupon goes to: where to mail it and in which language. */
export interface BirthdayMember {
  id: number;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * The accounts module's read for the birthday coupon (decision 086): confirmed members who asked for
 * it and whose date of birth falls in `month` (1-12).
 */
export class BirthdayMembers {
  constructor(private readonly db: Database) {}

  async bornIn(month: number): Promise<BirthdayMember[]> {
    const rows = await this.db
      .select({ id: usersTable.id, email: usersTable.email, name: usersTable.userName, locale: usersTable.locale })
      .from(usersTable)
      .where(
        and(
          eq(usersTable.birthdayCoupon, true),
          isNotNull(usersTable.confirmedAt),
          isNotNull(usersTable.birthDate),
          sql`extract(month from ${usersTable.birthDate}) = ${month}`,
        ),
      )
      .orderBy(usersTable.id);
    return rows;
  }
}
