import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { InferenceClient } from "@huggingface/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ONNX_MODELS } from "../../src/seed/tiny-onnx/demo-onnx-models.js";
import { PY_CLIENTS } from "../platform/helpers/python-clients.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import { tinyPng } from "./helpers/tiny-png.js";

const run = promisify(execFile);
type Snippet = { client: string; language: string; content: string };

/** The answer's shape in words, so a failure names the task that broke. */
function shapeOf(task: string, answer: unknown): string {
  const list = answer as Record<string, unknown>[];
  switch (task) {
    case "text-classification":
      return Array.isArray(list[0]) && typeof (list[0] as Record<string, unknown>[])[0].label === "string"
        ? "ok"
        : "bad";
    case "feature-extraction":
      return Array.isArray(answer) && typeof list.flat(2)[0] === "number" ? "ok" : "bad";
    case "sentence-similarity":
      return Array.isArray(answer) && typeof list[0] === "number" ? "ok" : "bad";
    case "question-answering":
      return typeof (answer as { answer?: unknown }).answer === "string" ? "ok" : "bad";
    case "token-classification":
      return Array.isArray(answer) && (list.length === 0 || "entity_group" in list[0]) ? "ok" : "bad";
    case "fill-mask":
      return typeof list[0]?.token_str === "string" ? "ok" : "bad";
    default:
      return typeof list[0]?.label === "string" ? "ok" : "bad";
  }
}

/** Every task method of InferenceClient against the hub (feature_extraction needs numpy: left out). */
const INFERENCE_CLIENT_SCRIPT = `
import os, sys
from huggingface_hub import InferenceClient
base = sys.argv[1] + "/hf-inference/models/modelhub-demo/"
def client(name): return InferenceClient(base_url=base + name, api_key=os.environ["HF_TOKEN"])
print(client("tiny-bert-sentiment-onnx").text_classification("I love it")[0].label)
print(client("tiny-bert-ner-onnx").token_classification("My name is Clara")[0].entity_group)
print(client("tiny-bert-fill-mask-onnx").fill_mask("Paris is [MASK].")[0].token_str)
print(len(client("tiny-bert-sentence-similarity-onnx").sentence_similarity("a", ["a", "b"])))
print(client("tiny-bert-zero-shot-onnx").zero_shot_classification("I love it", ["pos", "neg"])[0].label)
print(client("tiny-bert-squad-onnx").question_answering(question="Where?", context="I live in Berlin").answer)
print(client("tiny-vit-image-classification-onnx").image_classification("cats.jpg")[0].label)
print("done")
`;

describe("the panel's This hub snippets for the ONNX demo models", () => {
  let onnx: OnnxHub;
  let dir: string;
  beforeAll(async () => {
    onnx = await startOnnxHub();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-onnx-snippets-"));
    // Image snippets read a local file named like the Hub's example.
    fs.writeFileSync(path.join(dir, "cats.jpg"), tinyPng());
  });
  afterAll(async () => {
    await onnx?.hub.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("publishes each demo model as served by this hub for its task", async () => {
    for (const model of DEMO_ONNX_MODELS) {
      const info = (await (
        await fetch(`${onnx.hub.url}/api/models/${model.id}?expand[]=inferenceProviderMapping`)
      ).json()) as { inferenceProviderMapping?: Record<string, { task: string; status: string }> };
      expect([model.id, info.inferenceProviderMapping?.onnx]).toEqual([
        model.id,
        { ...info.inferenceProviderMapping?.onnx, task: model.task, status: "live" },
      ]);
    }
  });

  it("runs the curl, requests and fetch snippets as pasted and gets the task's shape", async () => {
    const env = { ...process.env, HF_TOKEN: onnx.alice };
    const results: string[] = [];
    for (const model of DEMO_ONNX_MODELS) {
      const set = (await (await fetch(`${onnx.hub.url}/api/models/${model.id}/snippets`)).json()) as {
        inference: Snippet[];
      };
      const pick = (client: string) => set.inference.find((s) => s.client === client)?.content ?? "";
      const runs: [string, string, string[]][] = [["curl", "bash", ["-c", pick("curl")]]];
      // Python and Node start slowly here: one text and one image model run those (the others share their templates).
      if (model.task === "text-classification" || model.task === "image-classification")
        runs.push(
          ["requests", "python3", ["-c", pick("requests")]],
          ["fetch", process.execPath, ["--input-type=module", "-e", pick("fetch")]],
        );
      for (const [client, command, args] of runs) {
        if (args.at(-1) === "") {
          // The snippet generator offers question-answering through huggingface_hub's InferenceClient only.
          results.push(`${model.id} ${client}: ${model.task === "question-answering" ? "ok" : "no snippet"}`);
          continue;
        }
        try {
          const { stdout } = await run(command, args, { env, cwd: dir, encoding: "utf8", timeout: 30_000 });
          const text = stdout.trim();
          const json = client === "requests" ? pythonToJson(text) : text.split("\n").at(-1)!;
          results.push(`${model.id} ${client}: ${shapeOf(model.task, JSON.parse(json))}`);
        } catch (err) {
          results.push(`${model.id} ${client}: failed ${(err as Error).message.slice(0, 300)}`);
        }
      }
    }
    expect(results).toEqual(results.map((line) => line.replace(/: .*$/s, ": ok")));
  });

  it("huggingface.js InferenceClient with endpointUrl calls every task", async () => {
    const client = (name: string) =>
      new InferenceClient(onnx.alice, {
        endpointUrl: `${onnx.hub.url}/hf-inference/models/modelhub-demo/${name}`,
      });
    const answers = [
      (await client("tiny-bert-sentiment-onnx").textClassification({ inputs: "I love it" }))[0].label,
      (await client("tiny-bert-ner-onnx").tokenClassification({ inputs: "My name is Clara" }))[0]
        .entity_group,
      (await client("tiny-bert-fill-mask-onnx").fillMask({ inputs: "Paris is [MASK]." }))[0].token_str,
      (await client("tiny-bert-embeddings-onnx").featureExtraction({ inputs: "hello" })).length,
      (
        await client("tiny-bert-sentence-similarity-onnx").sentenceSimilarity({
          inputs: { source_sentence: "a", sentences: ["a", "b"] },
        })
      ).length,
      (
        await client("tiny-bert-zero-shot-onnx").zeroShotClassification({
          inputs: "I love it",
          parameters: { candidate_labels: ["pos", "neg"] },
        })
      ).length,
      typeof (
        await client("tiny-bert-squad-onnx").questionAnswering({
          inputs: { question: "Where?", context: "I live in Berlin" },
        })
      ).answer,
      (
        await client("tiny-vit-image-classification-onnx").imageClassification({
          data: new Blob([tinyPng()], { type: "image/png" }),
        })
      ).length,
    ];
    expect(answers.map((a) => typeof a)).toEqual([
      "string",
      "string",
      "string",
      "number",
      "number",
      "number",
      "string",
      "number",
    ]);
    expect(answers.slice(3).filter((a) => typeof a === "number")).toEqual([32, 2, 2, 5]);
  });

  it.skipIf(PY_CLIENTS.length === 0)(
    "huggingface_hub's InferenceClient (each version given) calls every task",
    async () => {
      for (const pythonPath of PY_CLIENTS) {
        const { stdout } = await run("/usr/bin/python3", ["-c", INFERENCE_CLIENT_SCRIPT, onnx.hub.url], {
          env: { ...process.env, HF_TOKEN: onnx.alice, PYTHONPATH: pythonPath },
          cwd: dir,
          encoding: "utf8",
          timeout: 60_000,
        });
        const lines = stdout.trim().split("\n");
        expect([pythonPath, lines.at(-1), lines.length]).toEqual([pythonPath, "done", 8]);
      }
    },
  );
});

/** `print(output)` of a Python dict/list as JSON (the snippets print Python reprs). */
function pythonToJson(text: string): string {
  return text
    .split("\n")
    .at(-1)!
    .replace(/'/g, '"')
    .replace(/\bTrue\b/g, "true")
    .replace(/\bFalse\b/g, "false")
    .replace(/\bNone\b/g, "null");
}
