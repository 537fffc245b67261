import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files worth compressing; images, fonts and wasm of the build are already compressed or tiny. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest|wasm)$/i;
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 1024;
/**
 * `npm start`'s quick build (MODELHUB_PRECOMPRESS=quick) writes brotli copies ≈ 9 % larger, 30 times
 * faster, and rewrites them at the best quality in the background (scripts/build/recompress.mjs);
 * `npm run build` compresses at the best quality at once.
 */
const BROTLI_QUALITY = process.env.MODELHUB_PRECOMPRESS === "quick" ? 5 : constants.BROTLI_MAX_QUALITY;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside one file, each only when it is smaller than the file. */
async function precompressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
}

/**
 * After the build, writes brotli and gzip copies of every compressible file of the output folder so the
 * hub serves them by `Accept-Encoding` without compressing per request (see the server's web routes).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "modelhub-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
