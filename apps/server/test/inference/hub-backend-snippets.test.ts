/**
 * Every snippet the model page's panel shows for this hub's own backends (llama.cpp and ONNX, every
 * served model, "auto" and the backend picked by name, chat streamed too) runs unchanged against the
 * hub: curl, Python requests, JS fetch, huggingface.js, the openai JS client, and huggingface_hub's
 * InferenceClient in both versions the hub supports (1.28 and 0.36). The Python client comes from a
 * fetched snapshot when MODELHUB_PY_CLIENTS is not set (see helpers/py-client-sources.ts), so CI runs it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { DEMO_ONNX_MODELS } from "../../src/seed/tiny-onnx/demo-onnx-models.js";
import { onnxDemoCatalogue } from "../../src/seed/tiny-onnx/seeded-hubs.js";
import { RUNNABLE_MODEL_IDS, runnableCatalogue } from "../../src/seed/tiny-gguf/seeded-hubs.js";
import { clientSources, type ClientSources } from "../platform/helpers/py-client-sources.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { PYTHON_RUNNER, type Outcome } from "./helpers/snippet-runs.js";
import { tinyPng } from "./helpers/tiny-png.js";

const run = promisify(execFile);
type Snippet = { client: string; language: string; content: string };
/** One snippet to run, named by model, provider choice and client. */
type Case = { name: string; client: string; language: string; code: string; token: string };
/** A snippet ran when it raised nothing and printed an answer that is not an error. */
function verdict(outcome: Outcome): string {
  if (outcome.error) return `failed: ${outcome.error}`;
  const output = outcome.output.trim();
  if (output === "") return "printed nothing";
  if (/"error"|'error'|Traceback/.test(output)) return `error answer: ${output.slice(0, 300)}`;
  return "ok";
}

describe("the panel's snippets for this hub's own backends run unchanged", () => {
  let hub: TestHub;
  /** Several users, so the per-user limit of 60 calls a minute never refuses one of the many snippets. */
  let tokens: string[];
  let dir: string;
  let sources: ClientSources;
  const cases: Case[] = [];

  beforeAll(async () => {
    hub = await startTestHub({ env: {} });
    await importCatalogue(
      { services: hub.services, content: hub.content, logger: hub.logger },
      onnxDemoCatalogue(DEMO_ONNX_MODELS.map((model) => model.id)),
    );
    await importCatalogue(
      { services: hub.services, content: hub.content, logger: hub.logger },
      runnableCatalogue(RUNNABLE_MODEL_IDS),
    );
    tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => hub.tokenFor(`user${i}`)));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-hub-snippets-"));
    // Image snippets read a local file named like the Hub's example.
    fs.writeFileSync(path.join(dir, "cats.jpg"), tinyPng());
    sources = clientSources();

    const backends = (await (await fetch(`${hub.url}/api/inference/backends`)).json()) as { name: string }[];
    expect(backends.map((b) => b.name).sort()).toEqual(["embedded", "onnx"]);
    const served: [string, string][] = [];
    // Mappings of the embedded backend are published as its models' commits land: wait for all ten.
    for (let attempt = 0; attempt < 100 && served.length < 10; attempt++) {
      served.length = 0;
      for (const { name } of backends) {
        const models = (await (
          await fetch(`${hub.url}/api/models?inference_provider=${name}&limit=100`)
        ).json()) as { id: string }[];
        served.push(...models.map((m): [string, string] => [m.id, name]));
      }
      if (served.length < 10) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served).toHaveLength(10);
    for (const [id, backend] of served) {
      const chat = id === RUNNABLE_MODEL_IDS[0];
      for (const provider of ["auto", backend])
        for (const streaming of chat ? [false, true] : [false]) {
          const query = `provider=${provider}${streaming ? "&streaming=true" : ""}`;
          const set = (await (await fetch(`${hub.url}/api/models/${id}/snippets?${query}`)).json()) as {
            inference: Snippet[];
          };
          expect(set.inference.length, `${id} ${query}`).toBeGreaterThan(0);
          for (const s of set.inference) {
            // "auto" and the named backend often give the same code (the URL names the model): once.
            if (cases.some((c) => c.client === s.client && c.language === s.language && c.code === s.content))
              continue;
            cases.push({
              name: `${id} [${provider}${streaming ? ", streamed" : ""}] ${s.language}/${s.client}`,
              client: s.client,
              language: s.language,
              code: s.content,
              token: tokens[cases.length % tokens.length],
            });
          }
        }
    }
  }, 180_000);

  afterAll(async () => {
    await hub?.stop();
    sources?.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = (c: Case) => ({ ...process.env, HF_TOKEN: c.token });

  it("curl, Python requests, JS fetch, huggingface.js and the openai JS client", async () => {
    const results: string[] = [];
    for (const c of cases.filter((c) => c.client === "curl")) {
      const { stdout } = await run("bash", ["-c", c.code], { env: env(c), cwd: dir, timeout: 30_000 }).catch(
        (err: Error & { stdout?: string }) => ({ stdout: `{"error": ${JSON.stringify(err.message)}}` }),
      );
      results.push(`${c.name}: ${verdict({ name: c.name, output: stdout })}`);
    }
    const requests = cases.filter((c) => c.client === "requests");
    const fromRequests = await againIfStreamEmpty(requests, (list) => runPython(list, undefined));
    results.push(...fromRequests.map((o) => `${o.name}: ${verdict(o)}`));

    // The JS snippets import their clients: their files live under the repo's node_modules to find them.
    const scratch = fs.mkdtempSync(path.join(process.cwd(), "node_modules", ".modelhub-snippets-"));
    try {
      const js = cases.filter((c) => c.language === "js");
      expect(js.length).toBeGreaterThan(15);
      const outcomes = await againIfStreamEmpty(js, (list) =>
        inPool(list, 3, (c, i) => runNode(c, path.join(scratch, `${i}.mjs`))),
      );
      results.push(...outcomes.map((o) => `${o.name}: ${verdict(o)}`));
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    const clients = new Set(cases.map((c) => `${c.language}/${c.client}`));
    expect([...clients].sort()).toEqual(
      expect.arrayContaining(["js/fetch", "js/huggingface.js", "js/openai", "python/requests", "sh/curl"]),
    );
    expect(results.filter((line) => !line.endsWith(": ok"))).toEqual([]);
    expect(results).toHaveLength(
      cases.filter((c) => c.language !== "python" || c.client === "requests").length,
    );
  }, 240_000);

  it("huggingface_hub's InferenceClient, 1.28 and 0.36", async () => {
    if (sources.missing) {
      console.warn(`\n*** SKIPPED: huggingface_hub snippets not run: ${sources.missing} ***\n`);
      return;
    }
    console.info(`huggingface_hub from ${sources.origin}`);
    const hubClient = cases.filter((c) => c.client === "huggingface_hub");
    expect(hubClient.length).toBeGreaterThanOrEqual(10);
    const results: string[] = [];
    for (const pythonPath of sources.paths)
      results.push(
        ...(await againIfStreamEmpty(hubClient, (list) => runPython(list, pythonPath))).map(
          (o) => `${path.basename(path.dirname(pythonPath))} ${o.name}: ${verdict(o)}`,
        ),
      );
    expect(results.filter((line) => !line.endsWith(": ok"))).toEqual([]);
    // The openai Python package is not installed here (no PyPI): say so rather than pass silently.
    const openai = cases.filter((c) => c.language === "python" && c.client === "openai");
    const probe = await run("/usr/bin/python3", ["-c", "import openai"]).then(
      () => true,
      () => false,
    );
    if (!probe)
      console.warn(
        `*** ${openai.length} Python openai snippets not run: the openai package is not installed ***`,
      );
    else
      results.push(
        ...(await againIfStreamEmpty(openai, (list) => runPython(list, undefined))).map(
          (o) => `${o.name}: ${verdict(o)}`,
        ),
      );
    expect(results.filter((line) => !line.endsWith(": ok"))).toEqual([]);
  }, 240_000);

  /** One JS snippet, written to `file`, run by its own Node process in the folder holding cats.jpg. */
  async function runNode(c: Case, file: string): Promise<Outcome> {
    fs.writeFileSync(file, c.code);
    return run(process.execPath, [file], { env: env(c), cwd: dir, timeout: 60_000 }).then(
      ({ stdout }): Outcome => ({ name: c.name, output: stdout }),
      (err: Error & { stderr?: string }): Outcome => ({
        name: c.name,
        output: "",
        error: (err.stderr || err.message).slice(-600),
      }),
    );
  }

  /** The cases run by one Python interpreter (huggingface_hub from `pythonPath` when given). */
  async function runPython(list: Case[], pythonPath: string | undefined): Promise<Outcome[]> {
    const file = path.join(dir, `cases-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify(list));
    const { stdout } = await run("/usr/bin/python3", ["-c", PYTHON_RUNNER, file], {
      env: {
        ...process.env,
        ...(pythonPath ? { PYTHONPATH: pythonPath } : {}),
        HF_HUB_DISABLE_TELEMETRY: "1",
      },
      cwd: dir,
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as Outcome[];
  }
});

/**
 * Runs `list` with `runAll`, then runs again (twice at most) the streamed cases that printed nothing: the
 * demo chat model samples at random (temperature 1, no seed) and ends its answer at the first token in
 * about one call of twelve, and a streamed snippet then rightly prints nothing. A snippet that never
 * prints anything still fails.
 */
async function againIfStreamEmpty(
  list: Case[],
  runAll: (list: Case[]) => Promise<Outcome[]>,
): Promise<Outcome[]> {
  const outcomes = await runAll(list);
  for (let attempt = 0; attempt < 2; attempt++) {
    const again = list.filter(
      (c, i) => c.name.includes("streamed") && verdict(outcomes[i]) === "printed nothing",
    );
    if (again.length === 0) break;
    const rerun = await runAll(again);
    again.forEach((c, j) => (outcomes[list.indexOf(c)] = rerun[j]));
  }
  return outcomes;
}

/** Maps `items` through `work` with at most `width` running at once, keeping the order. */
async function inPool<T, R>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
