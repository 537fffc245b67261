import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";

/** Files DuckDB writes for a test (Parquet, zstd CSV), read back as bytes. */
export async function duckdbFiles(statements: Record<string, string>): Promise<Record<string, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), "dsfix-"));
  const instance = await DuckDBInstance.create(":memory:", { threads: "2" });
  const connection = await instance.connect();
  const out: Record<string, Buffer> = {};
  try {
    for (const [name, select] of Object.entries(statements)) {
      const path = join(dir, name.replace(/\//g, "_"));
      const format = name.endsWith(".parquet") ? "FORMAT parquet" : "FORMAT csv, HEADER, COMPRESSION zstd";
      await connection.run(`COPY (${select}) TO '${path}' (${format})`);
      out[name] = readFileSync(path);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export function gzip(text: string): Buffer {
  return gzipSync(Buffer.from(text));
}

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A short silent WAV. */
export function wav(): Buffer {
  const samples = 80;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(16000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples * 2, 40);
  return buffer;
}
