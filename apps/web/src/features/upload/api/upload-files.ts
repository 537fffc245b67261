import { requestJson, send } from "../../../lib/api-client.js";
import type { CommitResponse, RepoType } from "../../../lib/api-types.js";
import { apiPaths } from "../../../config/paths.js";
import { sha256Hex, toBase64 } from "./encode.js";

export interface PendingFile {
  /** Path inside the repository. */
  path: string;
  file: File;
}

export interface CommitMessage {
  summary: string;
  description?: string;
}

type Progress = (message: string) => void;

interface PreuploadAnswer {
  files: { path: string; uploadMode: "lfs" | "regular"; shouldIgnore?: boolean }[];
}

interface LfsBatchAnswer {
  objects: {
    oid: string;
    size: number;
    actions?: { upload?: { href: string; header?: Record<string, string> } };
    error?: { code: number; message: string };
  }[];
}

const LFS_TYPE = "application/vnd.git-lfs+json";

async function preupload(
  type: RepoType,
  id: string,
  revision: string,
  files: PendingFile[],
): Promise<PreuploadAnswer> {
  const described = await Promise.all(
    files.map(async ({ path, file }) => ({
      path,
      size: file.size,
      sample: toBase64(new Uint8Array(await file.slice(0, 512).arrayBuffer())),
    })),
  );
  return requestJson<PreuploadAnswer>(apiPaths.preupload(type, id, revision), { json: { files: described } });
}

async function uploadLfsObjects(
  type: RepoType,
  id: string,
  revision: string,
  objects: { oid: string; file: File }[],
  progress: Progress,
) {
  if (objects.length === 0) return;
  const answer = await requestJson<LfsBatchAnswer>(apiPaths.lfsBatch(type, id), {
    headers: { Accept: LFS_TYPE, "Content-Type": LFS_TYPE },
    body: JSON.stringify({
      operation: "upload",
      transfers: ["basic"],
      hash_algo: "sha256",
      ref: { name: revision },
      objects: objects.map((o) => ({ oid: o.oid, size: o.file.size })),
    }),
  });
  for (const object of answer.objects) {
    if (object.error) throw new Error(`LFS upload refused: ${object.error.message}`);
    const action = object.actions?.upload;
    if (!action) continue; // already stored
    const source = objects.find((o) => o.oid === object.oid);
    if (!source) continue;
    progress(`Uploading ${source.file.name}…`);
    // Upload URLs are self-authorising (signed); clients send no Authorization header to them.
    const headers: Record<string, string> = { ...action.header };
    delete headers.Authorization;
    const target = new URL(action.href, window.location.origin);
    await send(
      target.origin === window.location.origin ? target.pathname + target.search : target.toString(),
      {
        method: "PUT",
        body: source.file,
        headers,
        token: null,
      },
    );
  }
}

/** Preupload → LFS for large/binary files → one NDJSON commit with every file. */
export async function uploadFiles(
  type: RepoType,
  id: string,
  revision: string,
  files: PendingFile[],
  message: CommitMessage,
  progress: Progress = () => {},
): Promise<CommitResponse> {
  progress("Checking files…");
  const modes = await preupload(type, id, revision, files);
  const modeOf = new Map(modes.files.map((f) => [f.path, f]));
  const lines: string[] = [
    JSON.stringify({
      key: "header",
      value: { summary: message.summary, description: message.description ?? "" },
    }),
  ];
  const lfsObjects: { oid: string; file: File }[] = [];
  for (const { path, file } of files) {
    const mode = modeOf.get(path);
    if (mode?.shouldIgnore) continue;
    const buffer = await file.arrayBuffer();
    if (mode?.uploadMode === "lfs") {
      progress(`Hashing ${file.name}…`);
      const oid = await sha256Hex(buffer);
      lfsObjects.push({ oid, file });
      lines.push(JSON.stringify({ key: "lfsFile", value: { path, algo: "sha256", oid, size: file.size } }));
    } else {
      lines.push(
        JSON.stringify({
          key: "file",
          value: { path, content: toBase64(new Uint8Array(buffer)), encoding: "base64" },
        }),
      );
    }
  }
  await uploadLfsObjects(type, id, revision, lfsObjects, progress);
  progress("Committing…");
  return requestJson<CommitResponse>(apiPaths.commit(type, id, revision), {
    headers: { "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
}
