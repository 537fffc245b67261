import fs from "node:fs";
import { Readable } from "node:stream";
import { EXIT, TransferError, classifyError, usageError } from "./exit-codes.js";
import { formatBytes } from "./format.js";
import { hashFile, type FileDigests } from "./hashing.js";
import { HubHttp } from "./hub-http.js";
import { collectLocalFiles, type LocalFile } from "./local-files.js";
import { TARGET_OPTIONS, parseCommandLine, resolveTarget } from "./options.js";
import { chunked, runPool } from "./pool.js";
import { ProgressBoard } from "./progress.js";
import type { TransferIO } from "./transfer-io.js";
import { UPLOAD_USAGE } from "./usage.js";

const PREUPLOAD_CHUNK = 100;
const LFS_BATCH_CHUNK = 100;
const PARALLEL_UPLOADS = 2;
const SAMPLE_BYTES = 512;
const LFS_JSON = "application/vnd.git-lfs+json";

interface PlannedFile extends LocalFile {
  digests: FileDigests;
  mode: "lfs" | "regular";
}

interface PreuploadAnswer {
  files: { path: string; uploadMode: "lfs" | "regular"; shouldIgnore?: boolean; oid?: string | null }[];
}

interface BatchAction {
  href: string;
  header?: Record<string, string>;
}

interface BatchAnswer {
  objects: {
    oid: string;
    size: number;
    actions?: { upload?: BatchAction; verify?: BatchAction };
    error?: { code: number; message: string };
  }[];
}

/** `modelhub upload <repo> <local path> [path in repo]`: one commit with every changed file. */
export async function runUpload(argv: string[], io: TransferIO): Promise<number> {
  let board: ProgressBoard | undefined;
  try {
    const parsed = parseCommandLine(
      argv,
      [...TARGET_OPTIONS, "commit-message", "commit-description"],
      ["help", "private", "quiet"],
    );
    if (parsed.switches.has("help")) {
      io.stdout.write(`${UPLOAD_USAGE}\n`);
      return EXIT.ok;
    }
    const [repoArg, localArg, pathInRepo, ...extra] = parsed.positionals;
    if (!repoArg || !localArg) throw usageError(`upload needs a repo and a local path\n\n${UPLOAD_USAGE}`);
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"\n\n${UPLOAD_USAGE}`);
    const target = resolveTarget(parsed, repoArg, io.env);
    if (!target.token)
      throw new TransferError(EXIT.notFound, "upload needs a write token: pass --token hf_… or set HF_TOKEN");
    const hub = new HubHttp(target, io.signal);
    const local = await collectLocalFiles(resolveLocal(localArg, io), pathInRepo);
    if (local.length === 0) throw usageError(`nothing to upload: ${localArg} contains no files`);

    const totalBytes = local.reduce((sum, f) => sum + f.size, 0);
    board = new ProgressBoard(io.stderr, io.isTTY && !parsed.switches.has("quiet"), "hashing", totalBytes);
    await ensureRepo(hub, parsed.switches.has("private"));
    const digests = await hashAll(local, board, io);
    board.close();

    const modes = await decideModes(hub, local);
    const planned: PlannedFile[] = [];
    let unchanged = 0;
    for (const file of local) {
      const answer = modes.get(file.repoPath);
      if (!answer || answer.shouldIgnore) continue;
      const digest = digests.get(file.repoPath)!;
      const mode = answer.uploadMode === "lfs" ? "lfs" : "regular";
      if (answer.oid && answer.oid === (mode === "lfs" ? digest.sha256 : digest.gitSha1)) {
        unchanged++;
        continue;
      }
      planned.push({ ...file, digests: digest, mode });
    }
    if (planned.length === 0) {
      io.stderr.write(
        `nothing to commit: ${unchanged} file(s) already up to date in ${hub.repoLabel}@${target.revision}\n`,
      );
      io.stdout.write(`${hub.repoUrl()}\n`);
      return EXIT.ok;
    }

    const lfsFiles = planned.filter((f) => f.mode === "lfs");
    const lfsBytes = lfsFiles.reduce((sum, f) => sum + f.size, 0);
    board = new ProgressBoard(io.stderr, io.isTTY && !parsed.switches.has("quiet"), "uploading", lfsBytes);
    const sent = await uploadLfsObjects(hub, lfsFiles, board, io);
    board.close();

    const title = parsed.values.get("commit-message") ?? defaultTitle(localArg, planned.length);
    const commit = await sendCommit(hub, planned, title, parsed.values.get("commit-description") ?? "");
    const regularCount = planned.length - lfsFiles.length;
    const seconds = board.elapsedSeconds;
    io.stderr.write(
      `uploaded ${planned.length} file(s) to ${hub.repoLabel}@${target.revision} in commit ${commit.commitOid.slice(0, 10)}: ` +
        `${lfsFiles.length} LFS (${formatBytes(sent)} sent${lfsFiles.length > 0 && sent < lfsBytes ? `, ${formatBytes(lfsBytes - sent)} already on the hub` : ""}), ` +
        `${regularCount} regular, ${unchanged} unchanged${sent > 0 && seconds > 0 ? `, ${formatBytes(sent / seconds)}/s` : ""}\n`,
    );
    io.stdout.write(`${commit.commitUrl}\n`);
    return EXIT.ok;
  } catch (error) {
    board?.close();
    const { code, message } = classifyError(error, io.signal);
    io.stderr.write(`modelhub upload: ${message}\n`);
    return code;
  }
}

function resolveLocal(localArg: string, io: TransferIO): string {
  return io.cwd && !localArg.startsWith("/") ? `${io.cwd}/${localArg}` : localArg;
}

function defaultTitle(localArg: string, count: number): string {
  return count === 1
    ? `Upload ${localArg.split("/").filter(Boolean).pop() ?? localArg} with modelhub`
    : `Upload ${count} files with modelhub`;
}

/** Creates the repo when it does not exist yet; an existing repo (409) is fine. */
async function ensureRepo(hub: HubHttp, isPrivate: boolean): Promise<void> {
  const [owner, name] = hub.target.repoId.split("/");
  const response = await hub.request(`${hub.target.endpoint}/api/repos/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, organization: owner, type: hub.target.repoType, private: isPrivate }),
  });
  if (response.status === 409) {
    await response.body?.cancel();
    return;
  }
  await hub.ensureOk(response, `creating ${hub.repoLabel}`);
  await response.body?.cancel();
}

async function hashAll(
  files: LocalFile[],
  board: ProgressBoard,
  io: TransferIO,
): Promise<Map<string, FileDigests>> {
  const digests = new Map<string, FileDigests>();
  for (const file of files) {
    const task = board.task(file.repoPath, file.size);
    const digest = await hashFile(
      file.absolute,
      file.size,
      (done) => {
        task.update(done);
        io.onBytes?.({ phase: "hash", path: file.repoPath, done, total: file.size });
      },
      io.signal,
    );
    task.finish();
    digests.set(file.repoPath, digest);
  }
  return digests;
}

async function decideModes(
  hub: HubHttp,
  files: LocalFile[],
): Promise<Map<string, PreuploadAnswer["files"][number]>> {
  const answers = new Map<string, PreuploadAnswer["files"][number]>();
  const url = hub.apiUrl(`/preupload/${encodeURIComponent(hub.target.revision)}`);
  for (const group of chunked(files, PREUPLOAD_CHUNK)) {
    const payload = {
      files: await Promise.all(
        group.map(async (f) => ({ path: f.repoPath, size: f.size, sample: await sampleOf(f.absolute) })),
      ),
    };
    const body = await hub.postJson<PreuploadAnswer>(
      url,
      payload,
      `preparing the upload to ${hub.repoLabel}`,
    );
    for (const answer of body.files) answers.set(answer.path, answer);
  }
  return answers;
}

async function sampleOf(file: string): Promise<string> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("base64");
  } finally {
    await handle.close();
  }
}

/** Asks the LFS batch API which objects are missing and PUTs only those. Returns the bytes sent. */
async function uploadLfsObjects(
  hub: HubHttp,
  files: PlannedFile[],
  board: ProgressBoard,
  io: TransferIO,
): Promise<number> {
  let sent = 0;
  const url = hub.repoUrl(".git/info/lfs/objects/batch");
  for (const group of chunked(files, LFS_BATCH_CHUNK)) {
    const unique = new Map(group.map((f) => [f.digests.sha256, f]));
    const answer = await hub.postJson<BatchAnswer>(
      url,
      {
        operation: "upload",
        transfers: ["basic"],
        hash_algo: "sha256",
        ref: { name: hub.target.revision },
        objects: [...unique.values()].map((f) => ({ oid: f.digests.sha256, size: f.size })),
      },
      `LFS batch for ${hub.repoLabel}`,
      LFS_JSON,
    );
    const toSend: { file: PlannedFile; upload: BatchAction; verify?: BatchAction }[] = [];
    for (const object of answer.objects) {
      const file = unique.get(object.oid);
      if (!file) continue;
      if (object.error)
        throw new TransferError(
          EXIT.network,
          `the hub refused ${file.repoPath}: ${object.error.message} (${object.error.code})`,
        );
      if (object.actions?.upload)
        toSend.push({ file, upload: object.actions.upload, verify: object.actions.verify });
      else board.skip(file.size);
    }
    await runPool(toSend, PARALLEL_UPLOADS, async ({ file, upload, verify }) => {
      await putObject(hub, file, upload, board, io);
      sent += file.size;
      if (verify) {
        const response = await hub.request(verify.href, {
          method: "POST",
          headers: { ...verify.header, "Content-Type": LFS_JSON, Accept: LFS_JSON },
          body: JSON.stringify({ oid: file.digests.sha256, size: file.size }),
        });
        await hub.ensureOk(response, `verifying ${file.repoPath} on the hub`);
        await response.body?.cancel();
      }
    });
  }
  return sent;
}

async function putObject(
  hub: HubHttp,
  file: PlannedFile,
  action: BatchAction,
  board: ProgressBoard,
  io: TransferIO,
): Promise<void> {
  const task = board.task(file.repoPath, file.size);
  let done = 0;
  const source = fs.createReadStream(file.absolute, { highWaterMark: 1024 * 1024 });
  source.on("data", (chunk) => {
    done += chunk.length;
    task.update(done);
    io.onBytes?.({ phase: "upload", path: file.repoPath, done, total: file.size });
  });
  const response = await hub.request(action.href, {
    method: "PUT",
    headers: {
      ...action.header,
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.size),
    },
    body: Readable.toWeb(source) as ReadableStream<Uint8Array>,
    duplex: "half",
  });
  task.finish();
  if (response.status === 422) {
    throw new TransferError(
      EXIT.verification,
      `the hub rejected ${file.repoPath}: its bytes do not match the sha256 computed before sending (was the file modified during the upload?)`,
    );
  }
  await hub.ensureOk(response, `uploading ${file.repoPath}`);
  await response.body?.cancel();
  if (done !== file.size)
    throw new TransferError(EXIT.verification, `${file.repoPath} changed size during the upload`);
}

/** Streams the NDJSON commit: header, then one line per file (regular files inline as base64). */
async function sendCommit(
  hub: HubHttp,
  files: PlannedFile[],
  summary: string,
  description: string,
): Promise<{ commitOid: string; commitUrl: string }> {
  const line = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);
  async function* lines(): AsyncGenerator<Buffer> {
    yield line({ key: "header", value: { summary, description } });
    for (const file of files) {
      if (file.mode === "lfs") {
        yield line({
          key: "lfsFile",
          value: { path: file.repoPath, algo: "sha256", oid: file.digests.sha256, size: file.size },
        });
      } else {
        const content = await fs.promises.readFile(file.absolute);
        if (content.length !== file.size)
          throw new TransferError(EXIT.verification, `${file.repoPath} changed during the upload`);
        yield line({
          key: "file",
          value: { path: file.repoPath, content: content.toString("base64"), encoding: "base64" },
        });
      }
    }
  }
  const body = Readable.toWeb(Readable.from(lines())) as ReadableStream<Uint8Array>;
  const response = await hub.request(hub.apiUrl(`/commit/${encodeURIComponent(hub.target.revision)}`), {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson", Accept: "application/json" },
    body,
    duplex: "half",
  });
  await hub.ensureOk(response, `committing to ${hub.repoLabel}@${hub.target.revision}`);
  return (await response.json()) as { commitOid: string; commitUrl: string };
}
