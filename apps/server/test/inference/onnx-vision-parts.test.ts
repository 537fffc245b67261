import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { visionFamily, wantsBareCaption } from "../../src/inference/onnx/families/vision/requests.js";
import { MAX_DENSE_PIXELS } from "../../src/inference/onnx/families/vision/images.js";
import {
  packImages,
  unpackImages,
  type VisionJobInput,
} from "../../src/inference/onnx/families/vision/job.js";
import type { TaskCallInfo } from "../../src/inference/onnx/families/family.js";
import { VISION_DEMOS } from "../../src/seed/tiny-onnx/families/vision.js";
import { pngHeaderOnly } from "./helpers/test-images.js";
import { tinyPng } from "./helpers/tiny-png.js";

const call: TaskCallInfo = { limits: { maxAudioSeconds: 60, maxImagePixels: 40_000_000 } };
const png = tinyPng(8, 6);
const b64 = Buffer.from(png).toString("base64");
const json = (value: unknown) => ({ kind: "json" as const, value });
const bytes = (data: Uint8Array) => ({ kind: "bytes" as const, bytes: data, contentType: "image/png" });
const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return `${(err as { status?: number }).status} ${(err as Error).message}`;
  }
  return "ok";
};

describe("vision family parts", () => {
  it("writes the nine demo models byte-identically on every build", () => {
    const all = () =>
      VISION_DEMOS.map((model) =>
        model
          .files()
          .map((file) => `${file.path}:${createHash("sha256").update(file.content).digest("hex")}`)
          .join(),
      );
    expect(all()).toEqual(all());
    expect(VISION_DEMOS.map((model) => model.task).sort()).toEqual([...visionFamily.tasks].sort());
    // The same bytes on any machine (a pinned digest of the smallest graph).
    const upscaler = VISION_DEMOS.find((model) => model.task === "image-to-image")!.files();
    const graph = upscaler.find((file) => file.path === "onnx/model.onnx")!.content;
    expect(createHash("sha256").update(graph).digest("hex")).toBe(
      "b64f9d58d1d860a5dfdd031ef3515e8d0dc09e433865035463319d26fec407aa",
    );
  });

  it("packs a job's images into one media file and back", () => {
    const images = [png, new Uint8Array([1, 2, 3]), new Uint8Array(0)];
    expect(unpackImages(packImages(images))).toEqual(images);
    expect(() => unpackImages(png)).toThrow(/not a packed image file/);
  });

  it("reads the image from the body, base64, a data URL, {image} or a list, and checks it first", () => {
    const job = (task: string, body: Parameters<typeof visionFamily.job>[1]) =>
      visionFamily.job(task, body, call) as { input: VisionJobInput; media: Uint8Array };
    expect(job("object-detection", bytes(png)).input).toEqual({
      input: { task: "object-detection", threshold: 0.5 },
      images: 1,
      single: true,
    });
    expect(
      unpackImages(job("depth-estimation", json({ inputs: `data:image/png;base64,${b64}` })).media),
    ).toEqual([png]);
    expect(job("image-to-text", json({ inputs: [b64, b64] })).input.images).toBe(2);
    expect(
      job(
        "zero-shot-image-classification",
        json({ inputs: { image: b64 }, parameters: { candidate_labels: "a, b" } }),
      ).input.input,
    ).toEqual({ task: "zero-shot-image-classification", labels: ["a", "b"], hypothesisTemplate: undefined });
    expect(status(() => job("object-detection", json({ inputs: [b64] })))).toMatch(
      /^400 .*one image per call/,
    );
    expect(status(() => job("image-to-text", json({ inputs: Array(17).fill(b64) })))).toMatch(
      /^400 .*1 to 16/,
    );
    expect(status(() => job("object-detection", json({ inputs: "http://x/y.png" })))).toMatch(/^400 .*URL/);
    expect(status(() => job("object-detection", json({ inputs: "%%%" })))).toMatch(/^400 .*base64/);
    expect(status(() => job("object-detection", bytes(pngHeaderOnly(10_000, 5_000))))).toMatch(
      /^413 .*10000×5000/,
    );
    const side = Math.sqrt(MAX_DENSE_PIXELS);
    expect(status(() => job("depth-estimation", bytes(pngHeaderOnly(side, side))))).toBe("ok");
    expect(status(() => job("depth-estimation", bytes(pngHeaderOnly(side + 1, side))))).toMatch(
      /^413 .*depth-estimation/,
    );
    expect(status(() => job("object-detection", bytes(pngHeaderOnly(side + 1, side))))).toBe("ok");
    expect(
      status(() =>
        job(
          "zero-shot-image-classification",
          json({ inputs: b64, parameters: { candidate_labels: ["a"], hypothesis_template: "x" } }),
        ),
      ),
    ).toMatch(/^400 .*\{\}/);
    expect(status(() => job("document-question-answering", json({ inputs: b64 })))).toMatch(
      /^400 .*question/,
    );
    expect(
      status(() => job("image-to-text", json({ inputs: b64, parameters: { max_new_tokens: 0 } }))),
    ).toMatch(/^400 .*max_new_tokens/);
  });

  it("answers image-to-image in the format Accept names, and huggingface.js one caption object", () => {
    const format = (accept?: string) =>
      (visionFamily.job("image-to-image", bytes(png), { ...call, accept }).input as VisionJobInput).input;
    expect(format()).toEqual({ task: "image-to-image", contentType: "image/png" });
    expect(format("image/webp, image/png;q=0.5")).toEqual({
      task: "image-to-image",
      contentType: "image/webp",
    });
    expect(format("*/*")).toEqual({ task: "image-to-image", contentType: "image/png" });
    expect(wantsBareCaption("@huggingface/inference/4.13.30")).toBe(true);
    expect(wantsBareCaption("huggingface_hub/1.28.0; python/3.11")).toBe(false);
    expect(wantsBareCaption(undefined)).toBe(false);
  });

  it("knows which files each task loads", () => {
    const json = ["config.json", "preprocessor_config.json", "tokenizer.json", "tokenizer_config.json"];
    expect(
      visionFamily.layout("object-detection", [...json, "onnx/model.onnx", "onnx/model_quantized.onnx"]),
    ).toEqual([...json, "onnx/model.onnx"]);
    // CLIP-family exports keep the image tower apart; transformers.js loads it for image features.
    expect(visionFamily.layout("image-feature-extraction", [...json, "onnx/vision_model.onnx"])).toContain(
      "onnx/vision_model.onnx",
    );
    expect(visionFamily.layout("image-to-text", [...json, "onnx/model.onnx"])).toMatch(
      /missing onnx\/encoder_model\.onnx, onnx\/decoder_model_merged\.onnx/,
    );
    expect(
      visionFamily.layout("zero-shot-image-classification", [
        "config.json",
        "onnx/model.onnx",
        "preprocessor_config.json",
      ]),
    ).toMatch(/missing tokenizer\.json/);
  });
});
