import path from "node:path";
import { downloadFile, type FileOutcome } from "./download-file.js";
import { EXIT, TransferError, classifyError, usageError } from "./exit-codes.js";
import { formatBytes, formatDuration } from "./format.js";
import { HubHttp } from "./hub-http.js";
import { TARGET_OPTIONS, parseCommandLine, resolveTarget } from "./options.js";
import { runPool } from "./pool.js";
import { ProgressBoard } from "./progress.js";
import {
  isSafeRelativePath,
  listRemoteFiles,
  resolveCommit,
  selectFiles,
  type RemoteFile,
} from "./remote-files.js";
import type { TransferIO } from "./transfer-io.js";
import { DOWNLOAD_USAGE } from "./usage.js";

const PARALLEL_DOWNLOADS = 3;

/** `modelhub download <repo> [files…]`: resumable, verified download into a local folder. */
export async function runDownload(argv: string[], io: TransferIO): Promise<number> {
  let board: ProgressBoard | undefined;
  try {
    const parsed = parseCommandLine(argv, [...TARGET_OPTIONS, "local-dir"], ["help", "quiet"]);
    if (parsed.switches.has("help")) {
      io.stdout.write(`${DOWNLOAD_USAGE}\n`);
      return EXIT.ok;
    }
    const [repoArg, ...requested] = parsed.positionals;
    if (!repoArg) throw usageError(`download needs a repo id\n\n${DOWNLOAD_USAGE}`);
    const target = resolveTarget(parsed, repoArg, io.env);
    const hub = new HubHttp(target, io.signal);
    const cwd = io.cwd ?? process.cwd();
    const localDir = path.resolve(cwd, parsed.values.get("local-dir") ?? target.repoId.split("/")[1]);

    const commit = await resolveCommit(hub);
    const { selected, missing } = selectFiles(await listRemoteFiles(hub, commit), requested);
    if (missing.length > 0) {
      throw new TransferError(
        EXIT.notFound,
        `not in ${hub.repoLabel}@${target.revision}: ${missing.join(", ")}`,
      );
    }
    const unsafe = selected.find((f) => !isSafeRelativePath(f.path));
    if (unsafe)
      throw new TransferError(
        EXIT.network,
        `the hub listed an unsafe path, refusing to write it: ${JSON.stringify(unsafe.path)}`,
      );

    const totalBytes = selected.reduce((sum, f) => sum + (f.lfs?.size ?? f.size), 0);
    board = new ProgressBoard(
      io.stderr,
      io.isTTY && !parsed.switches.has("quiet"),
      `${hub.repoLabel} (${selected.length} files)`,
      totalBytes,
    );
    const outcomes = new Map<RemoteFile, FileOutcome>();
    await runPool(selected, PARALLEL_DOWNLOADS, async (file) => {
      outcomes.set(
        file,
        await downloadFile(hub, commit, file, path.join(localDir, ...file.path.split("/")), board!, io),
      );
    });
    board.close();

    const summary = summarise([...outcomes.values()], board.elapsedSeconds);
    const corrupt = [...outcomes.values()].flatMap((o) => (o.kind === "corrupt" ? [o.message] : []));
    io.stderr.write(`${hub.repoLabel}@${commit.slice(0, 10)} → ${localDir}: ${summary}\n`);
    if (corrupt.length > 0) {
      for (const message of corrupt) io.stderr.write(`modelhub download: verification failed: ${message}\n`);
      return EXIT.verification;
    }
    io.stdout.write(`${localDir}\n`);
    return EXIT.ok;
  } catch (error) {
    board?.close();
    const { code, message } = classifyError(error, io.signal);
    io.stderr.write(`modelhub download: ${message}\n`);
    return code;
  }
}

function summarise(outcomes: FileOutcome[], seconds: number): string {
  let downloaded = 0;
  let bytes = 0;
  let resumed = 0;
  let skipped = 0;
  let replaced = 0;
  for (const o of outcomes) {
    if (o.kind === "skipped") skipped++;
    if (o.kind !== "downloaded") continue;
    downloaded++;
    bytes += o.bytes;
    if (o.resumedFrom > 0) resumed++;
    if (o.replaced) replaced++;
  }
  const parts = [
    `${downloaded} downloaded (${formatBytes(bytes)} in ${formatDuration(seconds)}${seconds > 0 && bytes > 0 ? `, ${formatBytes(bytes / seconds)}/s` : ""})`,
  ];
  if (resumed > 0) parts.push(`${resumed} resumed`);
  if (replaced > 0) parts.push(`${replaced} replaced (local copy did not match)`);
  parts.push(`${skipped} already complete and verified`);
  return parts.join(", ");
}
