import { createHash, randomBytes } from "node:crypto";
import { readdirSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { AUTH } from "./hub-process.js";

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
export const gitBlobId = (data: Buffer) =>
  createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest("hex");

export interface LfsObject {
  oid: string;
  size: number;
  data: Buffer;
}

/** Uploads random bytes as an LFS object of a repo through the batch API; returns it. */
export async function uploadLfs(hubUrl: string, repo: string, bytes = 64 * 1024): Promise<LfsObject> {
  const data = randomBytes(bytes);
  const oid = sha256(data);
  const batch = (await (
    await fetch(`${hubUrl}/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: {
        ...AUTH,
        Accept: "application/vnd.git-lfs+json",
        "Content-Type": "application/vnd.git-lfs+json",
      },
      body: JSON.stringify({ operation: "upload", objects: [{ oid, size: data.length }] }),
    })
  ).json()) as { objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[] };
  const upload = batch.objects[0]?.actions?.upload;
  if (!upload) throw new Error("the hub did not ask for the upload");
  const put = await fetch(upload.href, { method: "PUT", headers: upload.header, body: data });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return { oid, size: data.length, data };
}

/** An NDJSON commit of LFS files (path -> object) with optional deletions. */
export function lfsCommit(
  summary: string,
  files: Record<string, LfsObject>,
  deletions: string[] = [],
): string {
  const lines: object[] = [{ key: "header", value: { summary } }];
  for (const [path, object] of Object.entries(files))
    lines.push({ key: "lfsFile", value: { path, algo: "sha256", oid: object.oid, size: object.size } });
  for (const path of deletions) lines.push({ key: "deletedFile", value: { path } });
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

export function lfsPath(dataDir: string, oid: string): string {
  return join(dataDir, "lfs", oid.slice(0, 2), oid.slice(2, 4), oid.slice(4));
}

/** Sets the modification time of a file, or of every file under a folder, `ageMs` into the past. */
export function backdate(path: string, ageMs: number): void {
  const when = new Date(Date.now() - ageMs);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) backdate(join(path, entry), ageMs);
  utimesSync(path, when, when);
}
