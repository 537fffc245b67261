import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { EXIT, TransferError } from "./exit-codes.js";
import { DualHasher, hashFile, hashFilePrefix, type FileDigests } from "./hashing.js";
import type { HubHttp } from "./hub-http.js";
import type { ProgressBoard } from "./progress.js";
import type { RemoteFile } from "./remote-files.js";
import type { TransferIO } from "./transfer-io.js";

export const INCOMPLETE_SUFFIX = ".incomplete";

export type FileOutcome =
  | { kind: "skipped" }
  | { kind: "downloaded"; bytes: number; resumedFrom: number; replaced: boolean }
  | { kind: "corrupt"; message: string };

interface Expected {
  size: number;
  digest: string;
  algo: "sha256" | "git-sha1";
}

function expectedOf(file: RemoteFile): Expected {
  return file.lfs
    ? { size: file.lfs.size, digest: file.lfs.oid, algo: "sha256" }
    : { size: file.size, digest: file.oid, algo: "git-sha1" };
}

function matches(digests: FileDigests, expected: Expected): boolean {
  return (expected.algo === "sha256" ? digests.sha256 : digests.gitSha1) === expected.digest;
}

/**
 * Brings one file up to date on disk: skips it when the local copy already hashes right, resumes a
 * `.incomplete` partial with an HTTP Range request, verifies the hash, then renames into place.
 */
export async function downloadFile(
  hub: HubHttp,
  commit: string,
  file: RemoteFile,
  dest: string,
  board: ProgressBoard,
  io: TransferIO,
): Promise<FileOutcome> {
  const expected = expectedOf(file);
  const existing = await fs.promises.stat(dest).catch(() => undefined);
  let replaced = false;
  if (existing?.isFile()) {
    if (
      existing.size === expected.size &&
      matches(await hashFile(dest, existing.size, undefined, io.signal), expected)
    ) {
      board.skip(expected.size);
      return { kind: "skipped" };
    }
    replaced = true;
  }
  await fs.promises.mkdir(path.dirname(dest), { recursive: true });
  const temp = dest + INCOMPLETE_SUFFIX;
  const partial = await fs.promises.stat(temp).catch(() => undefined);
  let prefix = partial?.isFile() && partial.size <= expected.size ? partial.size : 0;
  if (partial && prefix === 0) await fs.promises.rm(temp, { force: true });

  const task = board.task(file.path, expected.size);
  const report = (done: number) => {
    task.update(done);
    io.onBytes?.({ phase: "download", path: file.path, done, total: expected.size });
  };
  let hasher = new DualHasher(expected.size);
  try {
    if (prefix > 0) await hashFilePrefix(temp, prefix, hasher, undefined, io.signal);
    report(prefix);
    let received = prefix;
    if (expected.size === 0) await fs.promises.writeFile(temp, "");
    if (prefix < expected.size) {
      const response = await hub.request(hub.resolveUrl(commit, file.path), {
        headers: prefix > 0 ? { Range: `bytes=${prefix}-` } : {},
      });
      if (!(response.status === 206 && contentRangeStart(response) === prefix)) {
        if (!response.ok) throw await hub.errorOf(response, `downloading ${file.path}`);
        // The hub sent the whole file: start over.
        prefix = 0;
        hasher = new DualHasher(expected.size);
        report(0);
      }
      if (!response.body) throw new TransferError(EXIT.network, `downloading ${file.path}: empty response`);
      received = prefix;
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > expected.size)
              throw new TransferError(
                EXIT.verification,
                `${file.path}: the hub sent more than the ${expected.size} bytes announced`,
              );
            hasher.update(chunk);
            yield chunk;
            report(received);
          }
        },
        fs.createWriteStream(temp, { flags: prefix > 0 ? "a" : "w" }),
        { signal: io.signal },
      );
    }
    if (received !== expected.size) {
      throw new TransferError(
        EXIT.network,
        `downloading ${file.path}: connection ended after ${received} of ${expected.size} bytes; run again to resume`,
      );
    }
    if (!matches(hasher.digest(), expected)) {
      await fs.promises.rm(temp, { force: true });
      return {
        kind: "corrupt",
        message: `${file.path}: ${expected.algo} does not match ${expected.digest} (partial file removed; run again to retry)`,
      };
    }
    await fs.promises.rename(temp, dest);
    return { kind: "downloaded", bytes: expected.size - prefix, resumedFrom: prefix, replaced };
  } finally {
    task.finish();
  }
}

function contentRangeStart(response: Response): number | undefined {
  const match = /^bytes (\d+)-\d+\/\d+$/.exec(response.headers.get("Content-Range") ?? "");
  return match ? Number(match[1]) : undefined;
}
