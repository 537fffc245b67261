/** The pure parts behind token-classification and question-answering answers (no model, no hub). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastTokenizer, TokenizationError } from "../../src/inference/onnx/fast-tokenizer.js";
import { readImageHeader } from "../../src/inference/onnx/image-header.js";
import { answersFromWindows, type QaWindow } from "../../src/inference/onnx/qa-spans.js";
import { taskJob } from "../../src/inference/onnx/task-requests.js";
import {
  aggregateTokens,
  scoredTokens,
  type EntityGroup,
  type TokenEntity,
} from "../../src/inference/onnx/token-aggregation.js";
import { tokenizerConfigJson, tokenizerJson } from "../../src/seed/tiny-onnx/wordpiece-tokenizer.js";

const LABELS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC"];
/** Probabilities that make `label` the token's label with `score`. */
const prob = (label: string, score: number) =>
  LABELS.map((l) => (l === label ? score : (1 - score) / (LABELS.length - 1)));

describe("token-classification aggregation and QA spans", () => {
  let dir: string;
  let tokenizer: FastTokenizer;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-tokenizer-"));
    fs.writeFileSync(path.join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson()));
    fs.writeFileSync(path.join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfigJson()));
    fs.writeFileSync(path.join(dir, "config.json"), "{}");
    tokenizer = FastTokenizer.load(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The tokens of `text` labelled in order. */
  async function labelled(text: string, labels: [string, number][]) {
    const encoding = await tokenizer.encode(text);
    let next = 0;
    const probabilities = encoding.ids.map((_, i) =>
      encoding.specialMask[i] === 1 ? prob("O", 1) : prob(...labels[next++]),
    );
    expect(next).toBe(labels.length);
    return scoredTokens(text, encoding, probabilities, tokenizer);
  }

  it("takes offsets from the tokenizer: accents, CJK and emoji keep their characters (code points)", async () => {
    const text = "Café 😀 in 東京";
    const tokens = await labelled(text, [
      ["B-LOC", 0.9], // c
      ["I-LOC", 0.8], // ##a
      ["I-LOC", 0.7], // ##f
      ["I-LOC", 0.6], // ##e
      ["O", 0.9], // 😀
      ["O", 0.9], // in
      ["B-LOC", 0.5], // 東
      ["I-LOC", 0.7], // 京
    ]);
    expect(tokens.map((t) => [t.word, t.start, t.end, t.isSubword])).toEqual([
      ["c", 0, 1, false],
      ["##a", 1, 2, true],
      ["##f", 2, 3, true],
      ["##e", 3, 4, true],
      ["😀", 5, 6, false],
      ["in", 7, 9, false],
      ["東", 10, 11, false],
      ["京", 11, 12, false],
    ]);
    const groups = aggregateTokens(tokens, LABELS, "simple", new Set(["O"]), tokenizer) as EntityGroup[];
    expect(groups.map((g) => [g.entity_group, g.word, g.start, g.end])).toEqual([
      ["LOC", "cafe", 0, 4],
      ["LOC", "東 京", 10, 12],
    ]);
    expect(groups[0].score).toBeCloseTo(0.75, 12);
  });

  it("simple never glues a piece of another type to a word, nor drops a word whose first piece is O", async () => {
    // "Zürich": z (B-LOC) ##u (I-PER) ##r ##i ##c ##h (I-LOC); "is" O; "paris": p (O) ##aris... (I-LOC)
    const tokens = await labelled("Zürich is paris", [
      ["B-LOC", 0.9],
      ["I-PER", 0.6],
      ["I-LOC", 0.8],
      ["I-LOC", 0.8],
      ["I-LOC", 0.8],
      ["I-LOC", 0.8],
      ["O", 0.9],
      ["O", 0.4],
    ]);
    const simple = aggregateTokens(tokens, LABELS, "simple", new Set(["O"]), tokenizer) as EntityGroup[];
    expect(simple.map((g) => [g.entity_group, g.word, g.start, g.end])).toEqual([
      ["LOC", "z", 0, 1],
      ["PER", "##u", 1, 2],
      ["LOC", "##rich", 2, 6],
    ]);
    // Word-level strategies label "zurich" as one word; "paris" (one token, O) is a word of its own.
    const first = aggregateTokens(tokens, LABELS, "first", new Set(), tokenizer) as EntityGroup[];
    expect(first.map((g) => [g.entity_group, g.word, g.start, g.end])).toEqual([
      ["LOC", "zurich", 0, 6],
      ["O", "is paris", 7, 15],
    ]);
    expect(first[0].score).toBeCloseTo(0.9, 12);
    const max = aggregateTokens(tokens, LABELS, "max", new Set(["O"]), tokenizer) as EntityGroup[];
    expect(max.map((g) => [g.entity_group, g.word, g.score])).toEqual([["LOC", "zurich", 0.9]]);
    const average = aggregateTokens(tokens, LABELS, "average", new Set(["O"]), tokenizer) as EntityGroup[];
    // Mean of z (0.9), ##u (I-PER 0.6, so I-LOC 0.1), and four I-LOC 0.8 pieces: I-LOC wins.
    expect(average.map((g) => [g.entity_group, g.word])).toEqual([["LOC", "zurich"]]);
    expect(average[0].score).toBeCloseTo((0.025 + 0.1 + 0.8 * 4) / 6, 12);
    const none = aggregateTokens(tokens, LABELS, "none", new Set(["O"]), tokenizer) as TokenEntity[];
    expect(none.map((t) => [t.entity, t.index, t.word])).toEqual([
      ["B-LOC", 1, "z"],
      ["I-PER", 2, "##u"],
      ["I-LOC", 3, "##r"],
      ["I-LOC", 4, "##i"],
      ["I-LOC", 5, "##c"],
      ["I-LOC", 6, "##h"],
    ]);
    // A B- tag always starts a new group.
    const split = await labelled("paris london", [
      ["B-LOC", 0.9],
      ["B-LOC", 0.9],
    ]);
    expect(
      (aggregateTokens(split, LABELS, "simple", new Set(), tokenizer) as EntityGroup[]).map((g) => g.word),
    ).toEqual(["paris", "london"]);
  });

  it("cuts long texts and splits long contexts into overlapping windows, as transformers' tokenizer does", async () => {
    const text = "the hub ".repeat(400);
    const cut = await tokenizer.encode(text);
    expect(cut.ids).toHaveLength(512);
    expect([cut.tokens[0], cut.tokens.at(-1)]).toEqual(["[CLS]", "[SEP]"]);

    const context = Array.from({ length: 60 }, (_, i) => `w${i}`).join(" ");
    const windows = await tokenizer.encodeWindows("who is it", context, 40, 8);
    expect(windows.length).toBeGreaterThan(2);
    const contextTokens = windows.map((w) =>
      w.offsets.filter((_, i) => w.sequenceIds[i] === 1).map(([start]) => start),
    );
    for (const [i, window] of windows.entries()) {
      expect(window.ids.length).toBeLessThanOrEqual(40);
      expect(window.tokens.slice(0, 5)).toEqual(["[CLS]", "who", "is", "it", "[SEP]"]);
      expect(window.tokens.at(-1)).toBe("[SEP]");
      if (i > 0) expect(contextTokens[i].slice(0, 8)).toEqual(contextTokens[i - 1].slice(-8));
    }
    const seen = new Set(contextTokens.flat());
    const all = (await tokenizer.encodeWindows("who is it", context, 512, 8))[0];
    expect(all.offsets.filter((_, i) => all.sequenceIds[i] === 1).every(([start]) => seen.has(start))).toBe(
      true,
    );
    // A stride that cannot move on, or a question that fills the window: an error, not a crash.
    await expect(tokenizer.encodeWindows("who is it", context, 40, 40)).rejects.toThrow(TokenizationError);
    await expect(tokenizer.encodeWindows("who is it ".repeat(20), context, 40, 8)).rejects.toThrow(
      TokenizationError,
    );
  });

  it("scores spans start × end over the context, limits their length, merges equal answers, adds the null answer", async () => {
    const context = "Paris is in Paris";
    const [encoding] = await tokenizer.encodeWindows("where", context, 512, 0);
    // [CLS] where [SEP] paris is in paris [SEP]
    expect(encoding.tokens).toEqual(["[CLS]", "where", "[SEP]", "paris", "is", "in", "paris", "[SEP]"]);
    const window: QaWindow = {
      encoding,
      startLogits: [3, 9, 9, 2, 0, 0, 2, 9],
      endLogits: [3, 9, 9, 2, 0, 0, 2, 9],
    };
    const options = { topK: 3, maxAnswerLen: 15, handleImpossibleAnswer: false, alignToWords: true };
    const answers = answersFromWindows(context, [window], 1, tokenizer.clsTokenId, options);
    // Both "paris" spans are one answer (first place, scores added); question and [SEP] never answer.
    expect(answers[0]).toMatchObject({ answer: "Paris", start: 0, end: 5 });
    const e = [3, 2, 0, 0, 2].map(Math.exp);
    const total = e.reduce((a, b) => a + b);
    const p = (logit: number) => Math.exp(logit) / total;
    expect(answers[0].score).toBeCloseTo(2 * p(2) * p(2), 12);
    expect(answers.map((a) => a.answer)).toContain("Paris is in Paris");
    // At most one token long: only single words.
    const short = answersFromWindows(context, [window], 1, tokenizer.clsTokenId, {
      ...options,
      topK: 10,
      maxAnswerLen: 1,
    });
    expect(short.map((a) => a.answer)).toEqual(["Paris", "is", "in"]);
    // The null answer scores [CLS]'s start × end.
    const withNull = answersFromWindows(context, [window], 1, tokenizer.clsTokenId, {
      ...options,
      topK: 1,
      handleImpossibleAnswer: true,
    });
    expect(withNull).toEqual([{ score: expect.closeTo(p(3) * p(3), 12), start: 0, end: 0, answer: "" }]);
  });

  it("names the expected shape and the bad parameter of a task body", () => {
    const json = (value: unknown) => ({ kind: "json" as const, value });
    expect(() => taskJob("question-answering", json({ inputs: "a string" }))).toThrow(
      '"inputs" must be an object {"question": "…", "context": "…"}; got a string',
    );
    expect(() => taskJob("question-answering", json({ inputs: { question: "", context: "x" } }))).toThrow(
      /question" must not be empty/,
    );
    expect(() =>
      taskJob(
        "question-answering",
        json({ inputs: { question: "q", context: "c" }, parameters: { max_answer_len: 0 } }),
      ),
    ).toThrow(/max_answer_len/);
    expect(() =>
      taskJob("token-classification", json({ inputs: "x", parameters: { aggregation_strategy: "loud" } })),
    ).toThrow(/"none", "simple", "first", "average", "max"/);
    expect(taskJob("token-classification", json({ inputs: "x" }))).toMatchObject({ aggregation: "simple" });
    expect(() => taskJob("sentence-similarity", json({ inputs: ["a"] }))).toThrow(/source_sentence/);
  });

  it("reads the declared size of PNG, JPEG, GIF, WebP and BMP images from their headers", () => {
    const bytes = (...parts: (number[] | string)[]) =>
      new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));
    const be16 = (n: number) => [n >> 8, n & 255];
    const le16 = (n: number) => [n & 255, n >> 8];
    const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
    const jpeg = bytes(
      [0xff, 0xd8, 0xff, 0xe0],
      be16(16),
      "JFIF\0",
      new Array<number>(9).fill(0),
      [0xff, 0xff, 0xc2], // a fill byte, then progressive SOF2
      be16(17),
      [8],
      be16(12_000),
      be16(9_000),
      [3],
    );
    expect(readImageHeader(jpeg)).toEqual({ format: "jpeg", width: 9_000, height: 12_000 });
    expect(readImageHeader(bytes("GIF89a", le16(30_000), le16(20_000)))).toEqual({
      format: "gif",
      width: 30_000,
      height: 20_000,
    });
    expect(
      readImageHeader(bytes("BM", new Array<number>(12).fill(0), le32(40), le32(20_000), le32(-15_000))),
    ).toEqual({ format: "bmp", width: 20_000, height: 15_000 });
    const vp8x = bytes(
      "RIFF",
      le32(30),
      "WEBPVP8X",
      le32(10),
      [0, 0, 0, 0],
      [0x3f, 0x9c, 0],
      [0x1f, 0x4e, 0],
    );
    expect(readImageHeader(vp8x)).toEqual({ format: "webp", width: 40_000, height: 20_000 });
    // VP8L: 14-bit width-1 and height-1 packed after the 0x2f signature byte.
    const w = 16_383;
    const h = 9_999;
    const packed = w | (h << 14);
    const vp8l = bytes("RIFF", le32(30), "WEBPVP8L", le32(10), [0x2f], le32(packed), [0, 0, 0, 0, 0]);
    expect(readImageHeader(vp8l)).toEqual({ format: "webp", width: 16_384, height: 10_000 });
    expect(readImageHeader(bytes("II*\0 tiff"))).toBeUndefined();
    // A JPEG that is all fill bytes is not read forever.
    expect(readImageHeader(new Uint8Array(2_000_000).fill(0xff).fill(0xd8, 1, 2))).toBeUndefined();
  });
});
