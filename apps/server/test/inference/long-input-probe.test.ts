import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRepo, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTinyEmbeddingGguf } from "../../src/seed/tiny-gguf/tiny-embedding.js";
import { buildTinyLlamaGguf } from "../../src/seed/tiny-gguf/tiny-llama.js";
import { ADMIN_TOKEN, AUTH, startHubProcess, type HubProcess } from "../maintenance/hub-process.js";

/**
 * The long-input probe (README "Security", "Long inputs"): a real hub process takes ten hostile
 * requests at once — 16 MiB prompts to the three text routes, 16 MiB embedding batches, a dataset card
 * whose data_files would backtrack forever, SQL constant bombs — while /healthz is asked every 25 ms.
 * Every hostile request gets its 4xx, and the hub's own event-loop delay (prom-client's
 * monitorEventLoopDelay histogram on /metrics) and resident memory stay within the documented bounds.
 */

/**
 * Documented bounds (README "Long inputs") for a machine that is not otherwise busy; the test scales
 * the time bounds by the slowdown it measures in the same run (`slowdown`), so a CI machine shared with
 * other work does not fail it, while a freeze of seconds still does.
 */
const EVENT_LOOP_P99_MS = 250;
const EVENT_LOOP_MAX_MS = 1000;
const HEALTHZ_P99_MS = 1000;
const HUB_RSS_BYTES = 1024 * 1024 * 1024;
/** The slowdown taken into account at most. */
const MAX_SLOWDOWN = 8;

const MiB = 1024 * 1024;
const CHAT = "admin/probe-chat-GGUF";
const EMBED = "admin/probe-embed-GGUF";

describe("long-input probe: hostile bodies do not freeze the hub", () => {
  let dir: string;
  let hub: HubProcess;
  const api = (route: string, init: RequestInit = {}) =>
    fetch(`${hub.url}${route}`, {
      ...init,
      headers: { ...AUTH, "Content-Type": "application/json", ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-probe-"));
    const config = path.join(dir, "inference.json");
    fs.writeFileSync(
      config,
      JSON.stringify({
        backends: [{ name: "local", kind: "embedded", models: { [CHAT]: "auto", [EMBED]: "auto" } }],
        limits: { requestsPerMinute: 1000 },
      }),
    );
    hub = await startHubProcess(path.join(dir, "data"), {
      MODELHUB_INFERENCE_CONFIG: config,
      MODELHUB_DATASETS_SQL_TIMEOUT_MS: "3000",
      MODELHUB_ONNX_INFERENCE: "0",
    });
    const hubUrl = hub.url;
    const upload = async (
      name: string,
      type: "model" | "dataset",
      files: Record<string, Uint8Array | string>,
    ) => {
      await createRepo({ repo: { type, name }, accessToken: ADMIN_TOKEN, hubUrl });
      await uploadFiles({
        repo: { type, name },
        accessToken: ADMIN_TOKEN,
        hubUrl,
        useXet: false,
        files: Object.entries(files).map(([file, content]) => ({ path: file, content: new Blob([content]) })),
      });
    };
    await upload(CHAT, "model", {
      "README.md": "---\npipeline_tag: text-generation\n---\n",
      "tiny-F32.gguf": buildTinyLlamaGguf(),
    });
    await upload(EMBED, "model", {
      "README.md": "---\npipeline_tag: feature-extraction\n---\n",
      "tiny-F32.gguf": buildTinyEmbeddingGguf(),
    });
    await upload("admin/probe-sql", "dataset", { "train.csv": "label,text\n0,good\n1,bad\n" });
    // the model answers (a short prompt) and the SQL dataset is converted before the load starts
    const warm = await api("/v1/completions", {
      method: "POST",
      body: JSON.stringify({ model: CHAT, prompt: "hello", max_tokens: 2 }),
    });
    expect(warm.status, await warm.clone().text()).toBe(200);
    for (let i = 0; i < 600; i++) {
      const splits = await api("/datasets-server/splits?dataset=admin/probe-sql");
      if (splits.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    await hub?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers ten hostile requests with 4xx while /healthz, the event loop and the hub's memory stay within bounds", async () => {
    const prompt = "word ".repeat(Math.floor((15.5 * MiB) / 5));
    const batch = Array.from({ length: 2048 }, (_, i) => `${i} ${"text ".repeat(1599)}`);
    const hostileName = "a".repeat(200);
    // the pattern needs 60 a's before "b.csv": no file matches it, and a backtracking matcher never finishes
    const card = `---\nconfigs:\n- config_name: default\n  data_files:\n  - "${"*a".repeat(60)}*b.csv"\n  - "b.csv"\n---\n`;
    const hostileFiles: Record<string, string> = { "README.md": card, "b.csv": "x\n1\n" };
    for (let i = 0; i < 40; i++) hostileFiles[`${hostileName}${i}.csv`] = "x\n2\n";
    const requests: { what: string; send: () => Promise<Response>; expected: number[] }[] = [
      ...[1, 2].map((n) => ({
        what: `completion ${n}`,
        send: () => api("/v1/completions", { method: "POST", body: JSON.stringify({ model: CHAT, prompt }) }),
        expected: [400],
      })),
      ...[1, 2].map((n) => ({
        what: `chat ${n}`,
        send: () =>
          api("/v1/chat/completions", {
            method: "POST",
            body: JSON.stringify({ model: CHAT, messages: [{ role: "user", content: prompt }] }),
          }),
        expected: [400],
      })),
      {
        what: "text-generation task",
        send: () =>
          api(`/hf-inference/models/${CHAT}`, { method: "POST", body: JSON.stringify({ inputs: prompt }) }),
        expected: [400],
      },
      ...[1, 2].map((n) => ({
        what: `embeddings ${n}`,
        send: () =>
          api("/v1/embeddings", { method: "POST", body: JSON.stringify({ model: EMBED, input: batch }) }),
        expected: [400],
      })),
      {
        what: "dataset card with backtracking globs",
        send: async () => {
          await createRepo({
            repo: { type: "dataset", name: "admin/probe-glob" },
            accessToken: ADMIN_TOKEN,
            hubUrl: hub.url,
          });
          await uploadFiles({
            repo: { type: "dataset", name: "admin/probe-glob" },
            accessToken: ADMIN_TOKEN,
            hubUrl: hub.url,
            useXet: false,
            files: Object.entries(hostileFiles).map(([file, content]) => ({
              path: file,
              content: new Blob([content]),
            })),
          });
          return new Response(null, { status: 200 });
        },
        expected: [200],
      },
      ...["SELECT length(repeat('x', 1000000000))", "SELECT len(range(300000000))"].map((query) => ({
        what: `SQL ${query}`,
        send: () =>
          api("/datasets-server/sql", {
            method: "POST",
            body: JSON.stringify({ dataset: "admin/probe-sql", query }),
          }),
        expected: [408, 422],
      })),
    ];
    expect(requests).toHaveLength(10);

    const calibration = calibrate();
    await api("/metrics"); // prom-client resets the event-loop histogram at each scrape
    const pid = hub.child.pid!;
    const rss: number[] = [];
    const healthz: number[] = [];
    let loading = true;
    const sampler = (async () => {
      while (loading) {
        const started = performance.now();
        // a new connection each time: a kept-alive one may be closed under the sampler by the server
        const res = await fetch(`${hub.url}/healthz`, { headers: { Connection: "close" } });
        await res.arrayBuffer();
        healthz.push(performance.now() - started);
        rss.push(residentBytes(pid));
        // the machine's slowdown is sampled during the load too (one round of the calibration work)
        calibration.push(...calibrate(1));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const answers = await Promise.all(
      requests.map(async (request) => {
        const response = await request.send();
        return {
          what: request.what,
          status: response.status,
          body: await response.text(),
          expected: request.expected,
        };
      }),
    );
    loading = false;
    await sampler;
    const metrics = await (await api("/metrics")).text();
    calibration.push(...calibrate());

    for (const answer of answers)
      expect(answer.expected, `${answer.what}: ${answer.status} ${answer.body.slice(0, 300)}`).toContain(
        answer.status,
      );
    for (const answer of answers.filter((a) => a.status >= 400))
      expect(JSON.parse(answer.body) as { error: string }).toHaveProperty("error");

    const lagP99 = metricValue(metrics, "nodejs_eventloop_lag_p99_seconds") * 1000;
    const lagMax = metricValue(metrics, "nodejs_eventloop_lag_max_seconds") * 1000;
    const k = slowdown(calibration);
    const sorted = [...healthz].sort((a, b) => a - b);
    const healthP99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
    const peakRss = Math.max(...rss);
    console.log(
      `long-input probe: ${healthz.length} /healthz, p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p99 ${healthP99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; hub event loop p99 ${lagP99.toFixed(1)} ms, max ${lagMax.toFixed(1)} ms; hub RSS peak ${Math.round(peakRss / MiB)} MiB; machine slowdown ${k.toFixed(2)}`,
    );
    expect(lagP99).toBeLessThan(EVENT_LOOP_P99_MS * k);
    expect(lagMax).toBeLessThan(EVENT_LOOP_MAX_MS * k);
    expect(healthP99).toBeLessThan(HEALTHZ_P99_MS * k);
    expect(peakRss).toBeLessThan(HUB_RSS_BYTES);

    // the hostile card was converted: its pattern matched nothing but b.csv (or the split is reported)
    let splits: { status: number; body: string } = { status: 0, body: "" };
    for (let i = 0; i < 300; i++) {
      const res = await api("/datasets-server/splits?dataset=admin/probe-glob");
      splits = { status: res.status, body: await res.text() };
      if (splits.status !== 503) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(splits.status, splits.body).toBe(200);
    const rows = await api("/datasets-server/first-rows?dataset=admin/probe-glob&config=default&split=train");
    const rowsText = await rows.text();
    expect(rows.status, `${splits.body}\n${rowsText}`).toBe(200);
    expect((JSON.parse(rowsText) as { rows: { row: { x: number } }[] }).rows.map((row) => row.row.x)).toEqual(
      [1],
    );
  }, 180_000);
});

/** Wall times of a fixed piece of CPU work (a few milliseconds on an idle machine), run `rounds` times. */
function calibrate(rounds = 7): number[] {
  const data = Buffer.alloc(1 << 20, 7);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 1_000_000; i++) x = (x * 31 + i) | 0;
    for (let i = 0; i < 2; i++) createHash("sha256").update(data).update(String(x)).digest();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * How much slower than its best this machine ran the same work in this run (median over fastest, at
 * least 1, at most MAX_SLOWDOWN): a ratio measured in one run, as the project's benchmarks compare.
 */
function slowdown(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.min(MAX_SLOWDOWN, Math.max(1, sorted[Math.floor(sorted.length / 2)] / sorted[0]));
}

function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function metricValue(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : Number.NaN;
}
