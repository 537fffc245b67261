import { classifyError, EXIT, TransferError, usageError, type ExitCode } from "../transfer/exit-codes.js";
import { formatBytes, formatDuration } from "../transfer/format.js";
import { HubHttp } from "../transfer/hub-http.js";
import { parseCommandLine, resolveTarget, TARGET_OPTIONS } from "../transfer/options.js";
import { ProgressBoard, type ProgressTask } from "../transfer/progress.js";
import type { TransferIO } from "../transfer/transfer-io.js";
import type { PullProgress } from "../mirror/service.js";
import { localHubUrl } from "./local-hub-url.js";

export const MIRROR_USAGE = `Usage: modelhub mirror pull <repo> [--revision R] [--repo-type model|dataset|space|kernel]

Mirrors a whole revision of an upstream repo ahead of time on a running hub that mirrors an upstream
(MODELHUB_UPSTREAM_URL): every LFS file is fetched, verified and pinned (never evicted).

Options:
  --revision R        branch, tag or commit (default main)
  --repo-type T       model (default), dataset, space or kernel; "datasets/owner/name" also works
  --endpoint URL      the hub (default: HF_ENDPOINT, else the hub running on --data / MODELHUB_DATA)
  --data DIR          the data folder of the running hub to find
  --token T           a site admin's write token (default: HF_TOKEN, else MODELHUB_ADMIN_TOKEN)

Exit codes: 0 pinned, 1 usage, 2 not found or not allowed, 3 hub or upstream error,
4 the upstream's bytes did not match their hash (nothing kept), 130 interrupted.`;

type PullLine =
  | { progress: PullProgress }
  | ({ done: true; id: string; revision: string } & PullProgress)
  | { error: string; status?: number; verificationFailed?: boolean };

/** `modelhub mirror pull`: asks a running hub to pin a whole upstream revision, drawing its progress. */
export async function runMirrorCommand(argv: string[], io: TransferIO): Promise<ExitCode> {
  try {
    const parsed = parseCommandLine(argv, [...TARGET_OPTIONS, "data"], ["help"]);
    if (parsed.switches.has("help")) {
      io.stdout.write(`${MIRROR_USAGE}\n`);
      return EXIT.ok;
    }
    const [action, repo, ...extra] = parsed.positionals;
    if (action !== "pull") throw usageError(`unknown mirror command "${action ?? ""}"\n\n${MIRROR_USAGE}`);
    if (!repo) throw usageError(`mirror pull needs a repo id\n\n${MIRROR_USAGE}`);
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`);
    if (!parsed.values.has("endpoint") && !io.env.HF_ENDPOINT?.trim())
      parsed.values.set("endpoint", localHubUrl(parsed.values.get("data"), io.env));
    const target = resolveTarget(parsed, repo, io.env);
    target.token ??= io.env.MODELHUB_ADMIN_TOKEN?.trim() || undefined;
    if (!target.token)
      throw new TransferError(
        EXIT.notFound,
        "pinning needs a site admin's write token: --token or HF_TOKEN (modelhub token create <admin> --write)",
      );
    io.stderr.write(`modelhub: asking the hub at ${target.endpoint}\n`);
    return await pull(new HubHttp(target, io.signal), io);
  } catch (error) {
    const { code, message } = classifyError(error, io.signal);
    io.stderr.write(`modelhub: ${message}\n`);
    return code;
  }
}

async function pull(http: HubHttp, io: TransferIO): Promise<ExitCode> {
  const { repoId, repoType, revision } = http.target;
  const label = `${http.repoLabel}@${revision}`;
  const response = await http.request(`${http.target.endpoint}/api/admin/mirror/pull`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify({ id: repoId, type: repoType, revision }),
  });
  await http.ensureOk(response, `pinning ${label}`);
  if (!response.body) throw new TransferError(EXIT.network, "the hub answered without a body");
  const board = new ProgressBoard(io.stderr, io.isTTY, `pinning ${label}`);
  let task: { path: string; task: ProgressTask; before: number } | undefined;
  const started = Date.now();
  let last: PullLine | undefined;
  try {
    for await (const line of ndjsonLines(response.body)) {
      last = line;
      if (!("progress" in line)) break;
      const p = line.progress;
      board.setTotal(p.totalBytes);
      if (p.path && task?.path !== p.path) {
        task?.task.finish();
        task = { path: p.path, task: board.task(p.path, p.fileSize ?? 0), before: p.bytes };
      }
      task?.task.update(p.bytes - task.before);
      if (p.files === p.totalFiles) task?.task.finish();
    }
  } finally {
    board.close();
  }
  if (!last || "progress" in last)
    throw new TransferError(EXIT.network, `the hub stopped answering while pinning ${label}`);
  if ("error" in last) {
    const code = last.verificationFailed
      ? EXIT.verification
      : last.status === 404 || last.status === 403
        ? EXIT.notFound
        : EXIT.network;
    throw new TransferError(code, `pinning ${label} failed: ${last.error}`);
  }
  const seconds = (Date.now() - started) / 1000;
  io.stdout.write(
    `pinned ${label}: ${last.files} LFS file(s), ${formatBytes(last.totalBytes)} in ${formatDuration(seconds)}\n`,
  );
  return EXIT.ok;
}

async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<PullLine> {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (text) yield JSON.parse(text) as PullLine;
    }
  }
  if (buffered.trim()) yield JSON.parse(buffered) as PullLine;
}
