import type { Database } from "../client.ts";
import { ShopProfileService, readShopProfileFile } from "../../shop/shop-profile.service.ts";
import { seedDemoCatalogue } from "./seed-catalogue.ts";
import { seedDemoStaff } from "./seed-staff.ts";

export interface SeedOptions {
  shopProfileFile: string;
}

/** Seeds a database whose tables are empty; leaves a database with data alone. */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const profiles = new ShopProfileService(db);
  if (await profiles.exists()) return false;
  await seedDemoData(db, options);
  return true;
}

/** Writes the demo data, replacing what the seed owns (`npm run db:seed`). */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  await new ShopProfileService(db).save(readShopProfileFile(options.shopProfileFile));
  await seedDemoCatalogue(db);
  await seedDemoStaff(db);
}
