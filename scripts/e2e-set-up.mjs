// The browser tests' database set up exactly as the shop's first start sets it up (migrations, the
// demo catalogue, the first owner of ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET), run by
// scripts/e2e-server.mjs in a process of its own before anything else touches the database. Then
// one more owner per further test worker (E2E_MORE_OWNERS, tests/e2e/e2e-owner.ts), each with its
// own authenticator key, so the workers never wait for each other's code steps.
// E2E_DEV=1 runs under tsx from the sources; otherwise from the build.
const [source, extension] = process.env.E2E_DEV ? ["../src/server", "ts"] : ["../dist/server", "js"];
const { readConfig } = await import(`${source}/config.${extension}`);
const { openDatabase } = await import(`${source}/db/open-database.${extension}`);
const { createOwner } = await import(`${source}/db/seed/seed.${extension}`);
const handle = await openDatabase(readConfig());
try {
  for (const owner of JSON.parse(process.env.E2E_MORE_OWNERS ?? "[]")) {
    await createOwner(handle.db, owner.email, { ADMIN_PASSWORD: owner.password, ADMIN_TOTP_SECRET: owner.totpSecret });
  }
} finally {
  await handle.close();
}
