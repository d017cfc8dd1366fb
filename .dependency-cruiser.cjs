/**
 * Module boundaries checked by `npm run lint` (decision 028, DESIGN.md "Built to grow").
 * ESLint checks style inside a file; dependency-cruiser checks the import graph, which is
 * what cycles and feature/table boundaries are about, in one pass over src/.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
      comment: "Web features import each other only through src/web/shared/ (DESIGN.md).",
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
