#!/usr/bin/env node
// Object storage (`npm run bench -- s3`): one LFS file of S3_BENCH_MB (1024) uploaded and downloaded
//   - through a hub on its data folder (bytes through the hub process), and
//   - with a hub on Ceph RGW (MODELHUB_BLOB_STORE=s3://…): PUT to the presigned staging URL, the verify
//     call (the hub reads the object back and checks sha256 before promoting it: the price of
//     poisoning protection), and the download by 302 redirect straight from RGW;
// plus the hub's CPU seconds per GiB downloaded (from /proc, user + system) on both.
// Needs the Ceph packages (see scripts/ceph-s3/start.sh); its OSD keeps data in memory
// (CEPH_OSD_BYTES, 4 GiB here: the staged copy and the promoted one both live there until RGW's own GC).
// Basic (single PUT) transfers on loopback, bytes discarded by the client; sequential, one round each.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { startHubProcess } from "../hub-process.mjs";

const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL("../../../../scripts/ceph-s3/", import.meta.url));
const MiB = 1024 * 1024;
const SIZE = Number(process.env.S3_BENCH_MB ?? 1024) * MiB;
const LFS = { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" };

function hasCeph() {
  return ["ceph-mon", "ceph-osd", "radosgw"].every((name) =>
    ["/usr/bin", "/usr/sbin", ...(process.env.PATH ?? "").split(":")].some((dir) =>
      fs.existsSync(path.join(dir, name)),
    ),
  );
}

async function freePort() {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Writes SIZE pseudo-random bytes (4 MiB blocks, each stamped) and returns the file's sha256. */
function generate(file) {
  const hash = createHash("sha256");
  const block = randomBytes(4 * MiB);
  const fd = fs.openSync(file, "w");
  for (let written = 0; written < SIZE; written += block.length) {
    block.writeUInt32BE(written / block.length, 0);
    const piece = block.subarray(0, Math.min(block.length, SIZE - written));
    hash.update(piece);
    fs.writeSync(fd, piece);
  }
  fs.closeSync(fd);
  return hash.digest("hex");
}

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { seconds: (performance.now() - started) / 1000, result };
}

const fileBody = (file) => Readable.toWeb(fs.createReadStream(file, { highWaterMark: 4 * MiB }));

async function lfsUpload(hub, repo, file, oid) {
  const batch = await fetch(`${hub.url}/${repo}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { ...LFS, Authorization: `Bearer ${hub.token}` },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: SIZE }] }),
  });
  const [object] = (await batch.json()).objects;
  const put = await timed(async () => {
    const response = await fetch(object.actions.upload.href, {
      method: "PUT",
      body: fileBody(file),
      duplex: "half",
      headers: { "Content-Length": String(SIZE), ...object.actions.upload.header },
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  });
  const verify = await timed(async () => {
    const response = await fetch(object.actions.verify.href, {
      method: "POST",
      headers: LFS,
      body: JSON.stringify({ oid, size: SIZE }),
    });
    if (!response.ok) throw new Error(`verify answered ${response.status}`);
  });
  const commit = await fetch(`${hub.url}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson", Authorization: `Bearer ${hub.token}` },
    body:
      JSON.stringify({ key: "header", value: { summary: "bench" } }) +
      "\n" +
      JSON.stringify({ key: "lfsFile", value: { path: "big.bin", algo: "sha256", oid, size: SIZE } }) +
      "\n",
  });
  if (!commit.ok) throw new Error(`commit answered ${commit.status}`);
  return { put: put.seconds, verify: verify.seconds };
}

async function download(hub, repo, pid) {
  const before = cpuSeconds(pid);
  const { seconds, result: redirected } = await timed(async () => {
    const response = await fetch(`${hub.url}/${repo}/resolve/main/big.bin`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    if (bytes !== SIZE) throw new Error(`download got ${bytes} of ${SIZE}`);
    return response.redirected;
  });
  return { seconds, redirected, cpu: cpuSeconds(pid) - before };
}

async function createRepo(hub, name) {
  const response = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${hub.token}` },
    body: JSON.stringify({ type: "model", name }),
  });
  if (!response.ok) throw new Error(`create answered ${response.status}`);
}

if (!hasCeph()) {
  console.log(
    "s3 bench skipped: the Ceph packages are not installed (ceph-mon ceph-osd radosgw ceph-common)",
  );
  process.exit(0);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-s3-bench-"));
const cephDir = path.join(work, "ceph");
const cephEnv = {
  ...process.env,
  CEPH_DIR: cephDir,
  RGW_PORT: String(await freePort()),
  MON_PORT: String(await freePort()),
  S3_ACCESS_KEY: "BENCHKEY",
  S3_SECRET_KEY: "bench-secret-key-0123456789",
  CEPH_OSD_BYTES: String(4 * 1024 * MiB),
};
const hubs = [];
try {
  console.log(`generating ${SIZE / MiB} MiB …`);
  const file = path.join(work, "big.bin");
  const oid = generate(file);
  await run(path.join(SCRIPTS, "start.sh"), { env: cephEnv });
  const s3Env = {
    MODELHUB_BLOB_STORE: "s3://bench/lfs",
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${cephEnv.RGW_PORT}`,
    AWS_ACCESS_KEY_ID: cephEnv.S3_ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: cephEnv.S3_SECRET_KEY,
    AWS_REGION: "us-east-1",
    MODELHUB_S3_FORCE_PATH_STYLE: "true",
    MODELHUB_EMBEDDED_INFERENCE: "0",
  };
  const rows = [];
  for (const [label, env] of [
    ["disk store, through the hub", { MODELHUB_EMBEDDED_INFERENCE: "0" }],
    ["S3 (Ceph RGW), presigned", s3Env],
  ]) {
    const dataDir = path.join(work, label.startsWith("disk") ? "disk" : "s3");
    fs.mkdirSync(dataDir, { recursive: true });
    const hub = await startHubProcess(dataDir, env);
    hubs.push(hub);
    await createRepo(hub, "big");
    const pid = hub.pid;
    const up = await lfsUpload(hub, "bench/big", file, oid);
    const down = await download(hub, "bench/big", pid);
    rows.push({ label, ...up, down });
    await hub.stop();
  }
  const rate = (seconds) => `${(SIZE / MiB / seconds).toFixed(0)} MiB/s`;
  console.log(
    `\n${SIZE / MiB} MiB LFS object, loopback, load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(
    "| store | upload PUT | verify (read back + sha256) | upload total | download | hub CPU s per GiB downloaded |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) {
    const total = row.put + row.verify;
    console.log(
      `| ${row.label} | ${row.put.toFixed(1)} s (${rate(row.put)}) | ${row.verify.toFixed(2)} s | ` +
        `${total.toFixed(1)} s (${rate(total)}) | ${row.down.seconds.toFixed(1)} s (${rate(row.down.seconds)})` +
        `${row.down.redirected ? ", by redirect" : ""} | ${(row.down.cpu / (SIZE / (1024 * MiB))).toFixed(3)} |`,
    );
  }
} finally {
  for (const hub of hubs) await hub.stop().catch(() => undefined);
  await run(path.join(SCRIPTS, "stop.sh"), { env: cephEnv }).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
