#!/usr/bin/env node
// Builds only what changed since the last build: the TypeScript projects (tsc -b, incremental) when
// their sources changed, the web app (type check + vite build + precompression) when its inputs did.
// Each part's inputs are hashed; the hash of the last good build sits in node_modules/.cache.
// `--force` builds both parts regardless (what `npm run build` does, for CI) and records the hashes.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "node_modules", ".cache", "modelhub", "build-inputs.json");
const force = process.argv.includes("--force");

const PACKAGES = ["packages/api-types", "packages/tasks", "packages/inference"];
const SKIP = new Set(["node_modules", "dist", "e2e", "test", "bench", "README.md"]);
const SHARED = ["package-lock.json", "tsconfig.base.json"];

const parts = [
  {
    name: "server and packages (tsc -b)",
    key: "tsc",
    inputs: [
      ...SHARED,
      ...[...PACKAGES, "apps/server"].flatMap((dir) => [
        `${dir}/src`,
        `${dir}/tsconfig.json`,
        `${dir}/package.json`,
      ]),
    ],
    output: "apps/server/dist/cli/main.js",
    command: [
      process.execPath,
      [path.join(root, "node_modules/typescript/bin/tsc"), "-b", ...PACKAGES, "apps/server"],
    ],
  },
  {
    name: "web app (vite)",
    key: "web",
    // the web bundles the packages' compiled output, so their inputs count too
    inputs: [...SHARED, "apps/web", ...PACKAGES],
    output: "apps/web/dist/index.html",
    command: ["npm", ["run", "build", "-w", "@modelhub/web", "--if-present"]],
  },
];

/** Every file under the given paths (skipping outputs, tests and dependencies), sorted. */
function filesOf(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name) && !entry.name.endsWith(".tsbuildinfo"))
    .flatMap((entry) => filesOf(path.join(relative, entry.name)))
    .sort();
}

function hashOf(inputs) {
  const hash = createHash("sha256");
  for (const file of [...new Set(inputs.flatMap(filesOf))].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

function readStamps() {
  try {
    return JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    return {};
  }
}

const stamps = readStamps();
for (const part of parts) {
  const hash = hashOf(part.inputs);
  if (!force && stamps[part.key] === hash && existsSync(path.join(root, part.output))) {
    console.log(`${part.name}: up to date`);
    continue;
  }
  const started = performance.now();
  const [command, args] = part.command;
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`${part.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // hashed again: a build that rewrote an input (none should) must not leave a stale stamp
  stamps[part.key] = hashOf(part.inputs);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify(stamps, null, 2));
}
