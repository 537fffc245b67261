/**
 * The vision and image-text tasks of the ONNX backend answer what transformers.js's own pipelines
 * answer, computed in the same run on the files the hub serves (no stored numbers): labels and boxes
 * equal, scores, embeddings and depth within 1e-4, masks and images pixel-identical, generated text
 * identical (greedy and seeded). Bad images are 4xx before (or instead of) any decoding.
 */
import type { RawImage } from "@huggingface/transformers";
import { random, type Tensor } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DENSE_PIXELS } from "../../src/inference/onnx/families/vision/images.js";
import { VISION_DEMOS } from "../../src/seed/tiny-onnx/families/vision.js";
import { referencePipeline, type ReferencePipe } from "./helpers/reference-pipeline.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import { corruptPng, decoded, encoded, pngHeaderOnly, scene } from "./helpers/test-images.js";
import { tinyPng } from "./helpers/tiny-png.js";
import { usageRows } from "./helpers/usage-rows.js";

const id = (task: string) => VISION_DEMOS.find((model) => model.task === task)!.id;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
type Boxed = { score: number; label: string; box: Record<string, number> }[];
type Segments = { score: number | null; label: string | null; mask: string }[];

async function ok<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function refused(response: Response, status: number, pattern: RegExp): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect((JSON.parse(text) as { error: string }).error).toMatch(pattern);
}

/** Numbers (nested lists) within `tolerance` of a tensor's values, same shape. */
function expectClose(actual: unknown, expected: unknown, tolerance = 1e-4): void {
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length === expected.length).toBe(true);
    (expected as unknown[]).forEach((item, i) => expectClose((actual as unknown[])[i], item, tolerance));
    return;
  }
  expect(Math.abs((actual as number) - (expected as number))).toBeLessThanOrEqual(tolerance);
}

/** Scored answers: everything but the scores equal, the scores within 1e-4. */
function expectScored(actual: { score: number | null }[], expected: { score: number | null }[]): void {
  const strip = (list: { score: number | null }[]) => list.map(({ score: _score, ...rest }) => rest);
  expect(strip(actual)).toEqual(strip(expected));
  expectClose(
    actual.map((a) => a.score ?? 0),
    expected.map((e) => e.score ?? 0),
  );
}

/** A PNG answer (base64 or bytes) holds exactly the reference image's pixels. */
async function expectPixels(png: string | Uint8Array, expected: RawImage): Promise<void> {
  const image = await decoded(typeof png === "string" ? new Uint8Array(Buffer.from(png, "base64")) : png);
  expect([image.width, image.height, image.channels]).toEqual([
    expected.width,
    expected.height,
    expected.channels,
  ]);
  expect(Buffer.from(image.data).equals(Buffer.from(expected.data))).toBe(true);
}

describe("vision tasks on the ONNX backend equal transformers.js's own pipelines", () => {
  let onnx: OnnxHub;
  const reference = new Map<string, ReferencePipe>();
  const ref = async (task: string) => {
    if (!reference.has(task)) reference.set(task, await referencePipeline(onnx.hub.url, task, id(task)));
    return reference.get(task)!;
  };
  /** Inputs: a picture as PNG and JPEG, a 1×1 image, and a wide one. */
  const inputs: { name: string; bytes: Uint8Array; type: string }[] = [];
  const images = new Map<string, RawImage>();

  beforeAll(async () => {
    onnx = await startOnnxHub(
      { MODELHUB_ONNX_WORKERS: "1" },
      "sqlite",
      VISION_DEMOS.map((model) => model.id),
    );
    const picture = scene(120, 90);
    inputs.push(
      { name: "png", bytes: await encoded(picture, "png"), type: "image/png" },
      { name: "jpeg", bytes: await encoded(picture, "jpeg"), type: "image/jpeg" },
      { name: "tiny", bytes: tinyPng(1, 1), type: "image/png" },
      { name: "wide", bytes: await encoded(scene(301, 47), "webp"), type: "image/webp" },
    );
    for (const input of inputs) images.set(input.name, await decoded(input.bytes));
  }, 120_000);
  afterAll(async () => {
    for (const pipe of reference.values()) await pipe.dispose();
    await onnx?.hub.stop();
  });

  const raw = (task: string, input: { bytes: Uint8Array; type: string }) =>
    onnx.call(id(task), input.bytes, { contentType: input.type });
  const json = (task: string, body: unknown, accept?: string) => onnx.call(id(task), body, { accept });

  it("object-detection: the same labels, boxes in pixels and scores, by the default and a given threshold", async () => {
    const pipe = await ref("object-detection");
    for (const input of inputs) {
      const hub = await ok<Boxed>(await raw("object-detection", input));
      expectScored(hub, (await pipe(images.get(input.name), { threshold: 0.5 })) as Boxed);
    }
    const low = await ok<Boxed>(
      await json("object-detection", { inputs: base64(inputs[0].bytes), parameters: { threshold: 0.2 } }),
    );
    const expected = (await pipe(images.get("png"), { threshold: 0.2 })) as Boxed;
    expect(expected.length).toBeGreaterThan(0);
    expectScored(low, expected);
    expect(Object.keys(low[0].box)).toEqual(["xmin", "ymin", "xmax", "ymax"]);
  });

  it("image-segmentation: the same labels and pixel-identical PNG masks", async () => {
    const pipe = await ref("image-segmentation");
    for (const input of inputs) {
      const hub = await ok<Segments>(await raw("image-segmentation", input));
      const expected = (await pipe(images.get(input.name))) as {
        label: string;
        score: null;
        mask: RawImage;
      }[];
      // A segment without a score (semantic segmentation) has none in the answer, rather than null.
      expect(hub.map((s) => [s.label, s.score ?? null, "score" in s])).toEqual(
        expected.map((s) => [s.label, s.score, s.score !== null]),
      );
      for (const [i, segment] of hub.entries()) await expectPixels(segment.mask, expected[i].mask);
    }
    // huggingface_hub sends base64 with the parameters.
    const withParameters = await ok<Segments>(
      await json("image-segmentation", {
        inputs: base64(inputs[0].bytes),
        parameters: { threshold: 0.9, mask_threshold: 0.5, subtask: "semantic" },
      }),
    );
    expect(withParameters.map((s) => s.label)).toEqual(
      ((await pipe(images.get("png"), { threshold: 0.9 })) as { label: string }[]).map((s) => s.label),
    );
    // The subtask is the model's own (transformers.js runs no other).
    await refused(
      await json("image-segmentation", {
        inputs: base64(inputs[0].bytes),
        parameters: { subtask: "panoptic" },
      }),
      400,
      /segmentation is semantic/,
    );
  });

  it("depth-estimation: predicted_depth within 1e-4 and the same depth image, one or a list", async () => {
    const pipe = await ref("depth-estimation");
    type DepthAnswer = { predicted_depth: number[][]; depth: string };
    for (const input of inputs) {
      const hub = await ok<DepthAnswer>(await raw("depth-estimation", input));
      const expected = (await pipe(images.get(input.name))) as { predicted_depth: Tensor; depth: RawImage };
      expectClose(hub.predicted_depth, expected.predicted_depth.tolist());
      await expectPixels(hub.depth, expected.depth);
    }
    const both = await ok<DepthAnswer[]>(
      await json("depth-estimation", { inputs: [base64(inputs[0].bytes), base64(inputs[3].bytes)] }),
    );
    const expected = (await pipe([images.get("png"), images.get("wide")])) as { predicted_depth: Tensor }[];
    expect(both).toHaveLength(2);
    both.forEach((answer, i) => expectClose(answer.predicted_depth, expected[i].predicted_depth.tolist()));
  });

  it("image-feature-extraction: the token states (or the pooled vector) within 1e-4", async () => {
    const pipe = await ref("image-feature-extraction");
    for (const input of inputs.slice(0, 3)) {
      const hub = await ok<number[][][]>(await raw("image-feature-extraction", input));
      expectClose(hub, ((await pipe(images.get(input.name))) as Tensor).tolist());
    }
    const pooled = await ok<number[][]>(
      await json("image-feature-extraction", { inputs: base64(inputs[0].bytes), parameters: { pool: true } }),
    );
    expectClose(pooled, ((await pipe(images.get("png"), { pool: true })) as Tensor).tolist());
    const list = await ok<number[][][][]>(
      await json("image-feature-extraction", { inputs: [base64(inputs[0].bytes), base64(inputs[2].bytes)] }),
    );
    const batch = ((await pipe([images.get("png"), images.get("tiny")])) as Tensor).tolist() as number[][][];
    expectClose(
      list,
      batch.map((rows) => [rows]),
    );
  });

  it("image-to-image: a PNG with the pipeline's pixels; JPEG when asked", async () => {
    const pipe = await ref("image-to-image");
    for (const input of inputs) {
      const response = await raw("image-to-image", input);
      expect(response.headers.get("content-type")).toBe("image/png");
      await expectPixels(
        new Uint8Array(await response.arrayBuffer()),
        (await pipe(images.get(input.name))) as RawImage,
      );
    }
    // The Hub's snippets send a prompt along: accepted (an upscaler reads none), the same pixels.
    const prompted = await json(
      "image-to-image",
      { inputs: base64(inputs[0].bytes), parameters: { prompt: "Turn the cat into a tiger." } },
      "image/jpeg",
    );
    expect(prompted.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = await decoded(new Uint8Array(await prompted.arrayBuffer()));
    // 120×90, padded to a multiple of the 8-pixel window (120×96), twice as large.
    expect([jpeg.width, jpeg.height]).toEqual([240, 192]);
  });

  it("image-to-text: the pipeline's captions, greedy and with a seed, one image or a list", async () => {
    const pipe = await ref("image-to-text");
    type Captions = { generated_text: string }[];
    for (const input of inputs) {
      const hub = await ok<Captions>(await raw("image-to-text", input));
      expect(hub).toEqual(await pipe(images.get(input.name)));
    }
    const rows = await usageRows(onnx.hub);
    const ids = (await pipe.model.generate({
      inputs: (
        await (pipe.processor as (i: unknown) => Promise<{ pixel_values: unknown }>)(images.get("wide"))
      ).pixel_values,
    })) as unknown as { tolist(): bigint[][] };
    expect(rows.at(-1)).toMatchObject({ route: "hf-inference/image-to-text", status: 200 });
    // Every generated token counted (the start token is not generated).
    expect(rows.at(-1)!.completion_tokens).toBe(ids.tolist()[0].length - 1);

    // huggingface.js reads one object (its User-Agent says who it is).
    const bare = await fetch(`${onnx.hub.url}/hf-inference/models/${id("image-to-text")}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${onnx.alice}`,
        "Content-Type": "image/png",
        "User-Agent": "@huggingface/inference/4.13.30",
      },
      body: inputs[0].bytes,
    });
    expect(await ok<unknown>(bare)).toEqual(((await pipe(images.get("png"))) as Captions)[0]);

    const sampled = { do_sample: true, temperature: 0.9, top_k: 20, max_new_tokens: 12 };
    const hub = await ok<Captions>(
      await json("image-to-text", { inputs: base64(inputs[0].bytes), parameters: { ...sampled, seed: 7 } }),
    );
    random.seed(7);
    expect(hub).toEqual(await pipe(images.get("png"), sampled));
    const list = await ok<Captions[]>(
      await json("image-to-text", {
        inputs: [base64(inputs[0].bytes), base64(inputs[2].bytes)],
        parameters: { max_new_tokens: 5 },
      }),
    );
    expect(list).toEqual(await pipe([images.get("png"), images.get("tiny")], { max_new_tokens: 5 }));
  });

  it("zero-shot-image-classification: the same labels and scores, templates, {image} inputs and lists", async () => {
    const pipe = await ref("zero-shot-image-classification");
    const labels = ["cat", "dog", "a red ball", "日本語のラベル"];
    type Scored = { label: string; score: number }[];
    const hub = await ok<Scored>(
      await json("zero-shot-image-classification", {
        inputs: base64(inputs[0].bytes),
        parameters: { candidate_labels: labels },
      }),
    );
    expectScored(hub, (await pipe(images.get("png"), labels)) as Scored);
    // huggingface.js sends {"inputs": {"image": …}}; a template changes the texts scored.
    const templated = await ok<Scored>(
      await json("zero-shot-image-classification", {
        inputs: { image: base64(inputs[1].bytes) },
        parameters: { candidate_labels: labels, hypothesis_template: "a drawing of {}" },
      }),
    );
    expectScored(
      templated,
      (await pipe(images.get("jpeg"), labels, { hypothesis_template: "a drawing of {}" })) as Scored,
    );
    const list = await ok<Scored[]>(
      await json("zero-shot-image-classification", {
        inputs: [base64(inputs[0].bytes), base64(inputs[3].bytes)],
        parameters: { candidate_labels: "cat, dog" },
      }),
    );
    const expected = (await pipe([images.get("png"), images.get("wide")], ["cat", "dog"])) as Scored[];
    list.forEach((answer, i) => expectScored(answer, expected[i]));
  });

  it("zero-shot-object-detection: the same boxes per candidate label, threshold and top_k", async () => {
    const pipe = await ref("zero-shot-object-detection");
    for (const [parameters, options] of [
      [{ candidate_labels: ["cat", "remote control"] }, { threshold: 0.1 }],
      [
        { candidate_labels: ["cat", "remote control"], threshold: 0.05, top_k: 3 },
        { threshold: 0.05, top_k: 3 },
      ],
    ] as const) {
      const hub = await ok<Boxed>(
        await json("zero-shot-object-detection", { inputs: base64(inputs[0].bytes), parameters }),
      );
      const expected = (await pipe(images.get("png"), [...parameters.candidate_labels], options)) as Boxed;
      expect(expected.length).toBeGreaterThan(0);
      expectScored(hub, expected);
    }
  });

  it("document-question-answering: the pipeline's answer to the question about the page", async () => {
    const pipe = await ref("document-question-answering");
    for (const question of ["What is the total?", "Quel est le numéro de la facture ?"]) {
      const hub = await ok<{ answer: string | null }[]>(
        await json("document-question-answering", { inputs: { image: base64(inputs[1].bytes), question } }),
      );
      expect(hub).toEqual(await pipe(images.get("jpeg"), question));
    }
  });

  it("refuses bad images and bodies with a 4xx naming the problem, and keeps serving", async () => {
    const detect = id("object-detection");
    // A header declaring 20000×20000 pixels: refused from the header, before any decoder.
    await refused(
      await onnx.call(detect, pngHeaderOnly(20_000, 20_000), { contentType: "image/png" }),
      413,
      /20000×20000.*MODELHUB_ONNX_MAX_IMAGE_PIXELS/,
    );
    // Per-pixel tasks take at most a megapixel.
    const side = Math.ceil(Math.sqrt(MAX_DENSE_PIXELS)) + 1;
    for (const task of ["depth-estimation", "image-segmentation", "image-to-image"])
      await refused(
        await raw(task, { bytes: pngHeaderOnly(side, side), type: "image/png" }),
        413,
        /1024×1024/,
      );
    await refused(
      await onnx.call(detect, corruptPng(), { contentType: "image/png" }),
      400,
      /could not be decoded/,
    );
    await refused(
      await onnx.call(detect, new TextEncoder().encode("hello"), { contentType: "image/png" }),
      400,
      /not an image/,
    );
    await refused(await onnx.call(detect, { inputs: "https://example.com/cat.jpg" }), 400, /URL/);
    await refused(await onnx.call(detect, { inputs: [base64(inputs[0].bytes)] }), 400, /one image per call/);
    await refused(
      await onnx.call(detect, { inputs: base64(inputs[0].bytes), parameters: { threshold: 2 } }),
      400,
      /threshold/,
    );
    await refused(
      await json("zero-shot-image-classification", { inputs: base64(inputs[0].bytes) }),
      400,
      /candidate_labels/,
    );
    await refused(
      await json("document-question-answering", { inputs: { image: base64(inputs[0].bytes) } }),
      400,
      /question/,
    );
    await refused(
      await json("depth-estimation", { inputs: base64(inputs[0].bytes), parameters: { colormap: "jet" } }),
      400,
      /model_kwargs.*colormap/,
    );
    // A corrupt image inside a list names which one.
    await refused(
      await json("image-to-text", { inputs: [base64(inputs[0].bytes), base64(corruptPng())] }),
      400,
      /image 2/,
    );
    expect((await raw("object-detection", inputs[0])).status).toBe(200);
  });
});
