// The back-office owner of the browser tests' server. playwright.config.ts hands these to the test
// server as ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET, and its first start creates the
// owner from them the way `npm run admin:create` does, enrolled in two-step verification with this
// key (decision 063: an owner always signs in with a second factor). Only that server ever gets
// this password and key: a real shop's first owner gets a generated password and enrols at the
// first sign-in (docs/first-deployment.md).
//
// One owner per test worker (Playwright's TEST_PARALLEL_INDEX: 0 or 1, the config's two workers):
// the server takes each 30-second code step once per owner, so two workers signing in as one owner
// waited on each other's steps under load. The first is the server's first owner; the set-up makes
// the second (scripts/e2e-set-up.mjs, from E2E_MORE_OWNERS).
export const E2E_OWNERS = [
  { email: "owner@kura-e2e.example", password: "e2e-only-owner-password", totpSecret: "KURAE2EOWNERKEYFORTESTSONLY23456" },
  { email: "owner2@kura-e2e.example", password: "e2e-only-owner2-password", totpSecret: "KURAE2ESECONDOWNERKEYFORTESTS234" },
] as const;

export const E2E_OWNER = E2E_OWNERS[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_OWNERS.length] ?? E2E_OWNERS[0];

// A staff account without a second factor, which the journeys use to read the built-in mailbox
// (any staff member may): scripts/e2e-server.mjs creates it with `npm run admin:create` before the
// server starts. Its sign-ins do not spend the owner's codes, which each 30-second step allows once.
export const E2E_MAIL_READER = { email: "mailbox@kura-e2e.example", password: "e2e-only-mailbox-password" } as const;
