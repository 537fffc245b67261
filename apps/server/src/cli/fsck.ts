import { existsSync } from "node:fs";
import type { Config } from "../config/config.js";
import { openBlobStore } from "../compose/blob-store.js";
import { remaining } from "../maintenance/fsck/fsck-report.js";
import { runFsck } from "../maintenance/fsck/run-fsck.js";
import { formatBytes } from "../maintenance/gc/gc-report.js";
import { createLogger } from "../platform/logger.js";
import { withServices, type Output } from "./context.js";
import { recordCommandEvent } from "./audit.js";
import { UsageError } from "./usage-error.js";

/**
 * `modelhub fsck [--repair]`: checks every LFS object's hash, every ref, the LFS objects of every branch
 * head and the database against git. Exit 0 when all is well (or repaired), 1 when something is wrong.
 */
export async function fsckCommand(
  config: Config,
  repair: boolean,
  io: Output,
  tty: boolean,
): Promise<number> {
  if (!existsSync(config.dataDir)) throw new UsageError(`no hub data folder at ${config.dataDir}`);
  io.err(`modelhub: checking ${config.dataDir}${repair ? " (repairing what can be derived again)" : ""}`);
  const blobs = await openBlobStore(config);
  const report = await withServices(config, (services) =>
    runFsck({
      blobs,
      dataDir: config.dataDir,
      db: services.hub.db,
      repos: services.repos,
      events: services.events,
      logger: createLogger("silent"),
      repair,
      progress: { write: (text) => process.stderr.write(text), enabled: tty },
      step: (message) => {
        if (tty) io.err(`modelhub: ${message}`);
      },
    }),
  );
  io.out(
    `checked ${report.lfsObjects} LFS objects (${formatBytes(report.lfsBytes)}) and ${report.repos} repositories: ${report.problems.length} problem(s)`,
  );
  for (const problem of report.problems) {
    const state = problem.repaired
      ? `repaired: ${problem.repaired}`
      : problem.repairable
        ? "repairable: run modelhub fsck --repair"
        : "cannot be repaired automatically";
    io.out(`${problem.kind} ${problem.subject}: ${problem.detail} [${state}]`);
  }
  const left = remaining(report);
  if (repair && report.problems.length > 0)
    io.out(`${report.problems.length - left.length} repaired, ${left.length} left`);
  const repaired = report.problems.filter((problem) => problem.repaired);
  if (repaired.length > 0)
    await recordCommandEvent(config, io, {
      type: "admin.fsck_repair",
      data: {
        repaired: repaired.length,
        left: left.length,
        repairs: repaired.slice(0, 50).map((problem) => ({
          kind: problem.kind,
          subject: problem.subject,
          action: problem.repaired,
        })),
      },
    });
  return left.length > 0 ? 1 : 0;
}
