#!/usr/bin/env node
// Builds only what changed since the last build: the TypeScript projects (server and packages) and the
// web app, each when its hashed inputs differ from its last good build (stamps in node_modules/.cache).
//   node scripts/build-if-changed.mjs          (npm start) a changed part gets the quick build: sources
//                                              transpiled without type check, web assets compressed fast
//   node scripts/build-if-changed.mjs --force  (npm run build, CI) every part gets the typed build:
//                                              tsc -b, web type check, brotli at its best quality
// A stamp records which build produced the outputs, so a later start after either build is a no-op.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BuildFailure, buildParts } from "./build/build-parts.mjs";
import { hubParts } from "./build/hub-parts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
try {
  await buildParts({ root, parts: hubParts(), force: process.argv.includes("--force") });
} catch (error) {
  if (!(error instanceof BuildFailure)) throw error;
  process.exitCode = error.exitCode;
}
