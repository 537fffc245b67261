#!/usr/bin/env node
// Prints the gzipped size of the JavaScript a first visit downloads (the entry chunk and every chunk it
// imports statically), plus what opening a model page adds. Run after `npm run build -w @modelhub/web`.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 250;
const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : fileURLToPath(new URL("../dist/", import.meta.url));
const indexFile = path.join(dist, "index.html");
if (!existsSync(indexFile)) {
  console.error("apps/web/dist/index.html is missing: build the web app first.");
  process.exit(1);
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Static imports of a chunk (`import … from "./x.js"` / `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file) {
  const source = readFileSync(path.join(dist, file), "utf8");
  const found = new Set();
  for (const match of source.matchAll(
    /(?:^|[;\s}])import\s*(?:[\w${}\s,*]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
  )) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return [...found];
}

function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const html = readFileSync(indexFile, "utf8");
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]);
const initial = closure([...entries, ...preloads]);
const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);

console.log("Initial JavaScript (gzip -9):");
for (const file of initial) console.log(`  ${file.padEnd(40)} ${kb(gz(file))}`);
console.log(`  total${" ".repeat(35)} ${kb(initialBytes)}  (budget ${BUDGET_KB} KB)`);
for (const file of css) console.log(`Initial CSS ${file}: ${kb(gz(file))}`);

const assets = readdirSync(path.join(dist, "assets"));
const modelChunk = assets.find((name) => /^model-[\w-]+\.js$/.test(name));
if (modelChunk) {
  const extra = [...closure([`assets/${modelChunk}`])].filter((file) => !initial.has(file));
  const extraBytes = extra.reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `Model page adds ${kb(extraBytes)} (${extra.length} chunks) before its lazy markdown/highlighter chunks.`,
  );
}
const lazy = ["markdown", "highlight"]
  .map((name) => assets.find((a) => a.startsWith(`${name}-`) && a.endsWith(".js")))
  .filter(Boolean);
for (const file of lazy) console.log(`Lazy chunk ${file}: ${kb(gz(`assets/${file}`))}`);

if (initialBytes > BUDGET_KB * 1024) {
  console.error(`Initial JavaScript exceeds the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
