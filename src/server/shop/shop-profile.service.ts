import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { shopProfileSchema } from "../../domain/shop-profile.ts";
import type { Database } from "../db/client.ts";
import { shopProfileTable } from "../db/schema/shop.ts";

export function readShopProfileFile(file: string): ShopProfile {
  const parsed = shopProfileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`The shop profile in ${file} is invalid:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

/**
 * The shop profile is read on every page and changed a few times a year: it is kept in memory and
 * reloaded after a write.
 */
export class ShopProfileService {
  private cached: ShopProfile | undefined;
  private readonly changeListeners: Array<() => void> = [];

  constructor(private readonly db: Database) {}

  async profile(): Promise<ShopProfile> {
    if (this.cached) return this.cached;
    const [row] = await this.db.select().from(shopProfileTable).where(eq(shopProfileTable.id, 1));
    if (!row) throw new Error("The shop profile is missing: run `npm run db:seed`.");
    // Parsed, not cast: a profile stored before a setting existed gets that setting's default.
    this.cached = shopProfileSchema.parse(row.profile);
    return this.cached;
  }

  /** Drops the copy in memory, so the next read sees a change another process saved. */
  forget(): void {
    this.cached = undefined;
    for (const listener of this.changeListeners) listener();
  }

  /**
   * Calls `listener` whenever the profile changes, saved here or in another process: what is built
   * from it (the catalogue's prices with tax) is dropped by its owner, not by whoever saved.
   */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  async exists(): Promise<boolean> {
    const rows = await this.db.select({ id: shopProfileTable.id }).from(shopProfileTable);
    return rows.length > 0;
  }

  async save(profile: ShopProfile): Promise<void> {
    const valid = shopProfileSchema.parse(profile);
    await this.db
      .insert(shopProfileTable)
      .values({ id: 1, profile: valid })
      .onConflictDoUpdate({ target: shopProfileTable.id, set: { profile: valid, updatedAt: new Date() } });
    this.cached = valid;
    for (const listener of this.changeListeners) listener();
  }
}
