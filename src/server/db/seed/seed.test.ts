import { SignInLock } from "../../accounts/sign-in-lock.ts";
import { afterEach, describe, expect, it } from "vitest";
import { verifyPassword } from "../../accounts/password.ts";
import { createStaffFromCommand } from "../../admin/staff-create.ts";
import { StaffTwoFactor } from "../../admin/staff-two-factor.ts";
import { StaffService } from "../../admin/staff.service.ts";
import { SessionService } from "../../accounts/session.service.ts";
import { readConfig } from "../../config.ts";
import { ShopProfileService, readShopProfileFile } from "../../shop/shop-profile.service.ts";
import { CatalogFactory } from "../../testing/catalog-factory.ts";
import { japanToday, recordStockMove } from "../../catalog/catalog.stock.ts";
import { booksKeptUntil } from "../../../domain/liquor-law.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import type { DatabaseHandle } from "../client.ts";
import { productImagesTable, productsTable } from "../schema/catalog.ts";
import { staffMembersTable } from "../schema/staff.ts";
import { seedDemoData, seedIfEmpty } from "./seed.ts";

// First start on an empty database: the shop profile always, the demo catalogue only when DEMO_DATA
// says so, and a first owner whose password is nowhere in the repository. (The demo catalogue's
// own set-up, about a minute of picture rendering, runs at every browser-suite start instead.)

const SHOP_PROFILE_FILE = "config/shop-profile.json";
const profileEmail = readShopProfileFile(SHOP_PROFILE_FILE).email;

let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function setUp(options: { demoData: boolean; environment?: Record<string, string> }) {
  database ??= await createTestDatabase();
  const printed: string[] = [];
  const done = await seedIfEmpty(database.db, {
    shopProfileFile: SHOP_PROFILE_FILE,
    demoData: options.demoData,
    environment: options.environment ?? {},
    print: (line) => printed.push(line),
  });
  const staff = await database.db.select().from(staffMembersTable);
  const products = await database.db.select({ id: productsTable.id }).from(productsTable);
  return { done, printed, staff, products: products.length };
}

function printedPassword(printed: string[]): string | undefined {
  return printed.map((line) => /^Password \(shown once, store it safely\): (\S+)$/.exec(line)?.[1]).find(Boolean);
}

describe("DEMO_DATA", () => {
  it("is on by default for the embedded database and off with DATABASE_URL; either way it can be set", () => {
    expect(readConfig({}).demoData).toBe(true);
    expect(readConfig({ DATABASE_URL: "postgres://shop@db/kura" }).demoData).toBe(false);
    expect(readConfig({ DATABASE_URL: "postgres://shop@db/kura", DEMO_DATA: "1" }).demoData).toBe(true);
    expect(readConfig({ DEMO_DATA: "false" }).demoData).toBe(false);
    expect(() => readConfig({ DEMO_DATA: "yes please" })).toThrow(/DEMO_DATA/);
  });
});

describe("first start on an empty database", () => {
  it("without demo data: the shop profile and a first owner with a password printed once, no catalogue", async () => {
    const first = await setUp({ demoData: false });
    expect(first.done).toBe(true);
    expect(first.products).toBe(0);
    // Not the published e-mail of the legal notice (issue 28 item 5), but a sub-address of it nobody can guess.
    const [local, domain] = profileEmail.split("@");
    expect(first.staff.map((row) => row.role)).toEqual(["owner"]);
    expect(first.staff[0]!.email).not.toBe(profileEmail);
    expect(first.staff[0]!.email).toMatch(new RegExp(`^${local}\\+owner-[0-9a-f]{8}@${domain!.replaceAll(".", "\\.")}$`));
    expect(first.printed).toContain(`Created owner ${first.staff[0]!.email}.`);
    const password = printedPassword(first.printed);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await verifyPassword(first.staff[0]!.passwordHash, password!)).toBe(true);
    expect(first.printed.join("\n")).toContain("/admin/login");

    // A later start leaves the set-up database alone and prints nothing.
    const again = await setUp({ demoData: true });
    expect(again).toMatchObject({ done: false, printed: [], products: 0 });
    expect(again.staff).toHaveLength(1);
  });

  it("gives every shop its own owner password", async () => {
    const one = printedPassword((await setUp({ demoData: false })).printed);
    await database!.close();
    database = undefined;
    const other = printedPassword((await setUp({ demoData: false })).printed);
    expect(one).toBeTruthy();
    expect(other).toBeTruthy();
    expect(one).not.toBe(other);
  });

  it("takes the owner from ADMIN_EMAIL and ADMIN_PASSWORD, as `npm run admin:create` does, and prints no password", async () => {
    const { staff, printed } = await setUp({
      demoData: false,
      environment: { ADMIN_EMAIL: "Trader@Kura.example", ADMIN_PASSWORD: "chosen by the trader 2026" },
    });
    expect(staff.map((row) => [row.email, row.role])).toEqual([["trader@kura.example", "owner"]]);
    expect(await verifyPassword(staff[0]!.passwordHash, "chosen by the trader 2026")).toBe(true);
    expect(printedPassword(printed)).toBeUndefined();
    expect(printed).toContain("Created owner trader@kura.example.");
  });

  it("makes no owner when `npm run admin:create` made one before the first start", async () => {
    database = await createTestDatabase();
    const sessions = new SessionService(database.db, 30);
    const staff = new StaffService(database.db, {
      sessions,
      signInLock: new SignInLock(database.db, { lockMaxAttempts: 10, unlockAfterMinutes: 60 }, "unused: createOrReset never signs in"),
      twoFactor: new StaffTwoFactor(database.db, { sessions }, "unused"),
    });
    await createStaffFromCommand(staff, ["boss@kura.example"], { ADMIN_PASSWORD: "the boss's own password" });
    const { done, printed, staff: rows } = await setUp({ demoData: false });
    expect(done).toBe(true);
    expect(printed).toEqual([]);
    expect(rows.map((row) => row.email)).toEqual(["boss@kura.example"]);
  });
});

describe("npm run db:seed on a shop with books", () => {
  it("is refused while the liquor ledger holds an entry still kept, and changes nothing", async () => {
    await setUp({ demoData: false });
    const db = database!.db;
    const profiles = new ShopProfileService(db);
    const traderProfile = { ...(await profiles.profile()), shopName: { ja: "蔵の店", en: "Kura Shop" } };
    await profiles.save(traderProfile);
    const catalog = new CatalogFactory(db);
    const sold = await catalog.product({
      name: { ja: "売った酒", en: "Sold" },
      liquorType: await catalog.liquorType("sake"),
      imageCount: 1,
      openedOn: "2019-05-31",
    });
    await recordStockMove(db, { productId: sold, kind: "receiving", quantity: 3, actor: "system", movedOn: japanToday() });

    await expect(seedDemoData(db, { shopProfileFile: SHOP_PROFILE_FILE })).rejects.toThrow(
      new RegExp(`^Refused: the liquor ledger \\(stock_moves\\) holds entries that must be kept until ${booksKeptUntil(japanToday())} .*Nothing was changed`),
    );
    expect((await db.select({ id: productsTable.id }).from(productsTable)).map((row) => row.id)).toEqual([sold]);
    expect(await db.select({ id: productImagesTable.productId }).from(productImagesTable)).toHaveLength(1);
    expect((await new ShopProfileService(db).profile()).shopName).toEqual(traderProfile.shopName);
  });
});
