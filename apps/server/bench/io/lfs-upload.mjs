// LFS upload against the disk: one 512 MB object PUT to the hub (hashed, written, fdatasync'd and
// renamed before the 200) next to a raw write of the same size with one fdatasync (`dd conv=fdatasync`)
// into the same folder, measured in the same run (dd before and after the upload, averaged).
//
//   npx tsc -b apps/server && node apps/server/bench/io/lfs-upload.mjs
//   LFS_UPLOAD_MB=512
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createWriteToken, startPreparedHub } from "../scale/prepared-hub.mjs";

const MB = Number(process.env.LFS_UPLOAD_MB ?? 512);
const OWNER = "bench";
const budget = setTimeout(() => {
  console.error("lfs-upload: over the 180 s budget, stopping");
  process.exit(2);
}, 180_000);
budget.unref();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-lfs-upload-"));
const hub = await startPreparedHub({ dataDir });
const auth = { Authorization: `Bearer ${createWriteToken({ dataDir }, OWNER)}` };

/** Raw disk speed: MB written with dd and one fdatasync, in MB/s. */
function rawDisk() {
  const target = path.join(dataDir, "dd.bin");
  const t0 = performance.now();
  const res = spawnSync("dd", ["if=/dev/zero", `of=${target}`, "bs=4M", `count=${MB / 4}`, "conv=fdatasync"]);
  const seconds = (performance.now() - t0) / 1000;
  fs.rmSync(target, { force: true });
  if (res.status !== 0) throw new Error(`dd failed: ${res.stderr}`);
  return (MB * 1024 * 1024) / 1e6 / seconds;
}

try {
  // 16 MiB of random bytes repeated: incompressible, and the client spends no time making it
  const block = randomBytes(16 * 1024 * 1024);
  const repeats = (MB * 1024 * 1024) / block.length;
  const hash = createHash("sha256");
  for (let i = 0; i < repeats; i++) hash.update(block);
  const oid = hash.digest("hex");
  const size = block.length * repeats;

  const create = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "upload", organization: OWNER }),
  });
  if (!create.ok) throw new Error(`create: ${create.status}`);
  const batch = await fetch(`${hub.url}/${OWNER}/upload.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: {
      ...auth,
      "Content-Type": "application/vnd.git-lfs+json",
      Accept: "application/vnd.git-lfs+json",
    },
    body: JSON.stringify({ operation: "upload", objects: [{ oid, size }] }),
  });
  const href = (await batch.json()).objects[0].actions.upload.href;

  const diskBefore = rawDisk();
  const t0 = performance.now();
  const status = await new Promise((resolve, reject) => {
    const req = http.request(href, { method: "PUT", headers: { "Content-Length": size } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    let sent = 0;
    const pump = () => {
      while (sent < repeats) {
        sent++;
        if (!req.write(block)) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
  const uploadSeconds = (performance.now() - t0) / 1000;
  if (status !== 200) throw new Error(`LFS PUT answered ${status}`);
  const diskAfter = rawDisk();

  const upload = size / 1e6 / uploadSeconds;
  const disk = (diskBefore + diskAfter) / 2;
  console.log(`lfs upload: ${MB} MiB object, one PUT; raw disk = dd bs=4M conv=fdatasync, same folder`);
  console.log(
    `raw disk write + fdatasync   ${disk.toFixed(0).padStart(5)} MB/s  (before ${diskBefore.toFixed(0)}, after ${diskAfter.toFixed(0)})`,
  );
  console.log(`LFS PUT (verified, synced)   ${upload.toFixed(0).padStart(5)} MB/s`);
  console.log(`ratio upload/disk: ${(upload / disk).toFixed(2)} (goal >= 0.80)`);
} finally {
  if (process.env.DEBUG_HUB) console.log(hub.output());
  await hub.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
