import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** The one database type the services see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;
