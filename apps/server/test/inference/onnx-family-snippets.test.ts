import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUNNABLE_DEMO_MODELS } from "../../src/seed/tiny-onnx/demo-registry.js";
import { VISION_DEMOS } from "../../src/seed/tiny-onnx/families/vision.js";
import { PY_CLIENTS } from "../platform/helpers/python-clients.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";

const run = promisify(execFile);
type Snippet = { client: string; language: string; content: string };

/**
 * The demo models of the text and speech families: the first eight have onnx-snippets.test.ts, the
 * vision ones onnx-vision-snippets.test.ts (with the images their snippets read).
 */
const VISION_IDS = new Set(VISION_DEMOS.map((model) => model.id));
const FAMILY_MODELS = RUNNABLE_DEMO_MODELS.filter(
  (model) => !/tiny-(bert|vit)-/.test(model.id) && !VISION_IDS.has(model.id),
);

/** What a snippet prints when it worked, by the model's task (a failing call raises or prints an error). */
function looksRight(task: string, client: string, output: string, dir: string): boolean {
  if (task === "text-to-speech" || task === "text-to-audio") {
    const file = path.join(dir, "output.flac");
    const ok = fs.existsSync(file) && fs.readFileSync(file).subarray(0, 4).toString("latin1") === "fLaC";
    fs.rmSync(file, { force: true });
    return ok;
  }
  if (/error|Traceback|Exception/i.test(output)) return false;
  switch (task) {
    case "automatic-speech-recognition":
      return /text/.test(output);
    case "audio-classification":
      return /label/.test(output);
    default:
      return output.trim().length > 0 || client === "curl";
  }
}

describe("the panel's This hub snippets for the task-family demo models run as pasted", () => {
  let onnx: OnnxHub;
  let dir: string;
  beforeAll(async () => {
    onnx = await startOnnxHub(
      {},
      "sqlite",
      FAMILY_MODELS.map((model) => model.id),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-family-snippets-"));
    // The audio snippets read sample1.flac, as on the Hub; the JS ones import the clients from node_modules.
    execFileSync("ffmpeg", [
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=2",
      path.join(dir, "sample1.flac"),
    ]);
    fs.symlinkSync(
      path.resolve(import.meta.dirname, "../../../../node_modules"),
      path.join(dir, "node_modules"),
    );
  });
  afterAll(async () => {
    await onnx?.hub.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("publishes each family demo model as served by this hub, chat models as conversational", async () => {
    for (const model of FAMILY_MODELS) {
      const info = (await (
        await fetch(`${onnx.hub.url}/api/models/${model.id}?expand[]=inferenceProviderMapping`)
      ).json()) as { inferenceProviderMapping?: Record<string, { task: string; status: string }> };
      const task = model.tags?.includes("conversational") ? "conversational" : model.task;
      expect([
        model.id,
        info.inferenceProviderMapping?.onnx?.task,
        info.inferenceProviderMapping?.onnx?.status,
      ]).toEqual([model.id, task, "live"]);
    }
  });

  it("runs curl, requests, fetch, huggingface.js, openai (JS) and InferenceClient 1.28 / 0.36 snippets unchanged", async () => {
    const results: string[] = [];
    for (const model of FAMILY_MODELS) {
      const set = (await (await fetch(`${onnx.hub.url}/api/models/${model.id}/snippets`)).json()) as {
        inference: Snippet[];
      };
      if (model.task !== "text2text-generation") expect(set.inference.length, model.id).toBeGreaterThan(0);
      for (const snippet of set.inference) {
        const label = `${model.id} ${snippet.client}/${snippet.language}`;
        // No PyPI here: the openai Python package cannot be installed (its JS twin runs below).
        if (snippet.client === "openai" && snippet.language === "python") continue;
        const pythonPaths = snippet.client === "huggingface_hub" ? PY_CLIENTS : [""];
        for (const pythonPath of pythonPaths) {
          const [command, args] =
            snippet.language === "sh"
              ? ["bash", ["-c", snippet.content]]
              : snippet.language === "python"
                ? ["/usr/bin/python3", ["-c", snippet.content]]
                : [process.execPath, ["--input-type=module", "-e", snippet.content]];
          try {
            const { stdout, stderr } = await run(command, args, {
              env: {
                ...process.env,
                HF_TOKEN: onnx.alice,
                ...(pythonPath ? { PYTHONPATH: pythonPath } : {}),
              },
              cwd: dir,
              encoding: "utf8",
              timeout: 120_000,
            });
            const ok = looksRight(model.task, snippet.client, `${stdout}${stderr}`, dir);
            results.push(
              `${label}${pythonPath ? ` (${pythonPath.split(":")[0]})` : ""}: ${ok ? "ok" : `wrong output ${stdout.slice(0, 300)} ${stderr.slice(0, 300)}`}`,
            );
          } catch (err) {
            results.push(`${label}: failed ${(err as Error).message.slice(0, 400)}`);
          }
        }
      }
    }
    expect(results.length).toBeGreaterThan(FAMILY_MODELS.length);
    expect(results).toEqual(results.map((line) => line.replace(/: (wrong output|failed).*$/s, ": ok")));
  }, 600_000);
});
