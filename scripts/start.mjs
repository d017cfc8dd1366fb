// `npm start`: the production build on the embedded database (or DATABASE_URL), built first when
// the sources are newer than the last build.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV = "production";
await import("../dist/server/main.js");
