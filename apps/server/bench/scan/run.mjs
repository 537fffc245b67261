#!/usr/bin/env node
// Security scan throughput per kind of file, and the scanner's memory on large files.
// `node apps/server/bench/scan/run.mjs` (after `npm run build`); `npm run bench -- scan`. About a minute.
//
// Each case runs in a child process of its own, so its peak RSS is the scan's alone:
// - a 256 MB pickle of many small opcodes (the opcode walk's CPU cost),
// - a 2 GB pickle holding one big byte string, and a 2 GB PyTorch zip (one 2 GB storage member): bounded memory,
// - a 10 GB safetensors file: only its header is read (a sparse file: the bytes are never touched),
// - ClamAV over clamd INSTREAM (512 MB of random bytes), when Debian's clamd is installed.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(import.meta.url);
const dist = path.resolve(path.dirname(here), "../../dist/scanning");
const MB = 1024 * 1024;
const GB = 1024 * MB;

if (process.argv[2] === "--case") {
  await runCase(process.argv[3], process.argv[4]);
  process.exit(0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-scan-bench-"));
try {
  const cases = [
    ["pickle, many small opcodes", await manyOpcodes(path.join(dir, "floats.pkl"), 256 * MB), "scan"],
    ["pickle, one 2 GB byte string", bigBytesPickle(path.join(dir, "big.pkl"), 2 * GB), "scan"],
    ["PyTorch zip, 2 GB storage", torchZip(path.join(dir, "pytorch_model.bin"), 2 * GB), "scan"],
    ["safetensors, 10 GB", safetensors(path.join(dir, "model.safetensors"), 10 * GB), "scan"],
  ];
  const clamd = clamdBinary();
  if (clamd)
    cases.push(["ClamAV INSTREAM (clamd)", randomFile(path.join(dir, "random.bin"), 512 * MB), "clamd"]);
  else console.log("(clamd not installed: the ClamAV line is skipped; apt-get install clamav-daemon)");
  const baseline = await child("baseline", "");
  console.log(`an idle node process with the scanner loaded: ${baseline.rssMb} MB peak RSS`);
  const rows = [];
  for (const [label, file, mode] of cases) {
    const size = fs.statSync(file).size;
    const result = await child(mode, file);
    rows.push({ label, size, ...result });
    fs.rmSync(file, { force: true });
  }
  console.log("\n| file | size | scan time | throughput | verdict | scanner peak RSS |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows)
    console.log(
      `| ${row.label} | ${(row.size / GB).toFixed(row.size < GB ? 2 : 0)} GB | ${row.seconds.toFixed(3)} s | ${Math.round(row.size / MB / row.seconds).toLocaleString("en")} MB/s | ${row.verdict} | ${row.rssMb === "—" ? "— (clamd's own process)" : `${row.rssMb} MB`} |`,
    );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

function child(mode, file) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [here, "--case", mode, file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk) => (out += chunk));
    proc.on("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").pop()))
        : reject(new Error(`case failed: ${code}`)),
    );
  });
}

async function runCase(mode, file) {
  if (mode === "baseline") {
    await import(pathToFileURL(`${dist}/scanner/scan-content.js`).href);
    console.log(
      JSON.stringify({ seconds: 0, verdict: "", rssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
    );
    return;
  }
  const size = fs.statSync(file).size;
  const started = process.hrtime.bigint();
  let verdict;
  if (mode === "scan") {
    const { FileSource } = await import(pathToFileURL(`${dist}/scanner/byte-source.js`).href);
    const { scanContent } = await import(pathToFileURL(`${dist}/scanner/scan-content.js`).href);
    const source = new FileSource(file);
    const report = await scanContent(source, path.basename(file), {
      tmpDir: path.dirname(file),
      maxExpandBytes: 4 * GB,
    });
    source.close();
    verdict = report.pickle?.status ?? report.format?.status ?? report.kind;
  } else {
    const { clamdScan } = await import(pathToFileURL(`${dist}/clamd/clamd-client.js`).href);
    const daemon = await startClamd(clamdBinary());
    const settings = { address: { socket: daemon.socket }, timeoutMs: 300_000, maxStreamBytes: 4000 * MB };
    const t0 = process.hrtime.bigint();
    const result = await clamdScan({ path: file }, size, settings);
    verdict = result.status;
    daemon.stop();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(JSON.stringify({ seconds, verdict, rssMb: "—" }));
    return;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ seconds, verdict, rssMb }));
}

/** A protocol 4 pickle of one list of floats, appended 1,000 at a time (9 bytes an item). */
async function manyOpcodes(file, size) {
  const chunk = [];
  const float = Buffer.alloc(9);
  float[0] = 0x47; // BINFLOAT
  float.writeDoubleBE(0.5, 1);
  chunk.push(Buffer.from([0x28])); // MARK
  for (let i = 0; i < 1000; i++) chunk.push(float);
  chunk.push(Buffer.from([0x65])); // APPENDS
  const block = Buffer.concat(chunk);
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, Buffer.from([0x80, 0x04, 0x5d])); // PROTO 4, EMPTY_LIST
  let written = 3;
  while (written + block.length < size) {
    fs.writeSync(fd, block);
    written += block.length;
  }
  fs.writeSync(fd, Buffer.from([0x2e])); // STOP
  fs.closeSync(fd);
  return file;
}

/** PROTO 4, BINBYTES8 of `size` bytes (a sparse hole), STOP. */
function bigBytesPickle(file, size) {
  const head = Buffer.alloc(11);
  head[0] = 0x80;
  head[1] = 4;
  head[2] = 0x8e;
  head.writeBigUInt64LE(BigInt(size), 3);
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, head);
  fs.writeSync(fd, Buffer.from([0x2e]), 0, 1, 11 + size);
  fs.closeSync(fd);
  return file;
}

/** A torch.save zip: archive/data.pkl (a state dict of one tensor) and archive/data/0 of `size` bytes, stored. */
function torchZip(file, size) {
  const text = (s) => Buffer.concat([Buffer.from([0x8c, s.length]), Buffer.from(s)]);
  const pickle = Buffer.concat([
    Buffer.from([0x80, 0x02]),
    Buffer.from("ccollections\nOrderedDict\nq\x00)Rq\x01", "latin1"),
    text("weight"),
    Buffer.from("ctorch._utils\n_rebuild_tensor_v2\nq\x02(", "latin1"),
    Buffer.from("(", "latin1"),
    text("storage"),
    Buffer.from("ctorch\nFloatStorage\nq\x03", "latin1"),
    text("0"),
    text("cpu"),
    Buffer.from([0x4a]),
    u32(size / 4),
    Buffer.from("tQK\x00", "latin1"),
    Buffer.from([0x4a]),
    u32(size / 4),
    Buffer.from("\x85K\x01\x85\x89ccollections\nOrderedDict\n)Rtq\x04Rq\x05s.", "latin1"),
  ]);
  const fd = fs.openSync(file, "w");
  const entries = [];
  let at = 0;
  const member = (name, bytes, length) => {
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(0, 14); // crc: not checked by the scanner
    header.writeUInt32LE(length, 18);
    header.writeUInt32LE(length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    fs.writeSync(fd, Buffer.concat([header, nameBytes]), 0, 30 + nameBytes.length, at);
    if (bytes) fs.writeSync(fd, bytes, 0, bytes.length, at + 30 + nameBytes.length);
    entries.push({ nameBytes, length, offset: at });
    at += 30 + nameBytes.length + length;
  };
  member("archive/data.pkl", pickle, pickle.length);
  member("archive/data/0", undefined, size);
  const directory = [];
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt32LE(entry.length, 20);
    header.writeUInt32LE(entry.length, 24);
    header.writeUInt16LE(entry.nameBytes.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    directory.push(header, entry.nameBytes);
  }
  const cd = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(at, 16);
  fs.writeSync(fd, Buffer.concat([cd, end]), 0, cd.length + 22, at);
  fs.closeSync(fd);
  return file;
}

function u32(n) {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
}

/** A safetensors header for `size` bytes of F16 data, the data a sparse hole. */
function safetensors(file, size) {
  const header = Buffer.from(
    JSON.stringify({ w: { dtype: "F16", shape: [size / 2], data_offsets: [0, size] } }),
  );
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, Buffer.concat([length, header]));
  fs.ftruncateSync(fd, 8 + header.length + size);
  fs.closeSync(fd);
  return file;
}

function randomFile(file, size) {
  const fd = fs.openSync(file, "w");
  for (let written = 0; written < size; written += 8 * MB) fs.writeSync(fd, randomBytes(8 * MB));
  fs.closeSync(fd);
  return file;
}

function clamdBinary() {
  const found = spawnSync("sh", ["-c", "command -v clamd || ls /usr/sbin/clamd"], { encoding: "utf8" });
  const binary = found.stdout.trim().split("\n")[0];
  return found.status === 0 && binary ? binary : undefined;
}

async function startClamd(binary) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-bench-clamd-"));
  fs.mkdirSync(path.join(home, "db"));
  const eicar = Buffer.from("X5O!P%@AP[4\\PZX54(P^)7CC)7}$" + "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*");
  fs.writeFileSync(
    path.join(home, "db", "bench.hdb"),
    `${createHash("md5").update(eicar).digest("hex")}:${eicar.length}:Eicar-Test-Signature\n`,
  );
  const socket = path.join(home, "clamd.sock");
  fs.writeFileSync(
    path.join(home, "clamd.conf"),
    `LocalSocket ${socket}\nDatabaseDirectory ${path.join(home, "db")}\nTemporaryDirectory ${home}\nForeground true\nLogFile /dev/null\nStreamMaxLength 4000M\nMaxScanSize 4000M\nMaxFileSize 4000M\n`,
  );
  const proc = spawn(binary, [`--config-file=${path.join(home, "clamd.conf")}`], { stdio: "ignore" });
  for (let i = 0; i < 600 && !fs.existsSync(socket); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    socket,
    stop() {
      proc.kill("SIGTERM");
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
