// The ONNX task API on the built hub: latency of a warm text-classification call (the tiny demo model,
// so this is the hub + worker round trip, not model compute), and GET /api/models latency alone and
// while a long ONNX batch runs in the worker. About 30 s.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHubProcess } from "../hub-process.mjs";
import { DEMO_ONNX_MODELS, demoOnnxFiles } from "../../dist/seed/tiny-onnx/demo-onnx-models.js";

const CALLS = 300;
const LISTINGS = 200;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};

async function upload(hub, model) {
  const name = model.id.split("/")[1];
  const headers = { Authorization: `Bearer ${hub.token}` };
  await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type: "model" }),
  });
  const files = [
    {
      path: "README.md",
      content: `---\npipeline_tag: ${model.task}\nlibrary_name: transformers.js\n---\n# ${name}\n`,
    },
    ...demoOnnxFiles(model),
  ];
  const lines = [
    { key: "header", value: { summary: "demo model" } },
    ...files.map((file) => ({
      key: "file",
      value: { path: file.path, content: Buffer.from(file.content).toString("base64"), encoding: "base64" },
    })),
  ];
  const response = await fetch(`${hub.url}/api/models/bench/${name}/commit/main`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  if (!response.ok) throw new Error(`commit failed: ${response.status} ${await response.text()}`);
  return `bench/${name}`;
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "modelhub-onnx-bench-"));
// No llama.cpp backend; the per-user rate limit raised so the sequential calls are not refused.
const configFile = path.join(dataDir, "inference.json");
writeFileSync(configFile, JSON.stringify({ backends: [], limits: { requestsPerMinute: 1_000_000 } }));
const hub = await startHubProcess(dataDir, { MODELHUB_INFERENCE_CONFIG: configFile });
try {
  const sentiment = await upload(
    hub,
    DEMO_ONNX_MODELS.find((m) => m.task === "text-classification"),
  );
  const embedder = await upload(
    hub,
    DEMO_ONNX_MODELS.find((m) => m.task === "feature-extraction"),
  );
  const call = (id, inputs) =>
    fetch(`${hub.url}/hf-inference/models/${id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ inputs }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return r.json();
    });
  const first = await timed(() => call(sentiment, "warm up"));
  await call(embedder, "warm up");
  const samples = [];
  for (let i = 0; i < CALLS; i++) samples.push(await timed(() => call(sentiment, `call number ${i}`)));
  const listing = () => fetch(`${hub.url}/api/models?limit=5`).then((r) => r.arrayBuffer());
  const idle = [];
  for (let i = 0; i < LISTINGS; i++) idle.push(await timed(listing));
  const batch = Array.from({ length: 256 }, (_, i) => `sentence number ${i} `.repeat(60));
  let busy = true;
  const long = call(embedder, batch).finally(() => (busy = false));
  const during = [];
  while (busy && during.length < LISTINGS) during.push(await timed(listing));
  const longMs = await timed(() => long);
  console.log("| ONNX task API (built hub, tiny demo models, one worker) | figure |");
  console.log("|---|---|");
  console.log(
    `| first call (starts the worker, loads transformers.js and the model) | ${first.toFixed(0)} ms |`,
  );
  console.log(`| warm text-classification call, ${CALLS} sequential | ${summary(samples)} |`);
  console.log(`| GET /api/models?limit=5, idle (${LISTINGS}) | ${summary(idle)} |`);
  console.log(
    `| same, while a 256-text embedding batch runs in the worker (${during.length} calls, batch still running) | ${summary(during)} |`,
  );
  console.log(`| (the batch ended ${longMs.toFixed(0)} ms after the last listing) | |`);
} finally {
  await hub.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
