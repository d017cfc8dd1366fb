import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { customType, integer, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The column shapes the schema files share (Drizzle's "column definitions reuse"): each helper is
 * exactly the SQL the tables had written out — same name, type, default and nullability — so the
 * schema says each once and a migration is never needed for using one. Each call returns a new
 * builder: no builder is shared between tables.
 */

/** The surrogate key most tables have: `id serial primary key`. */
export const serialId = () => serial("id").primaryKey();

/** Every instant the shop stores is `timestamp with time zone` (Japan time is worked out in domain/japan-time.ts). */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** An instant the database stamps when the row is written (created_at, issued_at, at, …). */
export const stampedNow = <TName extends string>(name: TName) => timestamptz(name).notNull().defaultNow();

/** created_at, stamped by the database. */
export const createdAt = () => stampedNow("created_at");

/** updated_at, stamped by the database when the row is written. */
export const updatedAt = () => stampedNow("updated_at");

/** created_at and updated_at, spread into a table: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required foreign key to an integer id whose row goes with the row it points to (`on delete cascade`). */
export const cascadeRef = <TName extends string>(name: TName, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: "cascade" });

/** A required foreign key to an integer id whose row may not go while this one points to it (`on delete restrict`). */
export const restrictRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "restrict" });

/** An optional foreign key emptied when the row it points to goes (`on delete set null`): this row outlives it. */
export const setNullRef = <TName extends string>(name: TName, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: "set null" });

/** The language a row's mails are written in. */
export const localeColumn = () => text("locale", { enum: ["ja", "en"] }).notNull();

/** Binary content (images, kept records), handed out as a Buffer whichever driver read it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
