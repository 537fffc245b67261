#!/usr/bin/env node
// The inference gateway's cost: latency it adds to non-streamed calls (through the hub − direct to the
// backend, alternating, same run) and the hub's CPU per call, time to first token streamed (hub vs direct), and the hub's RSS
// around 200 concurrent slow streams. Bounded: fixed call counts, per-call timeouts, servers on 127.0.0.1.
// Run after `npm run build`: node apps/server/bench/gateway/run.mjs [--calls 2000] [--streams 200]
// [--cli <another build's dist/cli/main.js>] (e.g. the previous commit's, to compare in one run)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startFakeBackend } from "./fake-backend.mjs";
import { startHubProcess } from "../hub-process.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const CALLS = option("calls", 2000);
const cliAt = process.argv.indexOf("--cli");
const BASELINE_CLI = cliAt > 0 ? path.resolve(process.argv[cliAt + 1]) : undefined;
const TTFT_CALLS = option("ttft-calls", 500);
const STREAMS = option("streams", 200);
const CALL_TIMEOUT_MS = 30_000;
const MODEL = "bench/chat";
const SLOW_MODEL = "bench/slow";

const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 });

/** POSTs a chat call; resolves with the time to the first body byte and to the end (ms). */
function chat(baseUrl, model, { token, stream = false }) {
  const url = new URL(`${baseUrl}/chat/completions`);
  const body = JSON.stringify({ model, messages: [{ role: "user", content: "hi" }], stream });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first;
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        timeout: CALL_TIMEOUT_MS,
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} from ${url.host}`));
        res.on("data", () => (first ??= performance.now() - started));
        res.on("end", () => resolve({ first: first ?? Number.NaN, total: performance.now() - started }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("call timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
const ms = (value) => `${value.toFixed(2)} ms`;

/** Alternates direct and through-hub calls `count` times each; returns the chosen timing of each side. */
async function alternate(count, direct, viaHub, pick) {
  const a = [];
  const b = [];
  for (let i = 0; i < count; i++) {
    a.push(pick(await direct()));
    b.push(pick(await viaHub()));
  }
  return { direct: a, hub: b };
}

function report(label, { direct, hub }) {
  const row = (name, values) =>
    `  ${name.padEnd(8)} p50 ${ms(quantile(values, 0.5)).padStart(10)}   p99 ${ms(quantile(values, 0.99)).padStart(10)}`;
  console.log(`${label} (${direct.length} each, alternating)`);
  console.log(row("direct", direct));
  console.log(row("hub", hub));
  console.log(
    `  added    p50 ${ms(quantile(hub, 0.5) - quantile(direct, 0.5)).padStart(10)}   p99 ${ms(quantile(hub, 0.99) - quantile(direct, 0.99)).padStart(10)}`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-gateway-bench-"));
const backend = await startFakeBackend({ slowChunks: 50, slowMs: 5000 });
let hub;
let baseline;
let baselineDir;
try {
  const configFile = path.join(dataDir, "inference.json");
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      backends: [
        {
          name: "bench",
          kind: "openai-compatible",
          baseUrl: backend.baseUrl,
          models: { [MODEL]: "fast", [SLOW_MODEL]: "slow" },
          timeoutMs: 60_000,
        },
      ],
      limits: { requestsPerMinute: 1_000_000 },
    }),
  );
  const start = async (dir, cli) => {
    const started = await startHubProcess(dir, { MODELHUB_INFERENCE_CONFIG: configFile }, { cli });
    for (const name of ["chat", "slow"]) {
      const res = await fetch(`${started.url}/api/repos/create`, {
        method: "POST",
        headers: { Authorization: `Bearer ${started.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ type: "model", name }),
      });
      if (!res.ok) throw new Error(`creating ${name}: HTTP ${res.status}`);
    }
    return started;
  };
  hub = await start(dataDir);
  if (BASELINE_CLI) {
    baselineDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-gateway-bench-baseline-"));
    baseline = await start(baselineDir, BASELINE_CLI);
  }
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );

  const direct = (model, stream) => () =>
    chat(backend.baseUrl, model === MODEL ? "fast" : "slow", { stream });
  const viaHub = (model, stream) => () => chat(`${hub.url}/v1`, model, { token: hub.token, stream });
  // Warm both paths (JIT, connections, the SQLite statement cache).
  await alternate(200, direct(MODEL, false), viaHub(MODEL, false), (t) => t.total);

  if (baseline) {
    // Before/after in one run: direct, the other build, this build, in turn, so load hits all alike.
    const viaBaseline = () => chat(`${baseline.url}/v1`, MODEL, { token: baseline.token });
    await alternate(200, viaBaseline, viaHub(MODEL, false), (t) => t.total);
    const cpuBase = baseline.cpuMs();
    const cpuThis = hub.cpuMs();
    const times = { direct: [], before: [], after: [] };
    for (let i = 0; i < CALLS; i++) {
      times.direct.push((await direct(MODEL, false)()).total);
      times.before.push((await viaBaseline()).total);
      times.after.push((await viaHub(MODEL, false)()).total);
    }
    const added = (values) => ms(quantile(values, 0.5) - quantile(times.direct, 0.5));
    console.log(
      `non-streamed chat, whole call, ${CALLS} each: ${BASELINE_CLI} (before) vs this build (after)`,
    );
    console.log(`  direct   p50 ${ms(quantile(times.direct, 0.5)).padStart(10)}`);
    console.log(
      `  before   p50 ${ms(quantile(times.before, 0.5)).padStart(10)}   added ${added(times.before)}   hub CPU ${ms((baseline.cpuMs() - cpuBase) / CALLS)} per call`,
    );
    console.log(
      `  after    p50 ${ms(quantile(times.after, 0.5)).padStart(10)}   added ${added(times.after)}   hub CPU ${ms((hub.cpuMs() - cpuThis) / CALLS)} per call`,
    );
    await baseline.stop();
  }
  const cpuBefore = hub.cpuMs();
  report(
    "non-streamed chat, whole call",
    await alternate(CALLS, direct(MODEL, false), viaHub(MODEL, false), (t) => t.total),
  );
  // CPU the hub spent per call: unlike wall time, barely moved by other processes on a busy machine.
  console.log(`  hub CPU  ${ms((hub.cpuMs() - cpuBefore) / CALLS).padStart(10)} per call`);
  report(
    "streamed chat, time to first token",
    await alternate(TTFT_CALLS, direct(MODEL, true), viaHub(MODEL, true), (t) => t.first),
  );

  const idle = hub.rssMiB();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, hub.rssMiB())), 100);
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: STREAMS }, () => viaHub(SLOW_MODEL, true)()));
  const wall = performance.now() - started;
  clearInterval(sampler);
  const failed = results.filter((r) => r.status === "rejected").length;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = hub.rssMiB();
  const firsts = results.filter((r) => r.status === "fulfilled").map((r) => r.value.first);
  console.log(`${STREAMS} concurrent slow streams (50 chunks over 5 s each) through the hub`);
  console.log(
    `  wall ${(wall / 1000).toFixed(2)} s, failed ${failed}, first token p50 ${ms(quantile(firsts, 0.5))} p99 ${ms(quantile(firsts, 0.99))}`,
  );
  console.log(
    `  hub RSS before ${idle.toFixed(0)} MiB, peak during ${peak.toFixed(0)} MiB, 3 s after ${after.toFixed(0)} MiB`,
  );
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  agent.destroy();
  await hub?.stop();
  await baseline?.stop();
  if (baselineDir) fs.rmSync(baselineDir, { recursive: true, force: true });
  await backend.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
