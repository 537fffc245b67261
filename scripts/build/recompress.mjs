#!/usr/bin/env node
// Rewrites the brotli copies a quick web build left beside its assets at the best quality, one file at a
// time, in the background of a start: the hub serves the quick copies until each better one is renamed
// over it (it reads a copy per request). Usage: node scripts/build/recompress.mjs <web dist folder>
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const dir = path.resolve(process.argv[2] ?? "apps/web/dist");
const copies = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".br"));
/** Replaces one quick copy with a best-quality one of the same bytes. */
function recompress(copyPath) {
  const source = copyPath.slice(0, -".br".length);
  if (!existsSync(source)) return;
  const bytes = readFileSync(source);
  const best = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  // a new build may have replaced the folder meanwhile: only a copy of the same bytes is replaced
  if (!existsSync(copyPath) || best.length >= statSync(copyPath).size) return;
  if (!existsSync(source) || !readFileSync(source).equals(bytes)) return;
  writeFileSync(`${copyPath}.tmp`, best);
  renameSync(`${copyPath}.tmp`, copyPath);
}

for (const copy of copies) {
  try {
    recompress(path.join(dir, copy));
  } catch {
    // the folder was removed or rebuilt under us: the quick copies (or the new build's) stay
  }
}
