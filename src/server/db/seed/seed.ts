import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { normalizeEmail } from "../../../domain/account.ts";
import { StaffTwoFactor } from "../../admin/staff-two-factor.ts";
import { SignInLock } from "../../accounts/sign-in-lock.ts";
import { SessionService } from "../../accounts/session.service.ts";
import { createStaffFromCommand } from "../../admin/staff-create.ts";
import { StaffService } from "../../admin/staff.service.ts";
import type { Database } from "../client.ts";
import { staffMembersTable } from "../schema/staff.ts";
import { ShopProfileService, readShopProfileFile } from "../../shop/shop-profile.service.ts";
import { seedDemoCatalogue } from "./seed-catalogue.ts";

export interface SeedOptions {
  shopProfileFile: string;
  /** DEMO_DATA: the demo catalogue too (default on for the embedded database, off with DATABASE_URL). */
  demoData: boolean;
  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD name the first owner (the browser tests' server sets both);
   * without them the owner signs in with a private variant of the shop profile's e-mail
   * (firstOwnerEmail) and a password generated and printed once.
   */
  environment: Record<string, string | undefined>;
  /** Where the one-time lines go (the console of the first start). */
  print?: (line: string) => void;
}

/**
 * First-start set-up of an empty database: the shop profile, the demo catalogue when asked for,
 * and the first back-office owner when there is none yet (`npm run admin:create` may have made
 * one before). No account ever gets a password written in the repository. Leaves a database
 * with data alone; answers whether it set one up. The profile is written last: it marks the
 * set-up done, so a start that failed half-way sets up again.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const profiles = new ShopProfileService(db);
  if (await profiles.exists()) return false;
  const profile = readShopProfileFile(options.shopProfileFile);
  if (options.demoData) await seedDemoCatalogue(db);
  const [anyStaff] = await db.select({ id: staffMembersTable.id }).from(staffMembersTable).limit(1);
  if (!anyStaff) {
    const print = options.print ?? ((line: string) => console.log(line));
    const email = options.environment.ADMIN_EMAIL || firstOwnerEmail(profile.email);
    const lines = await createOwner(db, email, options.environment);
    print("First start: the back office (/admin/login) has its first owner.");
    for (const line of lines) print(line);
    if (!options.environment.ADMIN_TOTP_SECRET) print("At the first sign-in the owner sets up two-step verification with an authenticator app.");
    print("Set a new password any time with `npm run admin:create -- EMAIL`; see docs/first-deployment.md.");
  }
  await profiles.save(profile);
  return true;
}

/**
 * The first owner's sign-in address when ADMIN_EMAIL is not set: never the shop's published e-mail
 * (it is on the legal notice, so anyone could aim wrong passwords at it, decision 051), but a
 * sub-address of it with a random tag, "info+owner-3f9a1c2e@kura-shuho.example", which most mail
 * servers deliver to the shop's own mailbox (the unlock mail arrives there) and nobody can guess.
 */
export function firstOwnerEmail(publicEmail: string): string {
  const at = publicEmail.lastIndexOf("@");
  return `${publicEmail.slice(0, at)}+owner-${crypto.randomBytes(4).toString("hex")}${publicEmail.slice(at)}`;
}

/**
 * An owner as `npm run admin:create -- EMAIL` makes one: ADMIN_PASSWORD, or a generated password in
 * the answered lines. Test servers give the owner a known authenticator key (ADMIN_TOTP_SECRET); a
 * shop's owner sets one up at the first sign-in (decision 063). The browser tests' set-up also makes
 * one owner per test worker with it (scripts/e2e-set-up.mjs).
 */
export async function createOwner(db: Database, email: string, environment: Record<string, string | undefined>): Promise<string[]> {
  const lines = await createOwnerAccount(db, email, environment);
  if (environment.ADMIN_TOTP_SECRET) await enrolWithKnownSecret(db, email, environment.ADMIN_TOTP_SECRET);
  return lines;
}

function createOwnerAccount(db: Database, email: string, environment: Record<string, string | undefined>): Promise<string[]> {
  // Only createOrReset is used, which neither signs in nor locks (and a new database has no sign-in
  // counters for it to clear): the session and lock settings do not matter.
  const sessions = new SessionService(db, 30);
  const staff = new StaffService(db, {
    sessions,
    signInLock: new SignInLock(db, { lockMaxAttempts: 10, unlockAfterMinutes: 60 }, "unused: createOrReset never signs in"),
    twoFactor: new StaffTwoFactor(db, { sessions }, "unused: createOrReset never signs in"),
  });
  return createStaffFromCommand(staff, [email, "--role", "owner"], { ADMIN_PASSWORD: environment.ADMIN_PASSWORD });
}

/** ADMIN_TOTP_SECRET: the first owner signs in with this base32 key (the browser tests' server sets it). */
async function enrolWithKnownSecret(db: Database, email: string, secret: string): Promise<void> {
  if (!/^[A-Z2-7]{16,}=*$/.test(secret)) throw new Error("ADMIN_TOTP_SECRET must be a base32 key (A–Z, 2–7) of at least 16 characters");
  await db
    .update(staffMembersTable)
    .set({ totpSecret: secret, totpEnabledAt: new Date() })
    .where(eq(staffMembersTable.email, normalizeEmail(email)));
}

/**
 * Writes the demo data (shop profile and catalogue), replacing what the seed owns (`npm run db:seed`),
 * in one transaction. No account is made. Refused, with nothing changed, while the liquor ledger
 * holds an entry still kept (the demo catalogue's own opening balance is one, so a shop seeded once
 * is not seeded again for five years and more).
 */
export async function seedDemoData(db: Database, options: Pick<SeedOptions, "shopProfileFile">): Promise<void> {
  const profile = readShopProfileFile(options.shopProfileFile);
  await db.transaction(async (tx) => {
    const keptUntil = await liquorBooksKeptUntil(tx);
    if (keptUntil) {
      throw new Error(
        `Refused: the liquor ledger (stock_moves) holds entries that must be kept until ${keptUntil} (酒税法施行令 §52: five years after the fiscal year closes), ` +
          "and replacing the catalogue would delete them with their products. Nothing was changed. db:seed is for a database whose books are empty or past keeping.",
      );
    }
    await new ShopProfileService(tx).save(profile);
    await seedDemoCatalogue(tx);
  });
}

/**
 * The last day the liquor ledger must still be kept, if any entry is inside its keeping period: the
 * very rule the database's trigger applies (migration 0026, decision 061), which refuses to delete
 * such an entry when its product goes.
 */
async function liquorBooksKeptUntil(db: Database): Promise<string | null> {
  const result = await db.execute(
    sql`select max(liquor_books_kept_until(moved_on))::text as kept_until from stock_moves where (now() at time zone 'Asia/Tokyo')::date <= liquor_books_kept_until(moved_on)`,
  );
  return (result as unknown as { rows: { kept_until: string | null }[] }).rows[0]?.kept_until ?? null;
}
