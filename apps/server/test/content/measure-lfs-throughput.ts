/**
 * Upload and download throughput of one large LFS file against a server in its own process, with that
 * process's resident memory sampled throughout. Usage: node --import tsx measure-lfs-throughput.ts [MiB]
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess } from "./server-process.js";

const mib = Number(process.argv[2] ?? 1024);
const work = await mkdtemp(join(tmpdir(), "lfs-throughput-"));
const file = join(work, "big.bin");
const hash = createHash("sha256");
const out = createWriteStream(file);
for (let i = 0; i < mib; i++) {
  const chunk = randomBytes(1024 * 1024);
  hash.update(chunk);
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
}
await new Promise<void>((resolve) => out.end(() => resolve()));
const oid = hash.digest("hex");
const size = mib * 1024 * 1024;

const server = await startServerProcess(join(work, "data"));
const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const auth = { Authorization: "Bearer hf_bench" };
const commitLine = (value: object) => JSON.stringify(value);
await fetch(`${server.url}/api/models/bench/big/commit/main`, {
  method: "POST",
  headers: auth,
  body: commitLine({ key: "header", value: { summary: "init" } }),
});
const baseline = rssMb();

const batch = (await (
  await fetch(`${server.url}/bench/big.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ operation: "upload", objects: [{ oid, size }] }),
  })
).json()) as {
  objects: { actions: { upload: { href: string } } }[];
};
let peakUpload = 0;
let sampler = setInterval(() => (peakUpload = Math.max(peakUpload, rssMb())), 100);
let started = performance.now();
await new Promise<void>((resolve, reject) => {
  const req = request(
    batch.objects[0].actions.upload.href,
    { method: "PUT", headers: { "Content-Length": String(size) } },
    (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`upload answered ${res.statusCode}`)),
      );
    },
  );
  req.on("error", reject);
  createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
});
const uploadSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const committed = await fetch(`${server.url}/api/models/bench/big/commit/main`, {
  method: "POST",
  headers: auth,
  body: [
    commitLine({ key: "header", value: { summary: "big" } }),
    commitLine({ key: "lfsFile", value: { path: "big.bin", algo: "sha256", oid, size } }),
  ].join("\n"),
});
if (committed.status !== 200) throw new Error(await committed.text());

let peakDownload = 0;
sampler = setInterval(() => (peakDownload = Math.max(peakDownload, rssMb())), 100);
started = performance.now();
const response = await fetch(`${server.url}/bench/big/resolve/main/big.bin`);
const check = createHash("sha256");
let received = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
  received += chunk.length;
  check.update(chunk);
}
const downloadSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await server.kill();
await rm(work, { recursive: true, force: true });

console.log(
  JSON.stringify({
    sizeMiB: mib,
    uploadMiBps: Number((mib / uploadSeconds).toFixed(1)),
    downloadMiBps: Number((mib / downloadSeconds).toFixed(1)),
    bytesMatch: received === size && check.digest("hex") === oid,
    rssBeforeMiB: Math.round(baseline),
    peakRssUploadMiB: Math.round(peakUpload),
    peakRssDownloadMiB: Math.round(peakDownload),
  }),
);
