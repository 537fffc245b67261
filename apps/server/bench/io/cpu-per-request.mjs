// Hub CPU time per small request (model info, small resolve), read from /proc/<pid>/stat around N requests.
// Alternates builds given as dist folders so a noisy machine affects them alike:
//   node apps/server/bench/io/cpu-per-request.mjs apps/server/dist-old apps/server/dist
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const N = Number(process.env.CPU_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const CONCURRENCY = 8;
const dists = process.argv.slice(2).map((d) => path.resolve(d));
const TICK_MS = 1000 / 100;

function env(dataDir) {
  const e = {
    ...process.env,
    MODELHUB_DATA: dataDir,
    MODELHUB_SEED: "0",
    MODELHUB_LOG_LEVEL: "warn",
    MODELHUB_WEB_DIR: `${dataDir}/no-web`,
  };
  delete e.DATABASE_URL;
  if (process.env.CPU_DATABASE_URL) e.DATABASE_URL = process.env.CPU_DATABASE_URL;
  return e;
}
function cpuTicks(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(f[11]) + Number(f[12]);
}
async function start(dist, dataDir, port) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
      `${dist}/cli/main.js`,
      "serve",
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
    ],
    { env: env(dataDir), stdio: ["ignore", "inherit", "inherit"] },
  );
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/models?limit=1`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}
async function stop(child) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
function get(agent, url) {
  return new Promise((resolve, reject) => {
    const headers = url.endsWith("?gzip") ? { "Accept-Encoding": "gzip" } : {};
    http
      .get(url.replace(/\?gzip$/, ""), { agent, headers }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${url} ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}
async function load(url, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let i = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (i++ < n) await get(agent, url);
    }),
  );
  agent.destroy();
}
async function prepare(base, token) {
  const auth = { Authorization: `Bearer ${token}` };
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(`${base}${url}`, { method, headers: { ...auth, ...headers }, body });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  };
  await call("POST", "/api/repos/create", JSON.stringify({ name: "mixed", organization: "bench" }), {
    "Content-Type": "application/json",
  });
  const line = (key, value) => `${JSON.stringify({ key, value })}\n`;
  const body =
    line("header", { summary: "fixture" }) +
    line("file", {
      path: "config.json",
      content: Buffer.from('{"model_type":"bert"}\n').toString("base64"),
      encoding: "base64",
    }) +
    line("file", {
      path: "README.md",
      content: Buffer.from("---\nlicense: mit\npipeline_tag: text-classification\n---\n# hi\n").toString(
        "base64",
      ),
      encoding: "base64",
    });
  await call("POST", `/api/models/bench/mixed/commit/main`, body);
}

const allRoutes = {
  info: "/api/models/bench/mixed",
  resolve: "/bench/mixed/resolve/main/config.json",
  "info-gzip": "/api/models/bench/mixed?gzip",
};
const only = process.env.CPU_ROUTES?.split(",");
const routes = Object.fromEntries(Object.entries(allRoutes).filter(([name]) => !only || only.includes(name)));
const results = Object.fromEntries(
  dists.map((d) => [d, Object.fromEntries(Object.keys(routes).map((r) => [r, []]))]),
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-cpu-"));
{
  const tok = spawnSync(
    process.execPath,
    [`${dists[0]}/cli/main.js`, "token", "create", "bench", "--write"],
    { env: env(dataDir), encoding: "utf8" },
  );
  const token = tok.stdout.trim().split("\n").pop();
  const child = await start(dists[0], dataDir, 18770);
  await prepare("http://127.0.0.1:18770", token);
  await stop(child);
}
for (let round = 0; round < ROUNDS; round++)
  for (const dist of dists) {
    const port = 18771;
    const child = await start(dist, dataDir, port);
    for (const [name, route] of Object.entries(routes)) {
      await load(`http://127.0.0.1:${port}${route}`, 300); // warm-up
      await new Promise((r) => setTimeout(r, 300));
      const before = cpuTicks(child.pid);
      const t0 = performance.now();
      await load(`http://127.0.0.1:${port}${route}`, N);
      const ms = ((cpuTicks(child.pid) - before) * TICK_MS) / N;
      results[dist][name].push(ms);
      console.log(
        `${path.basename(dist).padEnd(10)} ${name.padEnd(8)} ${ms.toFixed(3)} ms CPU/req  (${(N / ((performance.now() - t0) / 1000)).toFixed(0)} req/s wall)`,
      );
    }
    await stop(child);
  }
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const d of dists)
  console.log(
    `${path.basename(d).padEnd(10)} median: ${Object.entries(results[d])
      .map(([r, v]) => `${r} ${median(v).toFixed(3)} ms`)
      .join("  ")}`,
  );
fs.rmSync(dataDir, { recursive: true, force: true });
