import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AddressBookEntry } from "../../domain/address-book.ts";
import { ADDRESS_BOOK_MAX_ENTRIES } from "../../domain/address-book.ts";
import type { Locale } from "../../domain/locale.ts";
import type { RecipientInput } from "../../domain/recipient.ts";
import type { Database } from "../db/client.ts";
import { addressBookTable } from "../db/schema/address.ts";
import { DomainError } from "../../domain/errors.ts";
import type { AddressService } from "./address.service.ts";
import type { CountriesService } from "../reference/countries.service.ts";

type Row = typeof addressBookTable.$inferSelect;

/**
 * A member's address book: the people they send to, each with name, phone and address, chosen at
 * checkout as お届け先. An entry comes checked by its schema (domain/address-schema.ts, the route's
 * body); the country and the postcode's prefecture are checked here as the saved address's are; a
 * refusal is a 422 with one message per field, nothing written.
 */
export class AddressBookService {
  constructor(
    private readonly db: Database,
    private readonly addresses: AddressService,
    private readonly countries: CountriesService,
  ) {}

  async list(userId: number, locale: Locale): Promise<AddressBookEntry[]> {
    const rows = await this.db.select().from(addressBookTable).where(eq(addressBookTable.userId, userId)).orderBy(asc(addressBookTable.id));
    return rows.map((row) => this.present(row, locale));
  }

  async create(userId: number, input: RecipientInput, locale: Locale): Promise<AddressBookEntry> {
    const entry = await this.checked(input, locale);
    // Counting and adding under one per-member lock: two adds sent at once (two tabs, a double
    // tap) cannot both see room for one more and go past the limit.
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('address_book_entries'), ${userId})`);
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(addressBookTable).where(eq(addressBookTable.userId, userId));
      if (total >= ADDRESS_BOOK_MAX_ENTRIES) throw new DomainError("invalid", "addressBookFull");
      const [added] = await tx
        .insert(addressBookTable)
        .values({ userId, ...columnsOf(entry) })
        .returning();
      return added!;
    });
    return this.present(row, locale);
  }

  async update(userId: number, id: number, input: RecipientInput, locale: Locale): Promise<AddressBookEntry> {
    const entry = await this.checked(input, locale);
    const [row] = await this.db
      .update(addressBookTable)
      .set({ ...columnsOf(entry), updatedAt: new Date() })
      .where(and(eq(addressBookTable.id, id), eq(addressBookTable.userId, userId)))
      .returning();
    if (!row) throw new DomainError("not-found");
    return this.present(row, locale);
  }

  async remove(userId: number, id: number): Promise<void> {
    const removed = await this.db
      .delete(addressBookTable)
      .where(and(eq(addressBookTable.id, id), eq(addressBookTable.userId, userId)))
      .returning({ id: addressBookTable.id });
    if (removed.length === 0) throw new DomainError("not-found");
  }

  /** An entry its schema passed (the route's body), held to what only the server knows: the country and the postcode's prefecture. */
  private async checked(entry: RecipientInput, locale: Locale): Promise<RecipientInput> {
    const fields = await this.addresses.factProblems(entry, locale);
    if (Object.keys(fields).length > 0) throw new DomainError("invalid", undefined, fields, Object.values(fields).flat());
    return entry;
  }

  private present(row: Row, locale: Locale): AddressBookEntry {
    return {
      id: row.id,
      name: row.name,
      phone: row.phone,
      country: row.country,
      country_name: this.countries.name(row.country, locale) ?? row.country,
      zip: row.zip,
      prefecture: row.prefecture,
      address: row.address,
      building_name: row.buildingName,
    };
  }
}

function columnsOf(entry: RecipientInput) {
  return {
    name: entry.name,
    phone: entry.phone,
    country: entry.country,
    zip: entry.zip,
    prefecture: entry.prefecture,
    address: entry.address,
    buildingName: entry.building_name,
  };
}
