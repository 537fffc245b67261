#!/usr/bin/env node
// Pull-through mirror throughput (`npm run bench -- mirror`): two real hubs on loopback, U (upstream)
// and M (MODELHUB_UPSTREAM_URL = U). For ~200 MB generated LFS files it measures
//   - the first (uncached) download through M vs the same kind of file straight from U (goal >= 0.8x),
//   - time to first byte of an uncached file through M (and straight from U, for reference),
//   - a cached download from M vs a local repo's file of the same size on M (goal >= 0.9x),
//   - the serving hub's CPU seconds per GiB on each path (from /proc: user + system of that process).
// Rounds are interleaved (direct, then mirror) and bounded; each uncached round uses a new file.
// Downloads are read and discarded (no client hashing), so the figures are the hubs' own paths.
// Environment: MIRROR_BENCH_MB (200), MIRROR_BENCH_ROUNDS (3).
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { summary } from "../../../../scripts/bench-summary.mjs";
import { cpuTicks, startHubProcess } from "../hub-process.mjs";

const CLI = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const run = promisify(execFile);
const SIZE = Number(process.env.MIRROR_BENCH_MB ?? 200) * 1024 * 1024;
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.MIRROR_BENCH_ROUNDS ?? 3)));
const MiB = 1024 * 1024;
/** Rounds of the cached-vs-local comparison (each a download of each). */
const CACHED_ROUNDS = 12;

/** Writes `count` files of SIZE random bytes into a fresh folder (4 MiB pattern blocks, each file unique). */
function generate(dir, prefix, count) {
  fs.mkdirSync(dir, { recursive: true });
  const block = randomBytes(4 * MiB);
  for (let i = 0; i < count; i++) {
    const fd = fs.openSync(path.join(dir, `${prefix}-${i}.bin`), "w");
    for (let written = 0; written < SIZE; written += block.length) {
      // a unique stamp per block keeps every file's hash (and LFS object) distinct
      block.writeUInt32BE(i, 0);
      block.writeUInt32BE(written / block.length, 4);
      block.write(prefix, 8);
      fs.writeSync(fd, block, 0, Math.min(block.length, SIZE - written));
    }
    fs.closeSync(fd);
  }
}

async function upload(hub, repo, dir) {
  await run(process.execPath, [CLI, "upload", repo, dir, "--endpoint", hub.url, "--token", hub.token], {
    env: { ...process.env, HF_ENDPOINT: "", HF_TOKEN: "" },
    maxBuffer: 16 * MiB,
  });
}

/** curl, when installed: a client that costs a fraction of fetch's CPU per byte (see CURL below). */
const CURL = ["/usr/bin/curl", "/bin/curl"].find((file) => fs.existsSync(file));

/**
 * Downloads a URL with curl into /dev/null: { seconds, ttfbMs, bytes, cpuMs }. A client on another
 * machine takes nothing from the hub's cores; curl, the lightest client at hand, comes closest to that
 * on one machine (fetch spends about a core of its own at these rates).
 */
async function curlDownload(hub, url) {
  const cpuBefore = hub.cpuMs();
  const mainBefore = hub.mainThreadCpuMs();
  const started = performance.now();
  const { stdout } = await run(CURL, [
    "-sf",
    "-o",
    "/dev/null",
    "-w",
    "%{time_starttransfer} %{size_download}",
    url,
  ]);
  const ended = performance.now();
  const [ttfbSeconds, bytes] = stdout.trim().split(" ").map(Number);
  if (bytes !== SIZE) throw new Error(`${url}: got ${bytes} of ${SIZE} bytes`);
  return {
    seconds: (ended - started) / 1000,
    ttfbMs: ttfbSeconds * 1000,
    bytes,
    cpuMs: hub.cpuMs() - cpuBefore,
    mainMs: hub.mainThreadCpuMs() - mainBefore,
  };
}

/** Downloads a URL from `hub`, discarding the bytes: { seconds, ttfbMs, bytes, cpuMs } (cpuMs: the hub's). */
async function download(hub, url) {
  const cpuBefore = hub.cpuMs();
  const mainBefore = hub.mainThreadCpuMs?.();
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  let firstByte;
  let bytes = 0;
  for await (const chunk of response.body) {
    firstByte ??= performance.now();
    bytes += chunk.length;
  }
  const ended = performance.now();
  if (bytes !== SIZE) throw new Error(`${url}: got ${bytes} of ${SIZE} bytes`);
  return {
    seconds: (ended - started) / 1000,
    ttfbMs: firstByte - started,
    bytes,
    cpuMs: hub.cpuMs() - cpuBefore,
    // a proxy is no hub: its main thread is not measured
    mainMs: mainBefore === undefined ? undefined : hub.mainThreadCpuMs() - mainBefore,
  };
}

/**
 * The floor of any Node.js pass-through on this machine: a child process that GETs the upstream URL (following
 * redirects) and pipes the body to its client, with no hashing, no disk and no bookkeeping.
 */
async function startBareProxy() {
  const code = `
    const http = require("node:http");
    const fetchUpstream = (url, res, hops) => http.get(url, (up) => {
      if (up.statusCode >= 300 && up.statusCode < 400 && up.headers.location && hops < 5) {
        up.resume();
        return fetchUpstream(new URL(up.headers.location, url), res, hops + 1);
      }
      res.writeHead(up.statusCode, { "Content-Length": up.headers["content-length"] });
      up.pipe(res);
    });
    const server = http.createServer((req, res) => {
      fetchUpstream(new URL(req.url, "http://x").searchParams.get("u"), res, 0);
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.once("exit", (exitCode) => reject(new Error(`bare proxy exited with ${exitCode}`)));
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  });
  return {
    url: (target) => `http://127.0.0.1:${port}/?u=${encodeURIComponent(target)}`,
    cpuMs: () => (cpuTicks(child.pid) * 1000) / 100,
    stop: () => child.kill(),
  };
}

/**
 * A kernel-splicing HTTP proxy in front of U (HAProxy with `option splice-auto`, when /usr/sbin/haproxy is
 * installed; otherwise the row is skipped): bytes go socket to socket inside the kernel, never into user
 * space. No relay in any language, let alone one that also hashes and stores the bytes, does less work
 * per byte, so its rate is the ceiling of a pass-through on this machine.
 */
async function startSpliceProxy(upstreamUrl, folder) {
  const binary = "/usr/sbin/haproxy";
  if (!fs.existsSync(binary)) return undefined;
  const upstreamHost = new URL(upstreamUrl).host;
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const config = path.join(folder, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 64",
      "defaults",
      "  mode http",
      "  option splice-auto",
      "  timeout connect 5s",
      "  timeout client 120s",
      "  timeout server 120s",
      "frontend bench",
      `  bind 127.0.0.1:${port}`,
      "  default_backend upstream",
      "backend upstream",
      `  server u ${upstreamHost}`,
      "",
    ].join("\n"),
  );
  const child = spawn(binary, ["-f", config, "-db"], { stdio: ["ignore", "ignore", "ignore"] });
  for (let tries = 0; ; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/models?limit=1`).catch(() => undefined);
    if (up?.ok) break;
    if (tries === 50) throw new Error("haproxy did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    /** The file's final URL at U (after U's redirect), asked of the proxy. */
    async url(target) {
      const head = await fetch(target, { redirect: "manual" });
      await head.body?.cancel();
      const location = head.headers.get("location");
      const final = new URL(location && head.status >= 300 && head.status < 400 ? location : target, target);
      return `${origin}${final.pathname}${final.search}`;
    },
    cpuMs: () => (cpuTicks(child.pid) * 1000) / 100,
    stop: () => child.kill(),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rate = (result) => result.bytes / MiB / result.seconds;
/** The serving hub's CPU seconds per GiB over a set of downloads. */
/** CPU seconds per GiB of the serving hub's main thread (its event loop) alone. */
const mainPerGiB = (results) =>
  results.reduce((sum, r) => sum + (r.mainMs ?? 0), 0) /
  1000 /
  (results.reduce((sum, r) => sum + r.bytes, 0) / 1024 / MiB);
const cpuPerGiB = (results) =>
  results.reduce((sum, r) => sum + r.cpuMs, 0) /
  1000 /
  (results.reduce((sum, r) => sum + r.bytes, 0) / 1024 / MiB);
const fmt = (value, digits = 0) => value.toFixed(digits);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-mirror-bench-"));
let upstream;
let mirror;
try {
  const files = path.join(work, "files");
  console.log(`generating ${ROUNDS + 1} + 1 files of ${SIZE / MiB} MiB …`);
  // files up-0 … up-ROUNDS for fetch (the last one warms up), then one per round for curl
  generate(path.join(files, "upstream"), "up", CURL ? 2 * ROUNDS + 1 : ROUNDS + 1);
  generate(path.join(files, "local"), "local", 1);
  for (const name of ["u", "m"]) fs.mkdirSync(path.join(work, name));
  upstream = await startHubProcess(path.join(work, "u"), {});
  await upload(upstream, "bench/big", path.join(files, "upstream"));
  mirror = await startHubProcess(path.join(work, "m"), {
    MODELHUB_UPSTREAM_URL: upstream.url,
    MODELHUB_UPSTREAM_TOKEN: upstream.token,
  });
  await upload(mirror, "bench/local-big", path.join(files, "local"));
  fs.rmSync(files, { recursive: true, force: true });

  const file = (hub, repo, i) =>
    `${hub.url}/${repo}/resolve/main/${repo === "bench/big" ? `up-${i}` : "local-0"}.bin`;
  // warm-up: the mirrored repo's first look-up (git history) and each hub's code paths
  await download(upstream, file(upstream, "bench/big", ROUNDS));
  await download(mirror, file(mirror, "bench/big", ROUNDS));

  const proxy = await startBareProxy();
  await download(proxy, proxy.url(file(upstream, "bench/big", ROUNDS)));
  const splice = await startSpliceProxy(upstream.url, work);
  if (splice) await download(splice, await splice.url(file(upstream, "bench/big", ROUNDS)));
  const direct = [];
  const uncached = [];
  const proxied = [];
  const spliced = [];
  const curlDirect = [];
  const curlUncached = [];
  for (let i = 0; i < ROUNDS; i++) {
    direct.push(await download(upstream, file(upstream, "bench/big", i)));
    uncached.push(await download(mirror, file(mirror, "bench/big", i)));
    proxied.push(await download(proxy, proxy.url(file(upstream, "bench/big", i))));
    if (splice) spliced.push(await download(splice, await splice.url(file(upstream, "bench/big", i))));
    if (CURL) {
      curlDirect.push(await curlDownload(upstream, file(upstream, "bench/big", ROUNDS + 1 + i)));
      curlUncached.push(await curlDownload(mirror, file(mirror, "bench/big", ROUNDS + 1 + i)));
    }
  }
  proxy.stop();
  splice?.stop();
  const cached = [];
  const local = [];
  // cached and local downloads take a fifth of a second each: many rounds, in ABBA order (a file served right
  // after another one shares its warm-up and the background scan of the objects just cached)
  for (let i = 0; i < CACHED_ROUNDS; i++) {
    const cachedFile = file(mirror, "bench/big", i % (ROUNDS + 1));
    if (i % 2 === 0) {
      local.push(await download(mirror, file(mirror, "bench/local-big", 0)));
      cached.push(await download(mirror, cachedFile));
    } else {
      cached.push(await download(mirror, cachedFile));
      local.push(await download(mirror, file(mirror, "bench/local-big", 0)));
    }
  }

  const directRate = median(direct.map(rate));
  const uncachedRate = median(uncached.map(rate));
  const localRate = median(local.map(rate));
  const cachedRate = median(cached.map(rate));
  // one row per path: [label, results]; a proxy's results carry no main-thread figure
  const paths = [
    ["direct from U (upstream)", direct],
    ["M, uncached (stream-through)", uncached],
    ["bare Node pass-through of U (no hash, no disk)", proxied],
    ...(spliced.length > 0
      ? [["kernel-splicing proxy of U (HAProxy: no copy to user space, no hash, no disk)", spliced]]
      : []),
    ...(curlDirect.length > 0
      ? [
          ["direct from U, curl client", curlDirect],
          ["M, uncached, curl client", curlUncached],
        ]
      : []),
    ["M, local repo", local],
    ["M, cached mirrored file", cached],
  ];
  console.log(
    `\nmirror bench: ${SIZE / MiB} MiB LFS files, ${ROUNDS} rounds (${CACHED_ROUNDS} for cached and local; medians), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    "| download | MiB/s | time to first byte | serving hub CPU s / GiB | of which its main thread |\n|---|---|---|---|---|",
  );
  for (const [label, results] of paths) {
    const main = results[0]?.mainMs === undefined ? "–" : fmt(mainPerGiB(results), 2);
    console.log(
      `| ${label} | ${fmt(median(results.map(rate)))} | ${fmt(median(results.map((r) => r.ttfbMs)), 1)} ms | ${fmt(cpuPerGiB(results), 2)} | ${main} |`,
    );
  }
  const uncachedRatio = uncachedRate / directRate;
  const cachedRatio = cachedRate / localRate;
  console.log(
    `\nuncached / direct: ${fmt(uncachedRatio, 2)}x (goal >= 0.8) ${uncachedRatio >= 0.8 ? "met" : "MISSED"}`,
  );
  const proxyRate = median(proxied.map(rate));
  console.log(
    `bare pass-through / direct: ${fmt(proxyRate / directRate, 2)}x (the ceiling of any Node.js proxy here); M uncached / bare pass-through: ${fmt(uncachedRate / proxyRate, 2)}x`,
  );
  const spliceRate = spliced.length > 0 ? median(spliced.map(rate)) : undefined;
  if (spliceRate !== undefined)
    console.log(
      `kernel-splicing proxy / direct: ${fmt(spliceRate / directRate, 2)}x (the ceiling of any relay on this machine)`,
    );
  const curlUncachedRate = curlUncached.length > 0 ? median(curlUncached.map(rate)) : undefined;
  if (curlUncachedRate !== undefined)
    console.log(
      `with curl as the client: uncached / direct ${fmt(curlUncachedRate / median(curlDirect.map(rate)), 2)}x; M uncached ${fmt(curlUncachedRate)} MiB/s`,
    );
  console.log(
    `cached / local: ${fmt(cachedRatio, 2)}x (goal >= 0.9) ${cachedRatio >= 0.9 ? "met" : "MISSED"}`,
  );
  summary({
    mirror: {
      "uncached MiB/s through M": {
        value: uncachedRate,
        baseline: directRate,
        baselineLabel: "direct from U",
      },
      "uncached / direct": { value: uncachedRatio, goal: ">= 0.8" },
      "cached / local": { value: cachedRatio, goal: ">= 0.9" },
      "uncached MiB/s through M vs a bare pass-through": {
        value: uncachedRate,
        baseline: proxyRate,
        baselineLabel: "bare Node pass-through (no hash, no disk)",
      },
      ...(spliceRate !== undefined
        ? {
            "kernel-splicing proxy MiB/s (any relay's ceiling)": {
              value: spliceRate,
              baseline: directRate,
              baselineLabel: "direct from U",
            },
          }
        : {}),
      ...(curlUncachedRate !== undefined
        ? {
            "uncached MiB/s through M, curl client": {
              value: curlUncachedRate,
              baseline: median(curlDirect.map(rate)),
              baselineLabel: "direct from U, curl client",
            },
          }
        : {}),
      "M main-thread CPU s/GiB uncached": {
        value: mainPerGiB(uncached),
        baseline: cpuPerGiB(uncached),
        baselineLabel: "the whole hub process",
      },
      "M CPU s/GiB uncached": {
        value: cpuPerGiB(uncached),
        baseline: cpuPerGiB(cached),
        baselineLabel: "cached",
      },
    },
  });
  console.log(
    `per-round MiB/s: direct ${direct.map((r) => fmt(rate(r))).join(" ")}, uncached ${uncached.map((r) => fmt(rate(r))).join(" ")}, bare pass-through ${proxied.map((r) => fmt(rate(r))).join(" ")}${spliced.length > 0 ? `, splice proxy ${spliced.map((r) => fmt(rate(r))).join(" ")}` : ""}${curlUncached.length > 0 ? `, curl direct ${curlDirect.map((r) => fmt(rate(r))).join(" ")}, curl uncached ${curlUncached.map((r) => fmt(rate(r))).join(" ")}` : ""}, local ${local.map((r) => fmt(rate(r))).join(" ")}, cached ${cached.map((r) => fmt(rate(r))).join(" ")}`,
  );
} finally {
  await mirror?.stop();
  await upstream?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
