import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import { tinyPng } from "./helpers/tiny-png.js";
import { usageRows } from "./helpers/usage-rows.js";

const run = promisify(execFile);
const demo = (name: string) => `modelhub-demo/${name}`;
const SENTIMENT = demo("tiny-bert-sentiment-onnx");

async function ok<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function error(response: Response, status: number): Promise<string> {
  const body = (await response.json()) as { error: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body.error;
}

describe("task API on the embedded ONNX backend", () => {
  let onnx: OnnxHub;
  beforeAll(async () => {
    onnx = await startOnnxHub();
  });
  afterAll(async () => {
    await onnx?.hub.stop();
  });

  it("answers text-classification as one list of {label, score} per input, and records usage", async () => {
    const body = await ok<{ label: string; score: number }[][]>(
      await onnx.call(SENTIMENT, { inputs: "I love this movie" }),
    );
    expect(body).toHaveLength(1);
    expect(body[0].map((e) => e.label).sort()).toEqual(["NEGATIVE", "POSITIVE"]);
    const two = await ok<unknown[][]>(
      await onnx.call(SENTIMENT, { inputs: ["good", "bad"], parameters: { top_k: 1 } }),
    );
    expect(two.map((list) => list.length)).toEqual([1, 1]);
    const rows = await usageRows(onnx.hub);
    expect(rows.at(-1)).toMatchObject({
      backend: "onnx",
      route: "hf-inference/text-classification",
      status: 200,
    });
    expect(rows.at(-1)!.prompt_tokens).toBeGreaterThan(0);
  });

  it("answers every other demo task in the Inference API's shape", async () => {
    const entities = await ok<Record<string, unknown>[]>(
      await onnx.call(demo("tiny-bert-ner-onnx"), {
        inputs: "My name is Clara and I live in Berlin",
        parameters: { ignore_labels: [] },
      }),
    );
    expect(entities.length).toBeGreaterThan(0);
    for (const e of entities)
      expect(Object.keys(e).sort()).toEqual(["end", "entity_group", "score", "start", "word"]);

    const masks = await ok<Record<string, unknown>[]>(
      await onnx.call(demo("tiny-bert-fill-mask-onnx"), { inputs: "The capital of France is [MASK]." }),
    );
    expect(masks).toHaveLength(5);
    expect(Object.keys(masks[0]).sort()).toEqual(["score", "sequence", "token", "token_str"]);

    const vector = await ok<number[]>(
      await onnx.call(demo("tiny-bert-embeddings-onnx"), { inputs: "hello" }),
    );
    expect(vector).toHaveLength(32);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    const vectors = await ok<number[][]>(
      await onnx.call(demo("tiny-bert-embeddings-onnx"), { inputs: ["a", "b"], normalize: false }),
    );
    expect(vectors.map((v) => v.length)).toEqual([32, 32]);

    const similarity = await ok<number[]>(
      await onnx.call(demo("tiny-bert-sentence-similarity-onnx"), {
        inputs: { source_sentence: "a happy day", sentences: ["a happy day", "the capital city"] },
      }),
    );
    expect(similarity).toHaveLength(2);
    expect(similarity[0]).toBeCloseTo(1, 4);
    // An embedder answers the other embedding task on the pipeline route.
    const pipelined = await ok<number[]>(
      await onnx.call(
        demo("tiny-bert-sentence-similarity-onnx"),
        { inputs: "x" },
        { task: "feature-extraction" },
      ),
    );
    expect(pipelined).toHaveLength(32);

    const zeroShot = await ok<{ label: string; score: number }[]>(
      await onnx.call(demo("tiny-bert-zero-shot-onnx"), {
        inputs: "I love this movie",
        parameters: { candidate_labels: ["positive", "negative", "neutral"] },
      }),
    );
    expect(zeroShot.map((e) => e.label).sort()).toEqual(["negative", "neutral", "positive"]);
    expect(zeroShot.reduce((sum, e) => sum + e.score, 0)).toBeCloseTo(1, 4);

    const context = "My name is Clara and I live in Berlin.";
    const answer = await ok<{ answer: string; score: number; start: number; end: number }>(
      await onnx.call(demo("tiny-bert-squad-onnx"), { inputs: { question: "Where do I live?", context } }),
    );
    expect(context.slice(answer.start, answer.end)).toBe(answer.answer);
    expect(typeof answer.score).toBe("number");
  });

  it("classifies an image sent raw or base64 in JSON", async () => {
    const png = tinyPng();
    const raw = await ok<{ label: string; score: number }[]>(
      await onnx.call(demo("tiny-vit-image-classification-onnx"), png, { contentType: "image/png" }),
    );
    expect(raw).toHaveLength(5);
    expect(typeof raw[0].label).toBe("string");
    const b64 = await ok<unknown[]>(
      await onnx.call(demo("tiny-vit-image-classification-onnx"), {
        inputs: Buffer.from(png).toString("base64"),
        parameters: { top_k: 2 },
      }),
    );
    expect(b64).toHaveLength(2);
  });

  it("answers 400 naming what is wrong with a bad body, and keeps serving", async () => {
    expect(await error(await onnx.call(SENTIMENT, { text: "x" }), 400)).toMatch(/"inputs" is required/);
    expect(await error(await onnx.call(SENTIMENT, { inputs: 42 }), 400)).toMatch(/"inputs" must be a string/);
    expect(
      await error(await onnx.call(SENTIMENT, "{not json", { contentType: "application/json" }), 400),
    ).toMatch(/valid JSON/);
    expect(await error(await onnx.call(demo("tiny-bert-zero-shot-onnx"), { inputs: "x" }), 400)).toMatch(
      /candidate_labels/,
    );
    expect(
      await error(await onnx.call(demo("tiny-bert-squad-onnx"), { inputs: { question: "q" } }), 400),
    ).toMatch(/inputs\.context/);
    expect(
      await error(await onnx.call(demo("tiny-bert-fill-mask-onnx"), { inputs: "no mask here" }), 400),
    ).toMatch(/\[MASK\]/);
    expect(await error(await onnx.call(SENTIMENT, { inputs: "x" }, { task: "fill-mask" }), 400)).toMatch(
      /text-classification model: it cannot do fill-mask/,
    );
    const image = demo("tiny-vit-image-classification-onnx");
    expect(
      await error(
        await onnx.call(image, new TextEncoder().encode("not an image"), { contentType: "image/jpeg" }),
        400,
      ),
    ).toMatch(/not an image/);
    expect(await error(await onnx.call(image, { inputs: "https://example.com/cat.jpg" }), 400)).toMatch(
      /URL/,
    );
    expect(
      await error(await onnx.call(SENTIMENT, new Uint8Array(50 * 1024 * 1024).fill(97), {}), 400),
    ).toMatch(/larger than/);
    await ok(await onnx.call(SENTIMENT, { inputs: "still serving" }));
  });

  it("asks for a token and hides models the caller cannot read", async () => {
    const anonymous = await fetch(`${onnx.hub.url}/hf-inference/models/${SENTIMENT}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ inputs: "x" }),
    });
    expect(anonymous.status).toBe(401);
    expect(
      await error(
        await onnx.call("nobody/missing-model", { inputs: "x" }, { task: "text-classification" }),
        404,
      ),
    ).toMatch(/not found/);
  });

  it("lets transformers.js itself, pointed at the hub, download and run a demo model", async () => {
    // A plain Node process, as a user would run it: transformers.js's defaults plus the hub's address.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-tjs-"));
    const script = [
      'import { env, pipeline } from "@huggingface/transformers";',
      `Object.assign(env, { remoteHost: ${JSON.stringify(`${onnx.hub.url}/`)}, allowLocalModels: false, cacheDir: ${JSON.stringify(cache)} });`,
      `const classify = await pipeline("text-classification", ${JSON.stringify(SENTIMENT)});`,
      'console.log(JSON.stringify(await classify("I love this movie")));',
    ].join("\n");
    try {
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        timeout: 60_000,
      });
      const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as { label: string }[];
      expect(["NEGATIVE", "POSITIVE"]).toContain(result[0].label);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it("keeps GET /api/models fast while a long ONNX call runs", async () => {
    const texts = Array.from({ length: 128 }, (_, i) => `sentence number ${i} `.repeat(40));
    const started = Date.now();
    const long = onnx.call(demo("tiny-bert-embeddings-onnx"), { inputs: texts });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      expect((await fetch(`${onnx.hub.url}/api/models?limit=5`)).status).toBe(200);
      latencies.push(performance.now() - t0);
    }
    const longResponse = await long;
    expect(longResponse.status).toBe(200);
    const callMs = Date.now() - started;
    latencies.sort((a, b) => a - b);
    // The listing is answered while the call is still running, without waiting for it.
    expect(latencies[2]).toBeLessThan(Math.max(150, callMs / 4));
  });
});
