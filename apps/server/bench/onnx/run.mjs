// The ONNX task API on the built hub, side by side with transformers.js in-process in this bench process
// (the same files, downloaded from the hub): the hub's own cost per small call (token check, usage row,
// worker IPC), throughput of 1 and 4 concurrent clients with the default worker count, time to the
// first streamed token of a generation against its whole duration, and GET /api/models latency alone
// and while a long ONNX batch runs. About a minute.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { env, pipeline } from "@huggingface/transformers";
import { readFileSync } from "node:fs";
import { summary as benchSummary } from "../../../../scripts/bench-summary.mjs";
import { cpuTicks, startHubProcess } from "../hub-process.mjs";
import { RUNNABLE_DEMO_MODELS } from "../../dist/seed/tiny-onnx/demo-registry.js";

const CALLS = Number(process.env.BENCH_ONNX_CALLS ?? 300);
const LISTINGS = 200;
const CLIENT_CALLS = 60;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const sortedOf = (samples) => [...samples].sort((a, b) => a - b);
const summary = (samples) => {
  const sorted = sortedOf(samples);
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
    ...model.files(),
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
  return { id: `bench/${name}`, files };
}

/**
 * A bare node:http server in a child process that reads a POST body and answers a fixed JSON: the cost of
 * one HTTP round trip between two processes on this machine with this client, and nothing else.
 */
async function startBareServer() {
  const code = `
    const http = require("node:http");
    const answer = JSON.stringify([[{ label: "POSITIVE", score: 0.99 }, { label: "NEGATIVE", score: 0.01 }]]);
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        JSON.parse(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(answer);
      });
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));
    process.on("disconnect", () => process.exit(0));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  const port = await new Promise((resolve, reject) => {
    child.once("exit", (exitCode) => reject(new Error(`bare server exited with ${exitCode}`)));
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The same model files in a local folder, for transformers.js in this process. */
function localCopy(root, id, files) {
  for (const file of files) {
    const target = path.join(root, id, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

/** CPU ms (user + system) the hub's worker processes (its children) have used so far. */
function workersCpuMs(hubPid) {
  const children = readFileSync(`/proc/${hubPid}/task/${hubPid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.reduce((sum, pid) => {
    try {
      return sum + cpuTicks(Number(pid)) * 10;
    } catch {
      return sum;
    }
  }, 0);
}

const demo = (id) => RUNNABLE_DEMO_MODELS.find((m) => m.id.endsWith(id));
const dataDir = mkdtempSync(path.join(tmpdir(), "modelhub-onnx-bench-"));
// No llama.cpp backend; the per-user rate limit raised so the sequential calls are not refused.
const configFile = path.join(dataDir, "inference.json");
writeFileSync(configFile, JSON.stringify({ backends: [], limits: { requestsPerMinute: 1_000_000 } }));
const hub = await startHubProcess(dataDir, { MODELHUB_INFERENCE_CONFIG: configFile });
try {
  const sentiment = await upload(hub, demo("/tiny-bert-sentiment-onnx"));
  const embedder = await upload(hub, demo("/tiny-bert-embeddings-onnx"));
  const chat = await upload(hub, demo("/tiny-llama-chat-onnx"));
  const call = (id, inputs) =>
    fetch(`${hub.url}/hf-inference/models/${id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ inputs }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return r.json();
    });
  const first = await timed(() => call(sentiment.id, "warm up"));
  await call(embedder.id, "warm up");
  // Every worker loads the model before measuring (calls spread over the idle workers).
  await Promise.all(Array.from({ length: 8 }, (_, i) => call(sentiment.id, `warm ${i}`)));

  // The same pipeline in this process: what the hub adds is the difference of the two medians.
  const root = mkdtempSync(path.join(tmpdir(), "modelhub-onnx-local-"));
  localCopy(root, sentiment.id, sentiment.files);
  Object.assign(env, { allowRemoteModels: false, allowLocalModels: true, localModelPath: `${root}/` });
  const local = await pipeline("text-classification", sentiment.id, { device: "cpu", dtype: "fp32" });
  for (let i = 0; i < 30; i++) await local(`warm ${i}`);
  const bare = await startBareServer();
  const bareCall = (inputs) =>
    fetch(bare.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ inputs }),
    }).then((r) => r.json());
  for (let i = 0; i < 30; i++) await bareCall(`warm ${i}`);
  const hubSamples = [];
  const localSamples = [];
  const bareSamples = [];
  const hubCpu0 = hub.cpuMs();
  const workerCpu0 = workersCpuMs(hub.pid);
  let localCpu = 0;
  // Interleaved, so both sides see the same machine load.
  for (let i = 0; i < CALLS; i++) {
    hubSamples.push(await timed(() => call(sentiment.id, `call number ${i}`)));
    const cpu = process.cpuUsage();
    localSamples.push(await timed(() => local(`call number ${i}`)));
    const used = process.cpuUsage(cpu);
    localCpu += (used.user + used.system) / 1000;
    bareSamples.push(await timed(() => bareCall(`call number ${i}`)));
  }
  bare.stop();
  const bareP50 = percentile(sortedOf(bareSamples), 50);
  const hubCpuPerCall = (hub.cpuMs() - hubCpu0) / CALLS;
  const workerCpuPerCall = (workersCpuMs(hub.pid) - workerCpu0) / CALLS;
  await local.dispose();
  rmSync(root, { recursive: true, force: true });
  const overhead = percentile(sortedOf(hubSamples), 50) - percentile(sortedOf(localSamples), 50);
  // The floor of any authenticated call on this machine right now: HTTP both ways, token check, no work.
  const floorSamples = [];
  const floorCpu0 = hub.cpuMs();
  for (let i = 0; i < CALLS; i++)
    floorSamples.push(
      await timed(() =>
        fetch(`${hub.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${hub.token}` } }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
    );
  const floorCpuPerCall = (hub.cpuMs() - floorCpu0) / CALLS;

  const throughput = async (clients) => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < CLIENT_CALLS; i++) await call(sentiment.id, `client ${c} call ${i}`);
      }),
    );
    return (clients * CLIENT_CALLS) / ((performance.now() - started) / 1000);
  };
  // Alternated three times (the machine's load moves): the medians of each.
  const ones = [];
  const fours = [];
  for (let round = 0; round < 3; round++) {
    ones.push(await throughput(1));
    fours.push(await throughput(4));
  }
  const one = percentile(sortedOf(ones), 50);
  const four = percentile(sortedOf(fours), 50);

  // Time to the first streamed token of a 200-token generation, against the whole generation.
  const streamStart = performance.now();
  const stream = await fetch(`${hub.url}/hf-inference/models/${chat.id}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ inputs: "Tell me", stream: true, parameters: { max_new_tokens: 200 } }),
  });
  const reader = stream.body.getReader();
  await reader.read();
  const firstToken = performance.now() - streamStart;
  while (!(await reader.read()).done);
  const wholeStream = performance.now() - streamStart;

  const listing = () => fetch(`${hub.url}/api/models?limit=5`).then((r) => r.arrayBuffer());
  const idle = [];
  for (let i = 0; i < LISTINGS; i++) idle.push(await timed(listing));
  const batch = Array.from({ length: 256 }, (_, i) => `sentence number ${i} `.repeat(60));
  let busy = true;
  const long = call(embedder.id, batch).finally(() => (busy = false));
  const during = [];
  while (busy && during.length < LISTINGS) during.push(await timed(listing));
  const longMs = await timed(() => long);
  const workers = Math.max(1, Math.min(os.availableParallelism(), Math.floor(os.totalmem() / 2 / 1024 ** 3)));
  console.log(
    `| ONNX task API (built hub, tiny demo models, ${workers} workers by default on ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}) | figure |`,
  );
  console.log("|---|---|");
  console.log(
    `| first call (starts the worker, loads transformers.js and the model) | ${first.toFixed(0)} ms |`,
  );
  console.log(
    `| warm text-classification call through the hub, ${CALLS} sequential | ${summary(hubSamples)} |`,
  );
  console.log(`| the same pipeline in-process (interleaved with the hub calls) | ${summary(localSamples)} |`);
  console.log(
    `| hub overhead per call (p50 difference) beside the in-process p50 | ${overhead.toFixed(2)} ms (in-process ${percentile(sortedOf(localSamples), 50).toFixed(2)} ms; goal <= 2) |`,
  );
  console.log(
    `| a bare \`node:http\` server in its own process answering the same POST with a fixed JSON (the HTTP floor of any server here, same client), interleaved | ${summary(bareSamples)} |`,
  );
  console.log(
    `| hub overhead beyond that HTTP floor (token check, look-ups, body, IPC, usage row) | ${(overhead - bareP50).toFixed(2)} ms |`,
  );
  console.log(
    `| authenticated GET /api/whoami-v2 (HTTP + token check, no work), ${CALLS} sequential; hub CPU per call | ${summary(floorSamples)}; ${floorCpuPerCall.toFixed(2)} ms |`,
  );
  console.log(
    `| CPU per call: hub process / its worker / the pipeline in-process | ${hubCpuPerCall.toFixed(2)} / ${workerCpuPerCall.toFixed(2)} / ${(localCpu / CALLS).toFixed(2)} ms |`,
  );
  console.log(
    `| throughput, 1 client / 4 concurrent clients (${CLIENT_CALLS} calls each, median of 3 alternated rounds) | ${one.toFixed(0)} / ${four.toFixed(0)} calls/s (× ${(four / one).toFixed(2)}) |`,
  );
  console.log(
    `| streamed generation, 200 tokens: first token / whole answer | ${firstToken.toFixed(0)} ms / ${wholeStream.toFixed(0)} ms |`,
  );
  console.log(`| GET /api/models?limit=5, idle (${LISTINGS}) | ${summary(idle)} |`);
  benchSummary({
    onnx: {
      "text-classification call p50 through the hub (ms)": {
        value: percentile(sortedOf(hubSamples), 50),
        baseline: percentile(sortedOf(localSamples), 50),
        baselineLabel: "in-process",
      },
      "hub overhead per call p50 (ms)": {
        value: overhead,
        baseline: percentile(sortedOf(floorSamples), 50),
        baselineLabel: "authenticated no-op GET p50",
        goal: "<= 2",
      },
      "hub overhead beyond a bare HTTP server p50 (ms)": {
        value: overhead - bareP50,
        baseline: bareP50,
        baselineLabel: "bare node:http round trip p50",
      },
      "hub CPU per call (ms)": {
        value: hubCpuPerCall,
        baseline: floorCpuPerCall,
        baselineLabel: "authenticated no-op GET",
      },
    },
  });
  console.log(
    `| same, while a 256-text embedding batch runs in a worker (${during.length} calls, batch still running) | ${summary(during)} |`,
  );
  console.log(`| (the batch ended ${longMs.toFixed(0)} ms after the last listing) | |`);
} finally {
  await hub.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
