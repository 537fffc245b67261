import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";

const demo = (name: string) => `modelhub-demo/${name}`;

describe("task API on the embedded ONNX backend", () => {
  let onnx: OnnxHub;
  beforeAll(async () => {
    onnx = await startOnnxHub();
  });
  afterAll(async () => {
    await onnx?.hub.stop();
  });

  it("answers text-classification as one list of {label, score} per input", async () => {
    const response = await onnx.call(demo("tiny-bert-sentiment-onnx"), { inputs: "I love this movie" });
    const body = (await response.json()) as { label: string; score: number }[][];
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0].map((e) => e.label).sort()).toEqual(["NEGATIVE", "POSITIVE"]);
  });
});
