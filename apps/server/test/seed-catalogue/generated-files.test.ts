import { Readable } from "node:stream";
import { parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readGgufHeader } from "../../src/content/derive/gguf-header.js";
import { countsAsDownload } from "../../src/content/downloads/library-rules.js";
import { writeGguf } from "../../src/seed/catalogue/files/gguf-writer.js";
import { tinySafetensors } from "../../src/seed/catalogue/files/safetensors.js";
import { EMBEDDING_FLAG } from "../../src/seed/tiny-gguf/demo-model.js";
import { checkJavaScript } from "@modelhub/testkit";
import { bytesOf, catalogue, ROW_BY_ID } from "./catalogue-fixture.js";

const allFiles = catalogue().repos.flatMap((repo) => repo.files.map((file) => ({ repo, file })));

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe("generated files", () => {
  it("writes GGUF headers that the hub's reader parses back", async () => {
    const bytes = writeGguf([
      ["general.architecture", { kind: "string", value: "llama" }],
      ["general.file_type", { kind: "u32", value: 15 }],
      ["llama.context_length", { kind: "u32", value: 4096 }],
      ["general.size_label", { kind: "u64", value: 8n }],
      ["general.ratio", { kind: "f32", value: 0.5 }],
      ["general.flag", { kind: "bool", value: true }],
      ["tokenizer.ggml.tokens", { kind: "strings", value: ["a", "b", "c"] }],
    ]);
    expect(bytes.length % 32).toBe(0);
    const header = await readGgufHeader(Readable.from([Buffer.from(bytes)]));
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(0);
    expect(Object.fromEntries(header.metadata)).toMatchObject({
      "general.architecture": "llama",
      "general.file_type": 15,
      "llama.context_length": 4096,
      "general.size_label": 8n,
      "general.ratio": 0.5,
      "general.flag": true,
      "tokenizer.ggml.tokens.length": 3,
    });
    const ggufFiles = allFiles.filter(({ file }) => file.path.endsWith(".gguf"));
    expect(ggufFiles.length).toBeGreaterThanOrEqual(20);
    for (const { repo, file } of ggufFiles) {
      const parsed = await readGgufHeader(Readable.from([bytesOf(file)]));
      // The embedding model has no chat turns to template.
      const embedding = ROW_BY_ID.get(repo.id)!.flags.has(EMBEDDING_FLAG);
      expect(parsed.metadata.get("tokenizer.chat_template"), file.path).toEqual(
        embedding ? undefined : expect.any(String),
      );
    }
  });

  it("writes safetensors files whose header describes their data", () => {
    for (const bytes of [
      tinySafetensors("x"),
      ...allFiles
        .filter(({ file }) => file.path.endsWith(".safetensors"))
        .slice(0, 50)
        .map(({ file }) => bytesOf(file)),
    ]) {
      const view = Buffer.from(bytes);
      const headerLength = Number(view.readBigUInt64LE(0));
      const header = JSON.parse(view.subarray(8, 8 + headerLength).toString("utf8")) as Record<
        string,
        { data_offsets?: [number, number] }
      >;
      const end = Math.max(...Object.values(header).map((entry) => entry.data_offsets?.[1] ?? 0));
      expect(8 + headerLength + end).toBe(view.length);
    }
  });

  it("writes Parquet, CSV and JSONL data that reads back", async () => {
    const data = allFiles.filter(({ file }) => file.path.startsWith("data/"));
    const formats = new Set(data.map(({ file }) => file.path.split(".").pop()));
    expect([...formats].sort()).toEqual(["csv", "jsonl", "parquet"]);
    for (const { repo, file } of data) {
      const bytes = bytesOf(file);
      const expected = file.path.includes("train") ? 24 : 8;
      if (file.path.endsWith(".parquet")) {
        const rows = await parquetReadObjects({ file: toArrayBuffer(bytes) });
        expect(rows, repo.id).toHaveLength(expected);
        expect(Object.keys(rows[0]).length, repo.id).toBeGreaterThan(1);
      } else if (file.path.endsWith(".jsonl")) {
        const lines = bytes.toString("utf8").trim().split("\n");
        expect(lines, repo.id).toHaveLength(expected);
        for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      } else {
        const lines = bytes.toString("utf8").trim().split("\n");
        expect(lines.length, repo.id).toBeGreaterThanOrEqual(expected + 1);
      }
    }
  });

  it("writes speechbrain hyperparameters and JSON configs that parse", () => {
    for (const { repo, file } of allFiles) {
      if (file.path.endsWith(".json"))
        expect(
          () => JSON.parse(bytesOf(file).toString("utf8")) as unknown,
          `${repo.id}/${file.path}`,
        ).not.toThrow();
      if (file.path === "hyperparams.yaml") {
        const value = parse(bytesOf(file).toString("utf8"), { logLevel: "silent" }) as Record<
          string,
          unknown
        >;
        expect(value.speechbrain_interface, repo.id).toEqual(expect.any(String));
      }
    }
  });

  it("names files the way each library's download rule expects", () => {
    const uncounted = catalogue()
      .repos.filter((repo) => repo.type === "model")
      .filter((repo) => {
        const row = ROW_BY_ID.get(repo.id)!;
        // The Hub counts LoRA repos and skops files by other means; their layout is still the usual one.
        if (row.flags.has("lora") || row.flags.get("skl")?.endsWith(".skops")) return false;
        return !repo.files.some((file) => countsAsDownload("model", row.library, file.path));
      })
      .map((repo) => repo.id);
    expect(uncounted).toEqual([]);
  });

  it("ships spaces as self-contained pages with valid scripts", () => {
    const pages = allFiles.filter(({ repo, file }) => repo.type === "space" && file.path === "index.html");
    expect(pages.length).toBeGreaterThanOrEqual(20);
    const bodies = new Set<string>();
    for (const { repo, file } of pages) {
      const html = bytesOf(file).toString("utf8");
      bodies.add(html);
      expect(html, repo.id).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
      const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? "";
      expect(script.length, repo.id).toBeGreaterThan(200);
      expect(checkJavaScript(script), repo.id).toBeNull();
    }
    expect(bodies.size).toBe(pages.length);
  });
});
