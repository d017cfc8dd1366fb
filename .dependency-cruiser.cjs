/**
 * Module boundaries checked by `npm run lint` (decision 028, docs/architecture.md "Layers and the direction of dependencies").
 * ESLint checks style inside a file; dependency-cruiser checks the import graph, which is
 * what cycles and feature/table boundaries are about, in one pass over src/.
 */
/**
 * Which server modules may import each schema file (src/server/db/schema/<file>.ts): the module that
 * owns the tables. Everyone else reads through that module's service or a read model it publishes
 * (docs/architecture.md: module-owns-its-tables). db/ (client, migrations, seed), backup/, testing/ and tests
 * may import any of them.
 */
const TABLE_OWNERS = {
  // Resetting a staff member's second factor ends their sessions in the same transaction (decision 063).
  accounts: ["accounts", "admin/staff-two-factor\\.ts"],
  address: ["address"],
  cart: ["cart"],
  // TODO(images): images and image_variants are the images module's; move them to schema/images.ts.
  catalog: ["catalog", "images"],
  documents: ["documents"],
  http: ["http"],
  inquiries: ["inquiries"],
  magazine: ["magazine"],
  mail: ["mail"],
  // The back office's order pages, the CSV exports and B2 Cloud read orders through OrdersService
  // and the one order view; checkout writes the orders it places (and its idempotency keys).
  orders: ["orders", "checkout"],
  payments: ["payments"],
  shop: ["shop"],
  // Staff accounts are the back office's; others read them through admin/staff-directory.ts. The
  // session lookup (accounts) joins staff_members on every request, in the one query that finds
  // the session: kept as an exception, the join is the session's own read.
  staff: ["admin", "accounts/session\\.service"],
  uploads: ["images"],
  // Kept transaction records (decision 062): written only through records/transaction-records.ts.
  records: ["records"],
  // Card-testing counters (decision 064) and the staff audit log (decision 065).
  security: ["payments/card-testing\\.ts", "audit"],
  // Long back-office work and its results (decision 069).
  jobs: ["jobs"],
  // Coupons and their uses (decision 086); checkout books a use through the coupons service.
  coupons: ["coupons"],
  // 再入荷のお知らせ and お気に入り (decision 083).
  wishlist: ["wishlist"],
  // 抽選販売 (decision 084): lotteries and their entries.
  lottery: ["lottery"],
  // Member ranks (decision 090): their definitions and each member's stored rank.
  ranks: ["ranks"],
  // Points (decision 089): balances, the ledger, each order's points and the trader's rule; checkout and order moves go through the points service.
  points: ["points"],
};

const tableOwnershipRules = Object.entries(TABLE_OWNERS).map(([schema, owners]) => ({
  name: `module-owns-its-tables:${schema}`,
  severity: "error",
  comment: `schema/${schema}.ts belongs to ${owners.join(", ")}: read through that module's service or read model instead.`,
  from: {
    path: "^src/server/",
    pathNot: ["^src/server/(db|backup|testing)/", "\\.test\\.ts$", ...owners.map((owner) => `^src/server/${owner}`)],
  },
  to: { path: `^src/server/db/schema/${schema}\\.ts$` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tableOwnershipRules,
    {
      name: "schema-file-has-an-owner",
      severity: "error",
      comment: "Every schema file names its owning module in TABLE_OWNERS (.dependency-cruiser.cjs).",
      from: { path: "^src/server/", pathNot: "^src/server/(db|backup|testing)/" },
      to: { path: "^src/server/db/schema/", pathNot: `^src/server/db/schema/(${Object.keys(TABLE_OWNERS).join("|")})\\.ts$` },
    },
    {
      name: "service-to-http",
      severity: "error",
      comment:
        "Services raise DomainError (src/domain/errors.ts) and know nothing of HTTP; only route files (*.routes.ts), app.ts and testing/ use src/server/http/ (decision 032).",
      from: {
        path: "^src/server/",
        pathNot: ["^src/server/http/", "\\.routes\\.ts$", "^src/server/app\\.ts$", "^src/server/testing/", "\\.test\\.ts$"],
      },
      to: { path: "^src/server/http/" },
    },
    {
      name: "no-cycle",
      severity: "error",
      comment: "An import cycle (type-only ones too) ties modules together and makes load order matter; move the shared part down.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "web-feature-to-feature",
      severity: "error",
      comment: "Web features import each other only through src/web/shared/ (decision 028).",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "web-shared-to-feature",
      severity: "error",
      comment: "src/web/shared/ is below the features: it never imports one (or it would carry their dependencies to every feature).",
      from: { path: "^src/web/shared/" },
      to: { path: "^src/web/features/" },
    },
    {
      name: "web-or-domain-to-server",
      severity: "error",
      comment: "web/ and domain/ never import server/ (the browser bundle must not pull in server code).",
      from: { path: "^src/(web|domain)/" },
      to: { path: "^src/server/" },
    },
    {
      name: "domain-to-web",
      severity: "error",
      comment: "domain/ is shared by server and browser and depends on neither.",
      from: { path: "^src/domain/" },
      to: { path: "^src/(web|server)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
