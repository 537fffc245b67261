#!/usr/bin/env node
// Rewrites the brotli copies a quick web build left beside its assets at the best quality, one file at a
// time, in the background of a start: the hub serves the quick copies until each better one is renamed
// over it (it reads a copy per request). Usage: node scripts/build/recompress.mjs <web dist folder>
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const dir = path.resolve(process.argv[2] ?? "apps/web/dist");
const copies = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".br"));
for (const copy of copies) {
  const copyPath = path.join(dir, copy);
  const source = copyPath.slice(0, -".br".length);
  if (!existsSync(source)) continue;
  const bytes = readFileSync(source);
  const best = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  // a new build may have replaced the folder meanwhile: only a copy of the same bytes is replaced
  if (!existsSync(copyPath) || best.length >= statSync(copyPath).size) continue;
  if (!existsSync(source) || !readFileSync(source).equals(bytes)) continue;
  writeFileSync(`${copyPath}.tmp`, best);
  renameSync(`${copyPath}.tmp`, copyPath);
}
