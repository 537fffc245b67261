/**
 * The panel's "This hub" snippets for the vision demo models run unchanged against a seeded hub, media
 * sent the way each snippet sends it (raw bytes, base64 in JSON, a file path): curl, Python requests,
 * JS fetch, huggingface.js, and huggingface_hub's InferenceClient 1.28 and 0.36 (from MODELHUB_PY_CLIENTS
 * or a fetched snapshot, see helpers/py-client-sources.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISION_DEMOS } from "../../src/seed/tiny-onnx/families/vision.js";
import { clientSources, type ClientSources } from "../platform/helpers/py-client-sources.js";
import { startOnnxHub, type OnnxHub } from "./helpers/onnx-hub.js";
import {
  inPool,
  runNode,
  runPython,
  runShell,
  verdict,
  type Outcome,
  type SnippetCase,
} from "./helpers/snippet-runs.js";
import { encoded, scene } from "./helpers/test-images.js";

type Snippet = { client: string; language: string; content: string };
/** Snippets that save an answer instead of printing it. */
const OUTPUT_FILE = "output.png";

describe("the panel's This hub snippets for the vision demo models run unchanged", () => {
  let onnx: OnnxHub;
  let tokens: string[];
  let examples: string;
  let sources: ClientSources;
  const cases: SnippetCase[] = [];
  /** A fresh folder holding the example images a snippet reads (cats.jpg, cat.png). */
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(examples, "run-"));
    for (const name of ["cats.jpg", "cat.png"])
      fs.copyFileSync(path.join(examples, name), path.join(dir, name));
    return dir;
  };

  beforeAll(async () => {
    onnx = await startOnnxHub(
      { MODELHUB_ONNX_WORKERS: "1" },
      "sqlite",
      VISION_DEMOS.map((model) => model.id),
    );
    // Several users, so the per-user limit of 60 calls a minute never refuses one of the many snippets.
    tokens = await Promise.all(Array.from({ length: 4 }, (_, i) => onnx.hub.tokenFor(`viewer${i}`)));
    examples = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-vision-snippets-"));
    fs.writeFileSync(path.join(examples, "cats.jpg"), await encoded(scene(160, 120), "jpeg"));
    fs.writeFileSync(path.join(examples, "cat.png"), await encoded(scene(64, 48), "png"));
    sources = clientSources();
    for (const model of VISION_DEMOS)
      for (const provider of ["auto", "onnx"]) {
        const set = (await (
          await fetch(`${onnx.hub.url}/api/models/${model.id}/snippets?provider=${provider}`)
        ).json()) as { inference: Snippet[] };
        expect(set.inference.length, `${model.id} ${provider}`).toBeGreaterThan(0);
        for (const s of set.inference) {
          // The backend picked by name only pins the model id (`id:onnx`), which an endpoint URL makes
          // unused: such a twin of an "auto" snippet is checked to differ in that alone, and not run again.
          const unpinned = s.content.replaceAll(`${model.id}:onnx`, model.id);
          if (cases.some((c) => c.client === s.client && c.language === s.language && c.code === unpinned))
            continue;
          cases.push({
            name: `${model.task} [${provider}] ${s.language}/${s.client}`,
            client: s.client,
            language: s.language,
            code: s.content,
            token: tokens[cases.length % tokens.length],
          });
        }
      }
  }, 120_000);

  afterAll(async () => {
    await onnx?.hub.stop();
    sources?.remove();
    if (examples) fs.rmSync(examples, { recursive: true, force: true });
  });

  /** Runs the cases of one runner: printing ones together, file-writing ones each in a fresh folder. */
  async function runAll(
    list: SnippetCase[],
    runner: (batch: SnippetCase[], cwd: string) => Promise<Outcome[]>,
  ): Promise<string[]> {
    const lines: string[] = [];
    const printing = list.filter((c) => !c.code.includes(OUTPUT_FILE));
    const cwd = folder();
    for (const outcome of await runner(printing, cwd)) lines.push(`${outcome.name}: ${verdict(outcome)}`);
    for (const c of list.filter((c) => c.code.includes(OUTPUT_FILE))) {
      const dir = folder();
      const [outcome] = await runner([c], dir);
      lines.push(`${c.name}: ${verdict(outcome, dir, OUTPUT_FILE)}`);
    }
    return lines;
  }

  it("curl, Python requests, JS fetch and huggingface.js", async () => {
    const results: string[] = [];
    const byClient = (client: string) => cases.filter((c) => c.client === client);
    results.push(
      ...(await runAll(byClient("curl"), (batch, cwd) => inPool(batch, 3, (c) => runShell(c, cwd)))),
    );
    results.push(...(await runAll(byClient("requests"), (batch, cwd) => runPython(batch, cwd))));
    const scratch = fs.mkdtempSync(path.join(process.cwd(), "node_modules", ".modelhub-vision-snippets-"));
    try {
      const js = cases.filter((c) => c.language === "js");
      let n = 0;
      results.push(
        ...(await runAll(js, (batch, cwd) =>
          inPool(batch, 3, (c) => runNode(c, path.join(scratch, `${n++}.mjs`), cwd)),
        )),
      );
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    // Every task has a raw-HTTP snippet that ran.
    for (const model of VISION_DEMOS)
      expect(
        results.filter((line) => line.startsWith(`${model.task} `) && line.endsWith(": ok")).length,
        model.task,
      ).toBeGreaterThan(0);
    expect(results.filter((line) => !line.endsWith(": ok"))).toEqual([]);
  }, 240_000);

  it("huggingface_hub's InferenceClient, 1.28 and 0.36", async () => {
    if (sources.missing) {
      console.warn(`\n*** SKIPPED: huggingface_hub snippets not run: ${sources.missing} ***\n`);
      return;
    }
    const hubClient = cases.filter((c) => c.client === "huggingface_hub");
    expect(hubClient.length).toBeGreaterThanOrEqual(5);
    const results: string[] = [];
    for (const pythonPath of sources.paths) {
      const version = path.basename(path.dirname(pythonPath));
      const lines = await runAll(hubClient, (batch, cwd) => runPython(batch, cwd, pythonPath));
      results.push(...lines.map((line) => `${version} ${line}`));
    }
    expect(results.filter((line) => !line.endsWith(": ok"))).toEqual([]);
  }, 240_000);
});
