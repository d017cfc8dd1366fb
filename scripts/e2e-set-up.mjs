// The browser tests' database set up exactly as the shop's first start sets it up (migrations, the
// demo catalogue, the first owner of ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET), run by
// scripts/e2e-server.mjs in a process of its own before anything else touches the database.
// E2E_DEV=1 runs under tsx from the sources; otherwise from the build.
const [source, extension] = process.env.E2E_DEV ? ["../src/server", "ts"] : ["../dist/server", "js"];
const { readConfig } = await import(`${source}/config.${extension}`);
const { openDatabase } = await import(`${source}/db/open-database.${extension}`);
await (await openDatabase(readConfig())).close();
