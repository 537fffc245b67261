import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../build/recompress.mjs", import.meta.url));
const TEXT = Array.from({ length: 3000 }, (_, i) => `export const line${i} = "value ${i % 17}";`).join("\n");

describe("recompress: the quick build's brotli copies rewritten at the best quality", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-recompress-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("replaces each copy by a smaller one of the same bytes, and leaves a copy without its file alone", () => {
    fs.mkdirSync(path.join(dir, "assets"));
    const asset = path.join(dir, "assets", "app.js");
    fs.writeFileSync(asset, TEXT);
    const quick = brotliCompressSync(TEXT, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    fs.writeFileSync(`${asset}.br`, quick);
    fs.writeFileSync(path.join(dir, "assets", "gone.js.br"), quick);

    execFileSync(process.execPath, [script, dir]);

    const best = fs.readFileSync(`${asset}.br`);
    expect(best.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(best).toString()).toBe(TEXT);
    expect(fs.readFileSync(path.join(dir, "assets", "gone.js.br")).equals(quick)).toBe(true);
    expect(fs.readdirSync(path.join(dir, "assets")).sort()).toEqual(["app.js", "app.js.br", "gone.js.br"]);
  });
});
