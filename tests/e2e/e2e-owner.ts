// The back-office owner of the browser tests' server. playwright.config.ts hands these to the test
// server as ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET, and its first start creates the
// owner from them the way `npm run admin:create` does, enrolled in two-step verification with this
// key (decision 063: an owner always signs in with a second factor). Only that server ever gets
// this password and key: a real shop's first owner gets a generated password and enrols at the
// first sign-in (docs/first-deployment.md).
export const E2E_OWNER = { email: "owner@kura-e2e.example", password: "e2e-only-owner-password", totpSecret: "KURAE2EOWNERKEYFORTESTSONLY23456" } as const;

// A staff account without a second factor, which the journeys use to read the built-in mailbox
// (any staff member may): scripts/e2e-server.mjs creates it with `npm run admin:create` before the
// server starts. Its sign-ins do not spend the owner's codes, which each 30-second step allows once.
export const E2E_MAIL_READER = { email: "mailbox@kura-e2e.example", password: "e2e-only-mailbox-password" } as const;
