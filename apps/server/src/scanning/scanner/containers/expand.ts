import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import type { ByteSource } from "../byte-source.js";

/** The compressions the scanner opens (the ones zip members, gzip and joblib files use). */
export type Compression = "deflate-raw" | "gzip" | "zlib";

const CHUNK = 1024 * 1024;

function decompressor(compression: Compression): Transform {
  if (compression === "gzip") return zlib.createGunzip();
  if (compression === "zlib") return zlib.createInflate();
  return zlib.createInflateRaw();
}

/**
 * The first bytes of a compressed stream (to sniff what it holds), without expanding the rest: only
 * its first 16 KiB of input are inflated, which deflate cannot turn into more than about 17 MB.
 */
export function expandHead(source: ByteSource, compression: Compression, want = 64 * 1024): Buffer {
  const input = source.read(0, Math.min(source.size, 16 * 1024));
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 32 * 1024 * 1024 };
  try {
    const out =
      compression === "gzip"
        ? zlib.gunzipSync(input, options)
        : compression === "zlib"
          ? zlib.inflateSync(input, options)
          : zlib.inflateRawSync(input, options);
    return out.subarray(0, want);
  } catch {
    return Buffer.alloc(0);
  }
}

export interface Expanded {
  path: string;
  /** The stream expanded past the limit: only its beginning is in the file. */
  cut: boolean;
  /** The compressed data is damaged (what came out before the damage is in the file). */
  damaged: boolean;
  remove(): Promise<void>;
}

/**
 * Expands a compressed stream into a temp file, streaming (bounded memory), stopping at `maxBytes`
 * so a decompression bomb costs at most that much disk.
 */
export async function expandToFile(
  source: ByteSource,
  compression: Compression,
  tmpDir: string,
  maxBytes: number,
): Promise<Expanded> {
  const path = join(tmpDir, `expand-${randomBytes(8).toString("hex")}`);
  let written = 0;
  let cut = false;
  let damaged = false;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (written + chunk.length > maxBytes) {
        cut = true;
        done(new CutError());
        return;
      }
      written += chunk.length;
      done(null, chunk);
    },
  });
  const input = Readable.from(
    (function* () {
      for (let at = 0; at < source.size; at += CHUNK) yield source.read(at, CHUNK);
    })(),
  );
  try {
    await pipeline(input, decompressor(compression), limit, createWriteStream(path));
  } catch (error) {
    if (!(error instanceof CutError)) damaged = true;
  }
  return { path, cut, damaged, remove: () => rm(path, { force: true }) };
}

class CutError extends Error {}
