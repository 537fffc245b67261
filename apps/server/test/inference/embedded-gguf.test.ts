import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGgufHeader } from "../../src/content/derive/gguf-header.js";
import { loadLlamaBinding } from "../../src/inference/embedded/llama-binding.js";
import { pickGgufFile } from "../../src/inference/embedded/pick-gguf.js";
import { TINY_LLAMA, buildTinyLlamaGguf } from "../../src/seed/tiny-gguf/tiny-llama.js";
import { buildVocabulary } from "../../src/seed/tiny-gguf/vocabulary.js";

describe("the tiny GGUF generator", () => {
  let dir: string;
  let file: string;
  let bytes: Uint8Array;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-tiny-gguf-"));
    file = path.join(dir, "tiny-llama-chat-F32.gguf");
    bytes = buildTinyLlamaGguf();
    fs.writeFileSync(file, bytes);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes the same small file every time, with the llama header the hub derives", async () => {
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    expect(sha(buildTinyLlamaGguf())).toBe(sha(bytes));
    const header = await readGgufHeader(Readable.from([Buffer.from(bytes)]));
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(3 + 9 * TINY_LLAMA.blocks);
    expect(header.metadata.get("general.architecture")).toBe("llama");
    expect(header.metadata.get("llama.context_length")).toBe(TINY_LLAMA.contextLength);
    expect(header.metadata.get("general.file_type")).toBe(0);
    expect(header.metadata.get("tokenizer.ggml.model")).toBe("llama");
    expect(header.metadata.get("tokenizer.chat_template")).toMatch(/<\|im_start\|>/);
  });

  it("has a SentencePiece-style vocabulary: specials, 256 byte tokens, whole words reachable by merges", () => {
    const vocab = buildVocabulary();
    expect(vocab.tokens.slice(0, 3)).toEqual(["<unk>", "<s>", "</s>"]);
    expect(vocab.tokens.filter((token) => /^<0x[0-9A-F]{2}>$/.test(token))).toHaveLength(256);
    expect(new Set(vocab.tokens).size).toBe(vocab.tokens.length);
    expect(vocab.tokens.length).toBeGreaterThan(400);
    expect(vocab.tokens.length).toBeLessThan(1000);
    for (const token of vocab.tokens.filter((t) => t.startsWith("\u2581") && t.length > 2))
      expect(vocab.tokens, token).toContain(token.slice(0, -1));
  });

  it("loads in llama.cpp (node-llama-cpp), tokenizes words whole and generates tokens", async () => {
    const { lib, llama } = await loadLlamaBinding();
    const model = await llama.loadModel({ modelPath: file });
    try {
      expect(model.fileInfo.metadata.general.architecture).toBe("llama");
      const tokens = model.tokenize("hello world, the model");
      expect(model.detokenize(tokens)).toBe("hello world, the model");
      expect(tokens.length).toBeLessThanOrEqual(6);
      expect(model.tokenize("ça")).not.toContain(model.tokens.bos); // bytes fall back, nothing is lost
      expect(model.detokenize(model.tokenize("ça"))).toBe("ça");

      const context = await model.createContext({ contextSize: 256, threads: 1 });
      const completion = new lib.LlamaCompletion({ contextSequence: context.getSequence() });
      let generated = 0;
      await completion.generateCompletion("the model hub", {
        maxTokens: 24,
        seed: 7,
        temperature: 0.8,
        onToken: (chunk) => {
          generated += chunk.length;
        },
      });
      expect(generated).toBeGreaterThan(0);
      expect(generated).toBeLessThanOrEqual(24);
      await context.dispose();
    } finally {
      await model.dispose();
    }
  });
});

describe('choosing a GGUF file for "auto"', () => {
  it("takes Q4_K_M, else the nearest quantisation, else the first file", () => {
    expect(pickGgufFile(["m-Q8_0.gguf", "m-Q4_K_M.gguf", "m-Q2_K.gguf"])).toBe("m-Q4_K_M.gguf");
    expect(pickGgufFile(["m-Q8_0.gguf", "m-Q4_K_S.gguf", "m-Q2_K.gguf"])).toBe("m-Q4_K_S.gguf");
    expect(pickGgufFile(["m-Q8_0.gguf", "m-F16.gguf"])).toBe("m-Q8_0.gguf");
    expect(pickGgufFile(["tiny-llama-chat-F32.gguf", "README.md"])).toBe("tiny-llama-chat-F32.gguf");
    expect(pickGgufFile(["b.gguf", "a.gguf"])).toBe("a.gguf");
    expect(pickGgufFile(["mmproj-m-F16.gguf", "m-00002-of-00002.gguf", "m-00001-of-00002.gguf"])).toBe(
      "m-00001-of-00002.gguf",
    );
    expect(pickGgufFile(["README.md"])).toBeUndefined();
  });
});
