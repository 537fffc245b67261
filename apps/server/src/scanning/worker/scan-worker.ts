import { parentPort } from "node:worker_threads";
import { clamdScan } from "../clamd/clamd-client.js";
import { BufferSource, FileSource, type ByteSource } from "../scanner/byte-source.js";
import { scanContent } from "../scanner/scan-content.js";
import type { ScanJob, ScanJobReply } from "./protocol.js";

// A worker thread: scans one file at a time, off the hub's main thread.
parentPort?.on("message", (job: ScanJob) => {
  void run(job).then((reply) => parentPort?.postMessage(reply));
});

async function run(job: ScanJob): Promise<ScanJobReply> {
  const started = Date.now();
  try {
    const file = job.path === undefined ? undefined : new FileSource(job.path);
    const source: ByteSource = file ?? new BufferSource(Buffer.from(job.bytes ?? new Uint8Array()));
    let report;
    try {
      report = await scanContent(source, job.name, {
        tmpDir: job.tmpDir,
        maxExpandBytes: job.maxExpandBytes,
      });
    } finally {
      file?.close();
    }
    const size = source.size;
    const input = job.path === undefined ? { bytes: job.bytes ?? new Uint8Array() } : { path: job.path };
    const av = job.clamd ? await clamdScan(input, size, job.clamd) : undefined;
    return { id: job.id, ok: true, report, av, size, millis: Date.now() - started };
  } catch (error) {
    return { id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
