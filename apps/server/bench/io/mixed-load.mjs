// Large downloads beside small requests: a 20 MB LFS file downloaded over 25 keep-alive connections
// alone, then again while small requests (model info + a small file) arrive at a fixed rate. Reports
// the large-file throughput of both phases as a ratio and the small requests' p50/p99 in the mixed
// phase (and alone, for reference), and the hub's event-loop delay in each phase (its
// modelhub_event_loop_delay_seconds, read from /metrics before and after: goal p99 < 20 ms under the
// mixed load) beside the idle hub's. Everything runs on 127.0.0.1 for a fixed time.
//
//   npx tsc -b apps/server && node apps/server/bench/io/mixed-load.mjs
//   MIXED_SECONDS=8  MIXED_LARGE_CONNECTIONS=25  MIXED_SMALL_RATE=1300  MIXED_FILE_MB=20
//   MIXED_PG=postgres://postgres@127.0.0.1:5432/test  runs the hub on a scratch PostgreSQL database
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { summary } from "../../../../scripts/bench-summary.mjs";
import { createWriteToken, startPreparedHub } from "../scale/prepared-hub.mjs";

const SECONDS = Number(process.env.MIXED_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.MIXED_LARGE_CONNECTIONS ?? 25);
const SMALL_RATE = Number(process.env.MIXED_SMALL_RATE ?? 1300);
const FILE_MB = Number(process.env.MIXED_FILE_MB ?? 20);
const MAX_SMALL_OUTSTANDING = 200;
const OWNER = "bench";

if (process.argv[2] === "--large-client") {
  const [, , , url, connections, seconds] = process.argv;
  const bytes = await largeDownloads(url, Number(connections), Number(seconds));
  process.stdout.write(JSON.stringify({ bytes }));
  process.exit(0);
}

const budget = setTimeout(() => {
  console.error("mixed-load: over the 180 s budget, stopping");
  process.exit(2);
}, 180_000);
budget.unref();

const { spawn } = await import("node:child_process");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-mixed-load-"));
const database = process.env.MIXED_PG ? await createScratchDatabase(process.env.MIXED_PG) : undefined;
const target = { dataDir, databaseUrl: database?.url };
const hub = await startPreparedHub(target, { MODELHUB_METRICS_PUBLIC: "1" });
const auth = { Authorization: `Bearer ${createWriteToken(target, OWNER)}` };

try {
  await prepareRepo();
  const large = `/${OWNER}/mixed/resolve/main/model.bin`;
  const smallPaths = [`/api/models/${OWNER}/mixed`, `/${OWNER}/mixed/resolve/main/config.json`];

  const idle = await run({ large: undefined, smallPaths: [], rate: 0, seconds: Math.min(SECONDS, 3) });
  const solo = await run({ large, smallPaths: [], rate: 0 });
  const smallAlone = await run({ large: undefined, smallPaths, rate: SMALL_RATE });
  const mixed = await run({ large, smallPaths, rate: SMALL_RATE });

  const mbps = (r) => r.largeBytes / 1e6 / r.seconds;
  const row = (label, r) =>
    console.log(
      `${label.padEnd(34)} large ${mbps(r).toFixed(0).padStart(5)} MB/s` +
        `   small ${(r.small.length / r.seconds).toFixed(0).padStart(5)} req/s` +
        `  p50 ${pct(r.small, 0.5).padStart(6)} ms  p99 ${pct(r.small, 0.99).padStart(6)} ms` +
        `   loop delay p50 ${ms(r.loop.p50)} p99 ${ms(r.loop.p99)} max ${ms(r.loop.max)} ms` +
        (r.errors ? `  errors ${r.errors}` : ""),
    );
  console.log(
    `mixed load: ${FILE_MB} MB file over ${CONNECTIONS} connections, small requests at ${SMALL_RATE}/s, ${SECONDS} s each`,
  );
  row("idle hub", idle);
  row("large file alone", solo);
  row("small requests alone", smallAlone);
  row("large file + small requests", mixed);
  const ratio = mbps(mixed) / mbps(solo);
  const p99 = Number(pct(mixed.small, 0.99));
  console.log(
    `ratio mixed/solo large-file throughput: ${ratio.toFixed(2)} (goal >= 0.50)   small p99 under load: ${p99} ms (goal < 150)`,
  );
  const loopP99 = mixed.loop.p99 * 1000;
  console.log(
    `event-loop delay p99 under the mixed load: ${loopP99.toFixed(1)} ms (idle hub ${(idle.loop.p99 * 1000).toFixed(1)} ms; goal < 20) ${loopP99 < 20 ? "met" : "MISSED"}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  summary({
    "mixed-load": {
      "event-loop delay p99 under mixed load (ms)": {
        value: loopP99,
        baseline: idle.loop.p99 * 1000,
        baselineLabel: "idle hub",
        goal: "< 20",
      },
      "mixed/solo large-file throughput": { value: ratio, goal: ">= 0.5" },
    },
  });
} finally {
  await hub.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** MIXED_PG=<server URL>: the hub runs on a new PostgreSQL database there, dropped at the end. */
async function createScratchDatabase(serverUrl) {
  const name = `modelhub_mixed_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // a run killed earlier may have left it behind
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function ms(seconds) {
  return (seconds * 1000).toFixed(1).padStart(6);
}

/** The hub's event-loop delay since the previous read (modelhub_event_loop_delay_seconds), in seconds. */
async function loopDelay() {
  const text = await (await fetch(`${hub.url}/metrics`)).text();
  const read = (quantile) =>
    Number(
      text
        .split("\n")
        .find((line) => line.startsWith(`modelhub_event_loop_delay_seconds{quantile="${quantile}"}`))
        ?.split(" ")
        .pop() ?? NaN,
    );
  return { p50: read("0.5"), p99: read("0.99"), max: read("1") };
}

function pct(samples, p) {
  if (samples.length === 0) return "-";
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
}

async function call(method, url, body, headers = {}) {
  const res = await fetch(`${hub.url}${url}`, { method, headers: { ...auth, ...headers }, body });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** A model repo with one LFS file of FILE_MB and a small config.json. */
async function prepareRepo() {
  await call("POST", "/api/repos/create", JSON.stringify({ name: "mixed", organization: OWNER }), {
    "Content-Type": "application/json",
  });
  const data = Buffer.alloc(FILE_MB * 1024 * 1024);
  for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE(i, i);
  const oid = createHash("sha256").update(data).digest("hex");
  const batch = await call(
    "POST",
    `/${OWNER}/mixed.git/info/lfs/objects/batch`,
    JSON.stringify({ operation: "upload", objects: [{ oid, size: data.length }] }),
    { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" },
  );
  const href = (await batch.json()).objects[0].actions?.upload?.href;
  if (href) {
    const put = await fetch(href, { method: "PUT", body: data });
    if (!put.ok) throw new Error(`LFS PUT ${put.status} ${await put.text()}`);
  }
  const line = (key, value) => `${JSON.stringify({ key, value })}\n`;
  const body =
    line("header", { summary: "mixed-load fixture" }) +
    line("file", {
      path: "config.json",
      content: Buffer.from('{"model_type":"bert"}\n').toString("base64"),
      encoding: "base64",
    }) +
    line("lfsFile", { path: "model.bin", algo: "sha256", oid, size: data.length });
  await call("POST", `/api/models/${OWNER}/mixed/commit/main`, body);
}

/** GET over a keep-alive agent; resolves with the body length, rejects on a short body. */
function get(agent, url, onData = () => {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
        onData(chunk.length);
      });
      res.on("end", () => {
        const expected = Number(res.headers["content-length"] ?? bytes);
        if (res.statusCode !== 200 || bytes !== expected)
          reject(new Error(`${url}: ${res.statusCode}, ${bytes}/${expected} bytes`));
        else resolve(bytes);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** Downloads `url` in a loop on `connections` keep-alive connections for `seconds`; returns the bytes. */
async function largeDownloads(url, connections, seconds) {
  const endAt = performance.now() + seconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let bytes = 0;
  // bytes are counted as they arrive; downloads still running at the end are cut there
  const count = (n) => {
    if (performance.now() < endAt) bytes += n;
  };
  const cut = setTimeout(() => agent.destroy(), seconds * 1000 + 5);
  const loop = async () => {
    while (performance.now() < endAt)
      await get(agent, url, count).catch((error) => {
        if (performance.now() < endAt) console.error(`large download failed: ${error.message}`);
      });
  };
  await Promise.all(Array.from({ length: connections }, loop));
  clearTimeout(cut);
  return bytes;
}

/** The large-file loops in a child process, so receiving them does not delay the small requests' timing. */
function largeClient(url, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), "--large-client", url, String(CONNECTIONS), String(seconds)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out).bytes) : reject(new Error(`large client: ${code}`)),
    );
  });
}

/** One phase: large-file loops on CONNECTIONS connections and/or small requests paced at `rate`. */
async function run({ large, smallPaths, rate, seconds = SECONDS }) {
  await loopDelay(); // starts the hub's window
  const endAt = performance.now() + seconds * 1000;
  const result = { largeBytes: 0, small: [], errors: 0, seconds, loop: undefined };
  const smallAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const largeDone = large ? largeClient(`${hub.url}${large}`, seconds) : Promise.resolve(0);
  const idleWait = !large && rate === 0 ? new Promise((r) => setTimeout(r, seconds * 1000)) : undefined;
  let tail = Promise.resolve();
  if (rate > 0) {
    tail = (async () => {
      const pending = new Set();
      const start = performance.now();
      let sent = 0;
      while (performance.now() < endAt) {
        const due = Math.floor(((performance.now() - start) / 1000) * rate);
        while (sent < due && pending.size < MAX_SMALL_OUTSTANDING) {
          const url = `${hub.url}${smallPaths[sent++ % smallPaths.length]}`;
          const t0 = performance.now();
          const p = get(smallAgent, url).then(
            () => performance.now() < endAt && result.small.push(performance.now() - t0),
            () => result.errors++,
          );
          pending.add(p);
          void p.finally(() => pending.delete(p));
        }
        if (sent < due) sent = due; // over the outstanding cap: those requests are skipped
        await new Promise((r) => setTimeout(r, 2));
      }
      await Promise.all(pending);
    })();
  }
  const [largeBytes] = await Promise.all([largeDone, tail, idleWait]);
  result.largeBytes = largeBytes;
  result.loop = await loopDelay();
  smallAgent.destroy();
  return result;
}
