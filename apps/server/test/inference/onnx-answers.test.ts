/**
 * Issue 33's ONNX answers, on one hub: token-classification and question-answering against
 * transformers.js's own pipelines, fill-mask past the cut, bad bodies and oversized images, and the
 * tokens /v1/embeddings bills.
 *
 * Token-classification and question-answering answers of the hub against transformers.js's own
 * pipelines, run in this process on the very files the hub serves (downloaded from it). One deliberate
 * difference is bridged in the reference: transformers.js drops the unknown token ([UNK]: emoji, CJK
 * with this vocabulary) because its tokenizer lists it as special, while transformers (the Hub's
 * pipelines, and this hub) keep it as an ordinary token standing for the text it covers. The reference
 * pipelines are told the same (their tokenizer's special-token list without [UNK]).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { env, pipeline } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import { tinyPng } from "./helpers/tiny-png.js";
import { usageRows } from "./helpers/usage-rows.js";

const NER = "modelhub-demo/tiny-bert-ner-onnx";
const SQUAD = "modelhub-demo/tiny-bert-squad-onnx";
const FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx"];

const LONG_TEXT = `${"the model of the hub in paris is good and ".repeat(70)}Zürich`;
const TEXTS = [
  "My name is Clara and I live in Berlin",
  "Café in Zürich",
  "Ça va? Crème brûlée à São Paulo, naïve coöperation",
  "我住在北京 and 東京 is big",
  "I ❤️ Paris 🎉🎉 today 👩‍👩‍👧 ok",
  "hello\u0301 world, e\u0301te\u0301",
  LONG_TEXT,
];

const QUESTIONS: [string, string][] = [
  ["where is the hub?", "paris good hub the good is hub data"],
  ["where is the café?", "Le Café de Flore is in Paris, near Zürich."],
  ["what is 東京?", "東京 is a city in 日本 and the hub is there"],
  ["who loves paris?", "I ❤️ Paris 🎉 and the hub 😀 loves london"],
  ["what is the hub?", `${"the hub is a model of data in paris and ".repeat(46)}the end`],
];

/** Code-point slice, the unit of `start`/`end` (Python's str indices, as on the Hub). */
const slice = (text: string, start: number, end: number) => Array.from(text).slice(start, end).join("");
/**
 * The part of `text` the model read. A text over 512 tokens is cut: transformers cuts the text and keeps
 * [SEP] (510 tokens of text), transformers.js cuts after adding [SEP] (its 511th text token replaces
 * it). The reference gets exactly the text the hub's model read (the long texts here end words there).
 */
const readPart = (text: string, tokens: Raw[]) => slice(text, 0, Math.max(...tokens.map((t) => t.end)));
/** What the demo tokenizer (BertNormalizer: lower case, no accents) makes of a piece of text. */
const normalised = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

type Raw = { entity: string; score: number; index: number; word: string; start: number; end: number };
type Group = { entity_group: string; score: number; word: string; start: number; end: number };
type Answer = { answer: string; score: number; start: number; end: number };
type RefPipe = ((...args: unknown[]) => Promise<unknown>) & {
  tokenizer: {
    unk_token_id: number;
    all_special_ids: number[];
    encode(text: string, options?: object): number[];
    decode(ids: number[], options?: object): string;
  };
};

describe("token-classification and question-answering equal transformers.js's pipelines", () => {
  let onnx: OnnxHub;
  let dir: string;
  let ner: RefPipe;
  let squad: RefPipe;

  async function call<T>(id: string, body: unknown): Promise<T> {
    const response = await onnx.call(id, body);
    const answer = (await response.json()) as T;
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer;
  }

  beforeAll(async () => {
    onnx = await startOnnxHub();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-onnx-reference-"));
    for (const id of [NER, SQUAD])
      for (const file of FILES) {
        const response = await fetch(`${onnx.hub.url}/${id}/resolve/main/${file}`);
        expect(response.status).toBe(200);
        fs.mkdirSync(path.dirname(path.join(dir, id, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, id, file), Buffer.from(await response.arrayBuffer()));
      }
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = `${dir}/`;
    const load = (task: string, id: string) =>
      (pipeline as unknown as (t: string, m: string, o: object) => Promise<RefPipe>)(task, id, {
        dtype: "fp32",
        device: "cpu",
      });
    ner = await load("token-classification", NER);
    squad = await load("question-answering", SQUAD);
    // Keep [UNK] as an ordinary token, as transformers does (see the file's comment).
    for (const pipe of [ner, squad]) {
      const unk = pipe.tokenizer.unk_token_id;
      pipe.tokenizer.all_special_ids = pipe.tokenizer.all_special_ids.filter((id) => id !== unk);
      const decode = pipe.tokenizer.decode.bind(pipe.tokenizer);
      pipe.tokenizer.decode = (ids, options) =>
        ids.length === 1 && Number(ids[0]) === unk ? "[UNK]" : decode(ids, options);
    }
  }, 120_000);

  afterAll(async () => {
    await onnx?.hub.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("none: every token's label, score, index and word, at the characters it came from", async () => {
    for (const text of TEXTS) {
      const ours = await call<Raw[]>(NER, {
        inputs: text,
        parameters: { aggregation_strategy: "none", ignore_labels: [] },
      });
      const reference = (await ner(readPart(text, ours), { ignore_labels: [] })) as Raw[];
      expect(ours.length, text).toBe(reference.length);
      ours.forEach((token, i) => {
        const expected = reference[i];
        const covered = slice(text, token.start, token.end);
        expect([token.index, token.entity], text).toEqual([expected.index, expected.entity]);
        expect(Math.abs(token.score - expected.score), text).toBeLessThan(1e-6);
        if (expected.word === "[UNK]") expect(token.word, text).toBe(covered);
        else {
          expect(token.word, text).toBe(expected.word);
          expect(normalised(covered), `${text}: ${token.word}`).toBe(token.word.replace(/^##/, ""));
        }
      });
    }
  });

  it("simple (the default): groups, scores and words as transformers.js groups them", async () => {
    for (const text of TEXTS) {
      const ours = await call<Group[]>(NER, { inputs: text });
      // transformers groups first and leaves out groups labelled O after; transformers.js leaves out the
      // O tokens before grouping (so B-X O I-X would become one group): group everything, then filter.
      const tokens = await call<Raw[]>(NER, {
        inputs: text,
        parameters: { aggregation_strategy: "none", ignore_labels: [] },
      });
      const part = readPart(text, tokens);
      const reference = (
        (await ner(part, { aggregation_strategy: "simple", ignore_labels: [] })) as Group[]
      ).filter((group) => group.entity_group !== "O");
      const unknown = new Set(
        ((await ner(part, { ignore_labels: [] })) as Raw[])
          .filter((t) => t.word === "[UNK]")
          .map((t) => t.index),
      );
      expect(
        ours.map((g) => g.entity_group),
        text,
      ).toEqual(reference.map((g) => g.entity_group));
      ours.forEach((group, i) => {
        expect(Math.abs(group.score - reference[i].score), text).toBeLessThan(1e-6);
        // A group spans from its first token's start to its last token's end.
        const inside = tokens.filter((t) => t.start >= group.start && t.end <= group.end);
        expect(inside[0]?.start, text).toBe(group.start);
        expect(inside.at(-1)?.end, text).toBe(group.end);
        // transformers.js leaves [UNK] out of a group's word; transformers writes the text it covers.
        if (!inside.some((t) => unknown.has(t.index))) expect(group.word, text).toBe(reference[i].word);
      });
    }
  });

  it("first, average and max label whole words, with offsets (Café in Zürich has its start and end)", async () => {
    const text = "Café in Zürich";
    const tokens = await call<Raw[]>(NER, {
      inputs: text,
      parameters: { aggregation_strategy: "none", ignore_labels: [] },
    });
    const words = [
      [0, 4, "cafe"],
      [5, 7, "in"],
      [8, 14, "zurich"],
    ] as const;
    for (const strategy of ["first", "average", "max"]) {
      const groups = await call<Group[]>(NER, {
        inputs: text,
        parameters: { aggregation_strategy: strategy, ignore_labels: [] },
      });
      // Labels of neighbouring words may join into one group: every boundary is a word boundary.
      for (const group of groups) {
        expect(
          words.some(([start]) => start === group.start),
          strategy,
        ).toBe(true);
        expect(
          words.some(([, end]) => end === group.end),
          strategy,
        ).toBe(true);
        expect(normalised(slice(text, group.start, group.end)), strategy).toBe(group.word);
      }
      for (const [start, end, word] of words) {
        const pieces = tokens.filter((t) => t.start >= start && t.end <= end);
        const group = groups.find((g) => g.start <= start && g.end >= end)!;
        if (group.start !== start || group.end !== end) continue;
        expect(group.word).toBe(word);
        const pick =
          strategy === "first"
            ? pieces[0]
            : strategy === "max"
              ? pieces.reduce((a, b) => (b.score > a.score ? b : a))
              : undefined;
        if (pick) {
          expect(group.entity_group).toBe(pick.entity.replace(/^[BI]-/, ""));
          expect(group.score).toBeCloseTo(pick.score, 9);
        }
      }
    }
  });

  it("question-answering: the model's best span, its score, and the exact characters of the context", async () => {
    for (const [question, context] of QUESTIONS) {
      const exact = await call<Answer>(SQUAD, {
        inputs: { question, context },
        parameters: { align_to_words: false, max_answer_len: 512, max_seq_len: 512 },
      });
      const reference = (await squad(question, context)) as { answer: string; score: number };
      expect(Math.abs(exact.score - reference.score), question).toBeLessThan(1e-6);
      expect(slice(context, exact.start, exact.end), question).toBe(exact.answer);
      // transformers.js decodes the span's tokens (lower case, no accents, [UNK] left out).
      const known = (text: string) =>
        normalised(text)
          .replace(/##/g, "")
          .replace(/[^a-z0-9\p{P}]/gu, "");
      expect(known(exact.answer), question).toBe(known(reference.answer));

      // The Hub's defaults: whole words, at most 15 tokens, windows of 384 tokens.
      const aligned = await call<Answer[]>(SQUAD, {
        inputs: { question, context },
        parameters: { top_k: 3 },
      });
      expect(aligned.length, question).toBeGreaterThan(0);
      for (const answer of aligned) {
        expect(slice(context, answer.start, answer.end), question).toBe(answer.answer);
        // Whole words: no Latin letter or digit right before the answer.
        expect(slice(context, answer.start - 1, answer.start), question).not.toMatch(
          /[a-z0-9\u00c0-\u024f]/i,
        );
      }
      expect(aligned.map((a) => a.score)).toEqual([...aligned.map((a) => a.score)].sort((a, b) => b - a));
    }
  });

  it("question-answering reads a long context in overlapping windows, as transformers does", async () => {
    const context = `${"the hub is a model of data in paris and ".repeat(120)}berlin is the answer`;
    const tokens = squad.tokenizer.encode(context).length;
    expect(tokens).toBeGreaterThan(900);
    const answers = await call<Answer[]>(SQUAD, {
      inputs: { question: "what is the answer?", context },
      parameters: { top_k: 1000, max_answer_len: 4, handle_impossible_answer: true },
    });
    for (const answer of answers) {
      expect(slice(context, answer.start, answer.end)).toBe(answer.answer);
      expect(answer.answer.split(" ").length).toBeLessThanOrEqual(4);
    }
    // The impossible answer is listed, with its score, when asked for.
    expect(answers.filter((a) => a.answer === "" && a.start === 0 && a.end === 0)).toHaveLength(1);

    const all = await call<Answer[]>(SQUAD, {
      inputs: { question: "what is the answer?", context },
      parameters: { top_k: 1000, max_answer_len: 1, align_to_words: false },
    });
    // "berlin" is only in the last window (the answers merge repeated words into their first place).
    expect(all.find((a) => a.answer === "berlin")).toMatchObject({
      start: context.indexOf("berlin"),
      end: context.indexOf("berlin") + 6,
    });
  });

  it("fill-mask says the mask was cut off when it lies past the 512 tokens the model reads", async () => {
    const long = `${"the hub ".repeat(600)}is [MASK].`;
    const response = await onnx.call("modelhub-demo/tiny-bert-fill-mask-onnx", { inputs: long });
    const body = (await response.json()) as { error: string };
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toMatch(/\[MASK\] is cut off: the model reads only the first 512 tokens/);
    const early = await onnx.call("modelhub-demo/tiny-bert-fill-mask-onnx", {
      inputs: `the [MASK] ${"hub ".repeat(600)}`,
    });
    expect(early.status).toBe(200);
  });

  it("names the expected body and refuses huge images before decoding them", async () => {
    const bad = await onnx.call(SQUAD, { inputs: "a string" });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([
      400,
      '"inputs" must be an object {"question": "…", "context": "…"}; got a string',
    ]);
    // A PNG that declares 16000×16000 pixels (a few hundred bytes): refused by its header.
    const huge = pngHeaderOnly(16_000, 16_000);
    const image = "modelhub-demo/tiny-vit-image-classification-onnx";
    for (const response of [
      await onnx.call(image, huge, { contentType: "image/png" }),
      await onnx.call(image, { inputs: Buffer.from(huge).toString("base64") }),
    ]) {
      const body = (await response.json()) as { error: string };
      expect([response.status, body.error]).toEqual([
        413,
        "The image is 16000×16000 pixels (256.0 megapixels): this hub decodes images of at most 40.0 megapixels (MODELHUB_ONNX_MAX_IMAGE_PIXELS)",
      ]);
    }
    const corrupt = await onnx.call(image, pngHeaderOnly(64, 64), { contentType: "image/png" });
    expect(corrupt.status).toBe(400);
    const unknown = await onnx.call(image, new TextEncoder().encode("II*\u0000 not an image"), {
      contentType: "image/tiff",
    });
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /not an image this hub reads: send a JPEG, PNG, GIF, WebP or BMP file/,
    );
    // A real image still classifies.
    expect((await onnx.call(image, tinyPng(), { contentType: "image/png" })).status).toBe(200);
  });

  it("/v1/embeddings bills the tokens the model read, not the whole input", async () => {
    const response = await fetch(`${onnx.hub.url}/v1/embeddings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${onnx.alice}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        model: "modelhub-demo/tiny-bert-embeddings-onnx",
        input: ["the hub ".repeat(2500), "the hub"],
      }),
    });
    const body = (await response.json()) as { usage: { prompt_tokens: number } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    // 512 for the long text (cut there), 4 for "[CLS] the hub [SEP]".
    expect(body.usage.prompt_tokens).toBe(516);
    expect((await usageRows(onnx.hub)).at(-1)).toMatchObject({ route: "embeddings", prompt_tokens: 516 });
  });
});

/** A PNG signature and IHDR declaring `width`×`height`, then an IDAT of garbage. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", Buffer.from("garbage")),
    ]),
  );
}
