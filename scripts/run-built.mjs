// Runs a compiled server module (e.g. the seed command) after making sure the build is current.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

const target = process.argv[2];
if (!target) throw new Error("usage: run-built.mjs <dist/…js> [args]");
ensureBuild();
process.env.NODE_ENV ??= "production";
process.argv.splice(2, 1);
await import(pathToFileURL(path.resolve(target)).href);
