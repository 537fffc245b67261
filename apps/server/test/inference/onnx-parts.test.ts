import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  onnxSettingsFromEnv,
  parseRepoPolicy,
  policyAllows,
} from "../../src/inference/onnx/onnx-settings.js";
import { taskJob } from "../../src/inference/onnx/task-requests.js";
import { DEMO_ONNX_MODELS, demoOnnxFiles } from "../../src/seed/tiny-onnx/demo-onnx-models.js";

describe("ONNX backend parts", () => {
  it("matches the admin's repo policy: all, none, owner patterns", () => {
    expect(policyAllows(parseRepoPolicy(undefined), "a/b")).toBe(true);
    expect(policyAllows(parseRepoPolicy("none"), "a/b")).toBe(false);
    const list = parseRepoPolicy("Xenova, onnx-community/*, me/tiny-*");
    expect(
      ["xenova/bert", "onnx-community/x", "me/tiny-bert", "me/big", "xenovax/y"].map((id) =>
        policyAllows(list, id),
      ),
    ).toEqual([true, true, true, false, false]);
    expect(() => onnxSettingsFromEnv({ MODELHUB_ONNX_WORKERS: "0" })).toThrow(/MODELHUB_ONNX_WORKERS/);
  });

  it("names what is wrong with a task body", () => {
    const json = (value: unknown) => ({ kind: "json" as const, value });
    expect(() => taskJob("text-classification", json([]))).toThrow(/JSON object/);
    expect(() => taskJob("fill-mask", json({ inputs: "x", parameters: { top_k: 0 } }))).toThrow(/top_k/);
    expect(() => taskJob("sentence-similarity", json({ inputs: { source_sentence: "a" } }))).toThrow(
      /sentences/,
    );
    expect(() => taskJob("image-classification", json({ inputs: "%%%" }))).toThrow(/base64/);
    expect(() =>
      taskJob("feature-extraction", { kind: "bytes", bytes: new Uint8Array(3), contentType: "image/png" }),
    ).toThrow(/JSON body/);
  });

  it("writes the demo models byte-identically on every build", () => {
    const bytes = () =>
      DEMO_ONNX_MODELS.map((model) =>
        demoOnnxFiles(model)
          .map((file) => Buffer.from(file.content).toString("base64"))
          .join(),
      );
    expect(bytes()).toEqual(bytes());
    const onnx = demoOnnxFiles(DEMO_ONNX_MODELS[0]).find((file) => file.path === "onnx/model.onnx")!;
    // A protobuf ModelProto starting with ir_version = 8 (field 1, varint), the same bytes on any machine.
    expect([...(onnx.content as Uint8Array).slice(0, 2)]).toEqual([0x08, 0x08]);
    expect(createHash("sha256").update(onnx.content).digest("hex")).toBe(
      "743de403ee3fc3c5ecb9da16b70c84aee0b666f7c505d73e7958db527a8d4bff",
    );
  });
});
