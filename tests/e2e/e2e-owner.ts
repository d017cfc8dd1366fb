// The back-office owner of the browser tests' server. playwright.config.ts hands these to the test
// server as ADMIN_EMAIL and ADMIN_PASSWORD, and its first start creates the owner from them the
// way `npm run admin:create` does. Only that server ever gets this password: a real shop's first
// owner gets a generated one (docs/first-deployment.md).
export const E2E_OWNER = { email: "owner@kura-e2e.example", password: "e2e-only-owner-password" } as const;
