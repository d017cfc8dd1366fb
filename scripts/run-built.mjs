// Runs a compiled server module (e.g. the seed command) from the production build, as `npm start`
// does: an existing build is never rebuilt under running shop processes.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startFromBuild } from "./ensure-build.mjs";

const target = process.argv[2];
if (!target) throw new Error("usage: run-built.mjs <dist/…js> [args]");
await startFromBuild();
process.env.NODE_ENV ??= "production";
process.argv.splice(2, 1);
await import(pathToFileURL(path.resolve(target)).href);
