import type { AdminScansReport, ScanRescanAnswer } from "@modelhub/api-types";
import { classifyError, EXIT, TransferError, usageError, type ExitCode } from "../transfer/exit-codes.js";
import { parseCommandLine } from "../transfer/options.js";
import type { TransferIO } from "../transfer/transfer-io.js";
import { localHubUrl } from "./local-hub-url.js";

export const SCAN_USAGE = `Usage: modelhub scan --all [--wait]

Queues every stored file for security scanning again (pickle imports, format checks and, with clamd,
malware) on a running hub, e.g. after updating clamd's signatures by hand. Scans run in the background;
--wait prints progress until the queue is empty.

Options:
  --all               every file (required: the only selection for now)
  --wait              wait until every queued scan is done, then print the counts by status
  --endpoint URL      the hub (default: HF_ENDPOINT, else the hub running on --data / MODELHUB_DATA)
  --data DIR          the data folder of the running hub to find
  --token T           a site admin's write token (default: HF_TOKEN, else MODELHUB_ADMIN_TOKEN)

Exit codes: 0 queued (and done with --wait), 1 usage, 2 not allowed, 3 hub unreachable, 130 interrupted.`;

/** `modelhub scan --all`: asks a running hub to scan every stored file again. */
export async function runScanCommand(argv: string[], io: TransferIO): Promise<ExitCode> {
  try {
    const parsed = parseCommandLine(argv, ["endpoint", "token", "data"], ["help", "all", "wait"]);
    if (parsed.switches.has("help")) {
      io.stdout.write(`${SCAN_USAGE}\n`);
      return EXIT.ok;
    }
    if (parsed.positionals.length > 0) throw usageError(`unexpected argument "${parsed.positionals[0]}"`);
    if (!parsed.switches.has("all")) throw usageError(`say which files: --all\n\n${SCAN_USAGE}`);
    const endpoint = (
      parsed.values.get("endpoint") ??
      (io.env.HF_ENDPOINT?.trim() || localHubUrl(parsed.values.get("data"), io.env))
    ).replace(/\/+$/, "");
    const token =
      parsed.values.get("token") ?? (io.env.HF_TOKEN?.trim() || io.env.MODELHUB_ADMIN_TOKEN?.trim());
    if (!token)
      throw new TransferError(
        EXIT.notFound,
        "scanning needs a site admin's write token: --token or HF_TOKEN",
      );
    const call = async (path: string, method: "GET" | "POST") => {
      const response = await fetch(`${endpoint}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        signal: io.signal,
      });
      if (!response.ok) {
        const text = await response.text();
        let message = text;
        try {
          message = (JSON.parse(text) as { error?: string }).error ?? text;
        } catch {
          // not JSON
        }
        throw new TransferError(
          response.status === 401 || response.status === 403 ? EXIT.notFound : EXIT.network,
          `the hub answered ${response.status}: ${message}`,
        );
      }
      return response.json() as Promise<unknown>;
    };
    const { queued } = (await call("/api/admin/scans/rescan", "POST")) as ScanRescanAnswer;
    io.stdout.write(`queued ${queued} files for scanning on ${endpoint}\n`);
    if (!parsed.switches.has("wait")) return EXIT.ok;
    for (;;) {
      const report = (await call("/api/admin/scans", "GET")) as AdminScansReport;
      const pending = report.counts.queued + report.counts.running;
      if (pending === 0) {
        const counts = Object.entries(report.counts.byStatus)
          .map(([status, n]) => `${status} ${n}`)
          .join(", ");
        io.stdout.write(`done: ${counts || "no files"}\n`);
        return EXIT.ok;
      }
      io.stderr.write(`${pending} files waiting for their scan\n`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (error) {
    const { code, message } = classifyError(error, io.signal);
    io.stderr.write(`modelhub: ${message}\n`);
    return code;
  }
}
