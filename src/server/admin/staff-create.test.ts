import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../accounts/password.ts";
import { staffMembersTable } from "../db/schema/staff.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { STAFF_CREATE_USAGE, createStaffFromCommand, parseStaffCreateArgs } from "./staff-create.ts";

// `npm run admin:create -- EMAIL [--role staff]`: what the command does, without the process around it.

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
});

afterAll(async () => {
  await shop.close();
});

async function row(email: string) {
  const [found] = await shop.database.db.select().from(staffMembersTable).where(eq(staffMembersTable.email, email));
  return found;
}

function signIn(email: string, password: string) {
  const guest = shop.browserSession();
  return shop.app.inject({ method: "POST", url: "/admin/api/session", headers: guest.headers, payload: { email, password } });
}

describe("parseStaffCreateArgs", () => {
  it("reads the address and an optional role", () => {
    expect(parseStaffCreateArgs(["a@kura.example"])).toEqual({ email: "a@kura.example" });
    expect(parseStaffCreateArgs(["a@kura.example", "--role", "staff"])).toEqual({ email: "a@kura.example", role: "staff" });
    expect(parseStaffCreateArgs(["--role=owner", "a@kura.example"])).toEqual({ email: "a@kura.example", role: "owner" });
  });

  it("refuses a missing address, a bad role and extra arguments with the usage", () => {
    expect(() => parseStaffCreateArgs([])).toThrow(STAFF_CREATE_USAGE);
    expect(() => parseStaffCreateArgs(["a@kura.example", "--role", "admin"])).toThrow("--role must be owner or staff");
    expect(() => parseStaffCreateArgs(["a@kura.example", "--role"])).toThrow("--role must be owner or staff");
    expect(() => parseStaffCreateArgs(["a@kura.example", "b@kura.example"])).toThrow("unexpected argument b@kura.example");
    expect(() => parseStaffCreateArgs(["--force", "a@kura.example"])).toThrow("unexpected argument --force");
  });
});

describe("createStaffFromCommand", () => {
  it("creates an owner with ADMIN_PASSWORD, who can sign in, and prints no password", async () => {
    const lines = await createStaffFromCommand(shop.app.services.staff, ["Boss@Kura.example"], { ADMIN_PASSWORD: "a long secret 2026" });
    expect(lines).toEqual(["Created owner boss@kura.example."]);
    const created = await row("boss@kura.example");
    expect(created).toMatchObject({ role: "owner" });
    expect(created!.passwordHash).not.toContain("a long secret");
    expect(await verifyPassword(created!.passwordHash, "a long secret 2026")).toBe(true);
    // The password is right: a new owner goes on to set up two-step verification (decision 063).
    expect((await signIn("boss@kura.example", "a long secret 2026")).json()).toEqual({ second_factor: "enrol" });
  });

  it("generates and prints a password once when none is given", async () => {
    const lines = await createStaffFromCommand(shop.app.services.staff, ["clerk@kura.example", "--role", "staff"], {});
    expect(lines[0]).toBe("Created staff clerk@kura.example.");
    const password = /^Password \(shown once, store it safely\): (\S+)$/.exec(lines[1]!)?.[1];
    expect(password).toHaveLength(24);
    expect((await signIn("clerk@kura.example", password!)).statusCode).toBe(200);
    const other = await createStaffFromCommand(shop.app.services.staff, ["clerk2@kura.example"], { ADMIN_PASSWORD: "" });
    expect(other[1]).not.toContain(password!);
  });

  it("resets the password of an existing member, lifts a lock and keeps the role unless one is given", async () => {
    await createStaffFromCommand(shop.app.services.staff, ["reset@kura.example", "--role", "staff"], { ADMIN_PASSWORD: "first password" });
    for (let index = 0; index < 10; index++) await signIn("reset@kura.example", `wrong ${index}`);
    expect((await signIn("reset@kura.example", "first password")).json().errors).toEqual(["アカウントはロックされています。"]);
    const lines = await createStaffFromCommand(shop.app.services.staff, ["reset@kura.example"], { ADMIN_PASSWORD: "second password" });
    expect(lines).toEqual(["Password reset for staff reset@kura.example."]);
    expect(await row("reset@kura.example")).toMatchObject({ role: "staff" });
    expect((await signIn("reset@kura.example", "first password")).statusCode).toBe(401);
    expect((await signIn("reset@kura.example", "second password")).statusCode).toBe(200);
    await createStaffFromCommand(shop.app.services.staff, ["reset@kura.example", "--role", "owner"], { ADMIN_PASSWORD: "second password" });
    expect((await row("reset@kura.example"))!.role).toBe("owner");
  });

  it("refuses a malformed address or a short password, and writes nothing", async () => {
    await expect(createStaffFromCommand(shop.app.services.staff, ["not-an-address"], { ADMIN_PASSWORD: "long enough" })).rejects.toThrow("Email is invalid");
    await expect(createStaffFromCommand(shop.app.services.staff, ["short@kura.example"], { ADMIN_PASSWORD: "short" })).rejects.toThrow(
      "Password is too short (minimum is 8 characters)",
    );
    expect(await row("not-an-address")).toBeUndefined();
    expect(await row("short@kura.example")).toBeUndefined();
  });
});
