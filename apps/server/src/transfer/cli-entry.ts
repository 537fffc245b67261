import { runDownload } from "./download.js";
import { runUpload } from "./upload.js";

/**
 * Runs `modelhub upload|download` with the process's stdio and environment; Ctrl-C stops the
 * transfer cleanly (partial downloads stay resumable) and exits 130.
 */
export async function runTransferCommand(command: "upload" | "download", argv: string[]): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const io = {
      stdout: process.stdout,
      stderr: process.stderr,
      isTTY: process.stderr.isTTY === true,
      env: process.env,
      signal: controller.signal,
    };
    return await (command === "upload" ? runUpload(argv, io) : runDownload(argv, io));
  } finally {
    process.off("SIGINT", onSigint);
  }
}
