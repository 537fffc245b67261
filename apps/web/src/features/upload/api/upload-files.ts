import { requestJson } from "../../../lib/api-client.js";
import type { CommitResponse, LfsBatchResponse, PreuploadResponse, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";
import { toBase64 } from "../../../lib/upload/api/encode.js";
import { sha256OfFile } from "./hash-file.js";
import { uploadLfsObject } from "./lfs-transfer.js";

export interface PendingFile {
  /** Path inside the repository. */
  path: string;
  file: File;
}

export interface CommitMessage {
  summary: string;
  description?: string;
}

/** Where one file stands: bytes hashed, then bytes sent (regular files are sent with the commit). */
export interface FileProgress {
  path: string;
  phase: "waiting" | "hashing" | "uploading" | "done";
  done: number;
  total: number;
}

export type ProgressListener = (files: FileProgress[], stage: string) => void;

const LFS_TYPE = "application/vnd.git-lfs+json";

async function preupload(type: RepoType, id: string, revision: string, files: PendingFile[]) {
  const described = await Promise.all(
    files.map(async ({ path, file }) => ({
      path,
      size: file.size,
      sample: toBase64(new Uint8Array(await file.slice(0, 512).arrayBuffer())),
    })),
  );
  return requestJson<PreuploadResponse>(apiPaths.preupload(type, id, revision), {
    json: { files: described },
  });
}

/**
 * Preupload → hash large files in slices → LFS batch (single PUTs or parts) → one NDJSON commit. A
 * multi-gigabyte file is never held in memory, and a part that already reached the hub is not sent
 * again when the upload is retried. Progress is reported per file.
 */
export async function uploadFiles(
  type: RepoType,
  id: string,
  revision: string,
  files: PendingFile[],
  message: CommitMessage,
  onProgress: ProgressListener = () => {},
  signal?: AbortSignal,
): Promise<CommitResponse> {
  const progress: FileProgress[] = files.map(({ path, file }) => ({
    path,
    phase: "waiting",
    done: 0,
    total: file.size,
  }));
  const emit = (stage: string) =>
    onProgress(
      progress.map((entry) => ({ ...entry })),
      stage,
    );
  emit("Checking files…");
  const modes = await preupload(type, id, revision, files);
  const modeOf = new Map(modes.files.map((f) => [f.path, f]));
  const lines: string[] = [
    JSON.stringify({
      key: "header",
      value: { summary: message.summary, description: message.description ?? "" },
    }),
  ];
  const lfs: { index: number; oid: string; file: File }[] = [];
  for (const [index, { path, file }] of files.entries()) {
    const mode = modeOf.get(path);
    if (mode?.shouldIgnore) {
      progress[index] = { ...progress[index], phase: "done", done: file.size };
      continue;
    }
    if (mode?.uploadMode === "lfs") {
      progress[index].phase = "hashing";
      const oid = await sha256OfFile(file, (hashed) => {
        progress[index].done = hashed;
        emit(`Hashing ${path}…`);
      });
      lfs.push({ index, oid, file });
      lines.push(JSON.stringify({ key: "lfsFile", value: { path, algo: "sha256", oid, size: file.size } }));
      progress[index] = { ...progress[index], phase: "uploading", done: 0 };
    } else {
      const content = toBase64(new Uint8Array(await file.arrayBuffer()));
      lines.push(JSON.stringify({ key: "file", value: { path, content, encoding: "base64" } }));
    }
  }
  if (lfs.length > 0) {
    emit("Uploading large files…");
    const answer = await requestJson<LfsBatchResponse>(apiPaths.lfsBatch(type, id), {
      headers: { Accept: LFS_TYPE, "Content-Type": LFS_TYPE },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic", "multipart"],
        hash_algo: "sha256",
        ref: { name: revision },
        objects: lfs.map(({ oid, file }) => ({ oid, size: file.size })),
      }),
      signal,
    });
    for (const object of answer.objects) {
      if (object.error) throw new Error(`The hub refused a large file: ${object.error.message}`);
      const source = lfs.find((entry) => entry.oid === object.oid);
      if (!source) continue;
      const entry = progress[source.index];
      await uploadLfsObject(
        object,
        source.file,
        entry.path,
        (sent) => {
          entry.done = sent;
          emit(`Uploading ${entry.path}…`);
        },
        signal,
      );
      entry.phase = "done";
      entry.done = entry.total;
    }
  }
  emit("Committing…");
  const result = await requestJson<CommitResponse>(apiPaths.commit(type, id, revision), {
    headers: { "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
    signal,
  });
  for (const entry of progress) entry.phase = "done";
  emit("Done");
  return result;
}
