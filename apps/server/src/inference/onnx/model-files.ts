import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { diskPathUnder } from "../../content/paths/disk-path.js";
import { HttpError } from "../../domain/errors.js";

/** How the caller proved who they are (a token, or the web session's cookie), for the loopback reads. */
export interface CallerCredentials {
  authorization?: string;
  cookie?: string;
}

function credentialHeaders(credentials: CallerCredentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.authorization) headers.Authorization = credentials.authorization;
  if (credentials.cookie) headers.Cookie = credentials.cookie;
  return headers;
}

/**
 * The worker's model folders, one per commit (`<root>/<sha>/`), filled from the hub itself: each file
 * is downloaded from this hub's own resolve route (loopback, with the caller's credentials, so private
 * and gated repos follow the same rules as a download). Never from the internet. A folder appears
 * complete or not at all (written aside, then renamed).
 */
export class ModelFiles {
  private readonly filling = new Map<string, Promise<string>>();
  /** Commits whose folder is known complete (this object is its only writer): no file system check per call. */
  private readonly complete = new Set<string>();

  constructor(
    readonly root: string,
    private readonly hubUrl: () => string,
  ) {}

  /** The folder name (relative to the root) holding the files of `repoId` at `sha`. */
  async ensure(
    repoId: string,
    sha: string,
    files: string[],
    credentials: CallerCredentials,
  ): Promise<string> {
    if (this.complete.has(sha)) return sha;
    const existing = await stat(path.join(this.root, sha, ".complete")).catch(() => undefined);
    if (existing) {
      this.complete.add(sha);
      return sha;
    }
    let pending = this.filling.get(sha);
    if (!pending) {
      pending = this.fill(repoId, sha, files, credentials).finally(() => this.filling.delete(sha));
      this.filling.set(sha, pending);
    }
    return pending;
  }

  private async fill(
    repoId: string,
    sha: string,
    files: string[],
    credentials: CallerCredentials,
  ): Promise<string> {
    const staging = path.join(this.root, `.staging-${sha}-${process.pid}-${Date.now()}`);
    try {
      for (const file of files) {
        const url = `${this.hubUrl()}/${repoId}/resolve/${sha}/${file.split("/").map(encodeURIComponent).join("/")}`;
        const response = await fetch(url, { headers: credentialHeaders(credentials) });
        if (!response.ok)
          throw new HttpError(
            502,
            `The ONNX backend could not read ${file} of ${repoId} (${response.status})`,
          );
        const target = diskPathUnder(staging, file);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, new Uint8Array(await response.arrayBuffer()));
      }
      await writeFile(path.join(staging, ".complete"), "");
      await rm(path.join(this.root, sha), { recursive: true, force: true });
      await rename(staging, path.join(this.root, sha));
      this.complete.add(sha);
      return sha;
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw err;
    }
  }
}
