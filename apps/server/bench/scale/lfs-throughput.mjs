// Upload and download of one large LFS file over loopback, with the server's peak memory during each.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sampleRss, memoryOf } from "../hub-process.mjs";

const CHUNK = 1024 * 1024;

/** Writes `size` bytes of incompressible data (one random MiB, each copy tagged with its index). */
async function writeBigFile(file, size) {
  const block = randomBytes(CHUNK);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < size; written += CHUNK) {
    const n = Math.min(CHUNK, size - written);
    const chunk = Buffer.from(block.subarray(0, n));
    chunk.writeUInt32LE(written / CHUNK, 0);
    if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
}

async function sha256Of(file) {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK })) hash.update(chunk);
  return hash.digest("hex");
}

export async function measureLfs({ hub, token, repo, size, workDir }) {
  const file = path.join(workDir, "big-lfs.bin");
  await writeBigFile(file, size);
  try {
    const oid = await sha256Of(file);
    const auth = { Authorization: `Bearer ${token}` };
    const batch = await fetch(`${hub.url}/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: {
        ...auth,
        "Content-Type": "application/vnd.git-lfs+json",
        Accept: "application/vnd.git-lfs+json",
      },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        hash_algo: "sha256",
        objects: [{ oid, size }],
      }),
    });
    const answer = await batch.json();
    const upload = answer.objects?.[0]?.actions?.upload;
    if (!upload) throw new Error(`LFS batch gave no upload action: ${JSON.stringify(answer).slice(0, 300)}`);

    const baseline = memoryOf(hub.pid).rss;
    let stop = sampleRss(hub.pid);
    let started = performance.now();
    const put = await fetch(upload.href, {
      method: "PUT",
      headers: {
        ...(upload.header ?? {}),
        "Content-Type": "application/octet-stream",
        "Content-Length": String(size),
      },
      body: Readable.toWeb(fs.createReadStream(file, { highWaterMark: CHUNK })),
      duplex: "half",
    });
    await put.arrayBuffer();
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadPeak = stop();
    if (!put.ok) throw new Error(`LFS PUT answered ${put.status}`);

    const commitBody = [
      { key: "header", value: { summary: "large LFS file for the scale benchmark", description: "" } },
      { key: "lfsFile", value: { path: "big-lfs.bin", algo: "sha256", oid, size } },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const commit = await fetch(`${hub.url}/api/models/${repo}/commit/main`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/x-ndjson" },
      body: commitBody,
    });
    if (!commit.ok) throw new Error(`commit answered ${commit.status}: ${await commit.text()}`);

    stop = sampleRss(hub.pid);
    started = performance.now();
    const get = await fetch(`${hub.url}/${repo}/resolve/main/big-lfs.bin`, { headers: auth });
    const hash = createHash("sha256");
    let received = 0;
    for await (const chunk of get.body) {
      hash.update(chunk);
      received += chunk.length;
    }
    const downloadSeconds = (performance.now() - started) / 1000;
    const downloadPeak = stop();
    const verified = received === size && hash.digest("hex") === oid;
    return {
      size,
      baseline,
      uploadSeconds,
      uploadPeak,
      downloadSeconds,
      downloadPeak,
      verified,
      hwm: memoryOf(hub.pid).hwm,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
