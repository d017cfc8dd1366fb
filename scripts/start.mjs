// `npm start`: the production build on the embedded database (or DATABASE_URL). An existing build
// is used as it is — several processes of one shop start from the same folder, and none may
// rebuild it under the others (a deployment runs `npm run build` once, before starting them). Only
// a fresh clone without any build is built first, so `npm install && npm start` stays one step.
import { startFromBuild } from "./ensure-build.mjs";

await startFromBuild();
process.env.NODE_ENV = "production";
await import("../dist/server/main.js");
