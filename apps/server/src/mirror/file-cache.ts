import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import type { RepoContent } from "../content/repo-content.js";
import { FsBlobStore } from "../content/blobs/fs-blob-store.js";
import { HttpError } from "../domain/errors.js";
import { hashIntoFile } from "../offload/hash-into-file.js";
import type { LfsObjectRef, LfsPullThrough } from "../domain/ports.js";
import type { RepoRecord } from "../domain/repo.js";
import type { MirrorRecords } from "./records.js";
import type { MirrorStats } from "./stats.js";
import { TailReader, type GrowingFile } from "./tail-reader.js";
import { fileRefusal, type CurationRefusal, type CurationRules } from "./curation.js";
import type { UpstreamClient } from "./upstream-client.js";

/**
 * Bytes of the latest upstream chunks kept in memory for readers that keep up. Kept small on purpose:
 * every socket chunk is a fresh buffer, and holding megabytes of them makes them outlive the young
 * generation, so V8's full collections ran several times per 200 MB (about 5 CPU s per GiB).
 */
const RECENT_BYTES = 512 * 1024;

/** The most bytes a reader is handed from memory at once. */
const READ_BATCH = 1024 * 1024;

/** An upstream body that sends nothing for this long is given up. */
const IDLE_MS = 60_000;

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** The upstream's bytes do not match the pointer's sha256. */
class VerificationError extends Error {}

/**
 * One upstream transfer of one object, shared by every request for it while it runs. Each upstream
 * chunk is hashed, handed to the readers from memory and appended to the temp file, in that order: the
 * bytes cross the hub once; only a reader that falls more than RECENT_BYTES behind reads the file.
 */
class Transfer implements GrowingFile {
  /** Bytes received and hashed so far (readers may take them from memory). */
  received = 0;
  /** Bytes of the temp file on disk so far. */
  stored: () => number = () => 0;
  /** The sha256 and size matched: readers may have the last byte (storing may still be running). */
  verified = false;
  /** Readers of the temp file; with a remote store it is removed only once the last one is done. */
  private readers = 0;
  private released = false;
  error: Error | undefined;
  private waiters: (() => void)[] = [];
  /** The latest chunks received, oldest first, with where each starts in the file. */
  private readonly chunks: { start: number; bytes: Uint8Array }[] = [];
  private heldBytes = 0;
  /** Settles once the upstream answered with a body (or failed first): errors then are clean 5xx. */
  readonly ready: Promise<void>;
  settleReady: (error?: Error) => void = () => undefined;
  /** Settles once the transfer is over: the object is stored, or the transfer failed. */
  readonly ended: Promise<void>;
  settleEnded: () => void = () => undefined;

  constructor(
    readonly oid: string,
    readonly size: number,
    readonly tmpPath: string,
    readonly finalPath: string,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = (error) => (error ? reject(error) : resolve());
    });
    this.ready.catch(() => undefined);
    this.ended = new Promise<void>((resolve) => (this.settleEnded = resolve));
  }

  // The last byte is held back until the sha256 matched: no reader ever gets a whole wrong file.
  available(): number {
    return this.verified ? this.size : Math.min(this.received, this.size - 1);
  }

  onDisk(): number {
    return this.stored();
  }

  failure(): Error | undefined {
    return this.error;
  }

  /** Remembers a chunk just received (the oldest ones go past RECENT_BYTES). */
  hold(start: number, bytes: Uint8Array): void {
    this.chunks.push({ start, bytes });
    this.heldBytes += bytes.length;
    while (this.heldBytes > RECENT_BYTES && this.chunks.length > 1)
      this.heldBytes -= this.chunks.shift()!.bytes.length;
  }

  recent(position: number, limit: number): Uint8Array[] | undefined {
    const first = this.chunks[0];
    if (!first || position < first.start) return undefined;
    // readers usually want one of the last few chunks: search from the end
    let i = this.chunks.length - 1;
    while (i >= 0 && this.chunks[i].start > position) i--;
    if (i < 0) return undefined;
    // hand out up to READ_BATCH bytes at once, as views of the held chunks (no copy)
    const parts: Uint8Array[] = [];
    let at = position;
    for (; i < this.chunks.length && at < limit && at - position < READ_BATCH; i++) {
      const { start, bytes } = this.chunks[i];
      const end = Math.min(start + bytes.length, limit);
      if (at >= end) continue;
      parts.push(bytes.subarray(at - start, end - start));
      at = end;
    }
    return parts.length === 0 ? undefined : parts;
  }

  /** Frees the held chunks (the transfer ended). */
  release(): void {
    this.chunks.length = 0;
    this.heldBytes = 0;
    this.released = true;
    this.dropTempIfUnread();
  }

  attach(): void {
    this.readers++;
  }

  detach(): void {
    this.readers--;
    this.dropTempIfUnread();
  }

  /** A remote store keeps no local final file: the temp file outlives the transfer while read. */
  private dropTempIfUnread(): void {
    if (this.released && this.readers === 0 && this.finalPath === this.tmpPath)
      void rm(this.tmpPath, { force: true });
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * The pull-through file cache of mirrored repos. The first download of an LFS object starts one
 * upstream transfer into a temp file; that request and every concurrent one for the same object read
 * the growing file (so clients get bytes as they arrive, and the upstream sends them once). The object
 * enters the store only when its sha256 and size match the pointer; a mismatch is deleted and every
 * reader ends with an error before the last byte.
 */
export class MirrorFileCache implements LfsPullThrough {
  private readonly transfers = new Map<string, Transfer>();

  constructor(
    private readonly deps: {
      content: RepoContent;
      upstream: UpstreamClient;
      records: MirrorRecords;
      stats: MirrorStats;
      logger: Logger;
      /** Repo row id of a mirrored repo (file records are per row). */
      rowIdOf: (repo: RepoRecord) => Promise<string | undefined>;
      /** Called after an object was added (the cache cap is enforced there). */
      afterAdd: () => void;
      curation?: CurationRules;
      onRefused?: (repo: { type: RepoRecord["type"]; id: string }, refusal: CurationRefusal) => Promise<void>;
    },
  ) {}

  /** Throws the 403 of a file the curation rules refuse (too large), before a byte is fetched or served. */
  async refuse(repo: RepoRecord, object: LfsObjectRef): Promise<void> {
    const rules = this.deps.curation;
    if (!rules) return;
    const refusal = fileRefusal(rules, repo.id, object.path ?? object.sha256, object.size);
    if (!refusal) return;
    await this.deps.onRefused?.({ type: repo.type, id: repo.id }, refusal);
    throw new HttpError(403, refusal.message);
  }

  /** Objects being fetched right now (the admin page). */
  inFlight(): { oid: string; size: number; written: number }[] {
    return [...this.transfers.values()].map((t) => ({ oid: t.oid, size: t.size, written: t.received }));
  }

  served(repo: RepoRecord, sha256: string, bytes: number): void {
    this.deps.stats.hits++;
    this.deps.stats.bytesSaved += bytes;
    this.deps.records.touch(sha256).catch(() => undefined);
  }

  async open(
    repo: RepoRecord,
    object: LfsObjectRef,
    range?: { start: number; end: number },
  ): Promise<Readable> {
    await this.refuse(repo, object);
    let transfer = await this.joinable(object.sha256);
    if (!transfer) {
      // stored already: fetched for another mirrored repo, uploaded here, or a transfer that just ended
      if (await this.adopt(repo, object)) {
        this.served(repo, object.sha256, range ? range.end - range.start + 1 : object.size);
        return this.deps.content.blobs.open(object.sha256, range);
      }
      transfer = this.running(object.sha256) ?? (await this.start(repo, object));
    }
    this.deps.stats.misses++;
    transfer.attach();
    try {
      await transfer.ready;
      if (transfer.size !== object.size)
        throw new HttpError(409, `Object ${object.sha256} is being fetched with another size; try again`);
    } catch (error) {
      transfer.detach();
      throw error;
    }
    const reader = new TailReader(transfer, range?.start ?? 0, range ? range.end : object.size - 1);
    reader.once("close", () => transfer.detach());
    return reader;
  }

  /**
   * Fetches and keeps an object without a reader (pinning a whole repo); resolves once verified.
   * `onBytes` hears how many bytes of the object have arrived so far.
   */
  async fetch(
    repo: RepoRecord,
    object: LfsObjectRef,
    pinned: boolean,
    onBytes?: (written: number) => void,
  ): Promise<void> {
    await this.refuse(repo, object);
    const rowId = await this.deps.rowIdOf(repo);
    const adopted = !this.running(object.sha256) && (await this.adopt(repo, object));
    if (!adopted) {
      const transfer = this.running(object.sha256) ?? (await this.start(repo, object));
      while (!transfer.verified) {
        if (transfer.error) throw transfer.error;
        onBytes?.(transfer.received);
        await transfer.changed();
      }
      await transfer.ended;
      if (transfer.error) throw transfer.error;
    }
    // an object of a local repo stays out of the cache's books (it is never evicted anyway)
    if (rowId && (!adopted || (await this.deps.records.hasFile(object.sha256))))
      await this.deps.records.recordFile(object.sha256, rowId, object.size, pinned);
  }

  /**
   * Lets the mirrored repo use an object the store already holds with the pointer's size, instead of
   * fetching it again. The sha256 names the bytes, so whoever stored them, they are the upstream's.
   */
  private async adopt(repo: RepoRecord, object: LfsObjectRef): Promise<boolean> {
    const { content } = this.deps;
    if ((await content.hasLfsObject(repo, object.sha256)) === object.size) return true;
    if ((await content.blobs.stat(object.sha256)) !== object.size) return false;
    await content.linkLfsObject(repo, object.sha256);
    this.deps.logger.info({ repo: repo.id, oid: object.sha256 }, "mirror: stored object adopted");
    return true;
  }

  /** Makes the verified temp file the stored object the repo may use. */
  private async keep(repo: RepoRecord, object: LfsObjectRef, file: string): Promise<void> {
    const { content } = this.deps;
    if (content.blobs instanceof FsBlobStore) return content.adoptLfsObject(repo, object.sha256, file);
    // object storage: `put` checks sha256 and size once more on the way in; the temp file stays for
    // the readers that joined the transfer (removed when the last one is done)
    await content.storeLfsObject(repo, object.sha256, object.size, createReadStream(file));
  }

  /**
   * The transfer a new reader of this object joins, if any. Once the bytes are verified, the rest of
   * the transfer is syncing and storing them (seconds for a large file): a new reader waits only until
   * the whole file is on disk, then reads it (the temp file, or the stored object once it moved).
   */
  private async joinable(oid: string): Promise<Transfer | undefined> {
    const transfer = this.running(oid);
    while (transfer?.verified && !transfer.error && transfer.onDisk() < transfer.size)
      await transfer.changed();
    return this.running(oid);
  }

  /** The transfer of this object still worth joining (a failed one is left to end; a new try starts). */
  private running(oid: string): Transfer | undefined {
    const transfer = this.transfers.get(oid);
    return transfer && !transfer.error ? transfer : undefined;
  }

  private async start(repo: RepoRecord, object: LfsObjectRef): Promise<Transfer> {
    const { content } = this.deps;
    const blobs = content.blobs;
    // the local store adopts the temp file by renaming it (same filesystem); a remote one is fed from it
    const tmpDir = blobs instanceof FsBlobStore ? content.lfsTmpDir() : content.tmpDir;
    if (!tmpDir) throw new HttpError(501, "Mirroring needs a temp folder for the LFS store");
    // an await above may have let another request start it
    const running = this.running(object.sha256);
    if (running) return running;
    const tmp = join(tmpDir, `mirror-${object.sha256}.${randomBytes(6).toString("hex")}`);
    const finalPath = blobs instanceof FsBlobStore ? blobs.objectPath(object.sha256) : tmp;
    const transfer = new Transfer(object.sha256, object.size, tmp, finalPath);
    this.transfers.set(object.sha256, transfer);
    let handle: FileHandle;
    try {
      handle = await open(tmp, "wx");
    } catch (error) {
      this.transfers.delete(object.sha256);
      throw error;
    }
    void this.run(repo, object, transfer, handle).finally(() => {
      if (this.transfers.get(object.sha256) === transfer) this.transfers.delete(object.sha256);
      transfer.release();
      transfer.notify();
      transfer.settleEnded();
    });
    return transfer;
  }

  private async upstreamBody(repo: RepoRecord, object: LfsObjectRef): Promise<IncomingMessage> {
    const { upstream } = this.deps;
    let url: string;
    let headers: Record<string, string> = {};
    if (object.commit && object.path) url = upstream.fileUrl(repo.type, repo.id, object.commit, object.path);
    else {
      const link = await upstream.lfsHref(repo.type, repo.id, object.sha256, object.size);
      if (!link)
        throw new HttpError(404, `The upstream hub ${upstream.url} does not have object ${object.sha256}`);
      url = link.href;
      headers = link.header;
    }
    const response = await upstream.download(url, headers, IDLE_MS);
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw new HttpError(
        502,
        `The upstream hub ${upstream.url} answered ${status} for ${object.path ?? object.sha256}`,
      );
    }
    return response;
  }

  private async run(
    repo: RepoRecord,
    object: LfsObjectRef,
    transfer: Transfer,
    handle: FileHandle,
  ): Promise<void> {
    const { stats, logger } = this.deps;
    // hashed and written on a hashing thread when one is free: this thread only relays the bytes
    const writer = hashIntoFile(object.size, handle, () => transfer.notify());
    transfer.stored = () => writer.stored();
    let body: IncomingMessage | undefined;
    try {
      body = await this.upstreamBody(repo, object);
      transfer.settleReady();
      let received = 0;
      for await (const value of body as AsyncIterable<Buffer>) {
        received += value.length;
        if (received > object.size)
          throw new Error(`the upstream sent more than the ${object.size} bytes of the pointer`);
        const waiting = writer.add(value);
        transfer.hold(transfer.received, value);
        transfer.received = received;
        transfer.notify();
        if (waiting) await waiting;
      }
      if (received !== object.size) throw new Error(`the upstream sent ${received} of ${object.size} bytes`);
      // every byte is written once the digest is in
      const digest = await writer.finish();
      if (digest !== object.sha256) {
        stats.verificationFailures++;
        throw new VerificationError(
          `the upstream's bytes hash to ${digest}, not to the pointer's ${object.sha256}`,
        );
      }
      // the readers may finish now; syncing and storing go on behind them
      transfer.verified = true;
      transfer.notify();
      await handle.datasync();
      await this.keep(repo, object, transfer.tmpPath);
      // scanned right away, ahead of the queue: a blocking scan policy serves it after the verdict
      await this.deps.content.scanning
        ?.objectStored(repo, { sha256: object.sha256, size: object.size, path: object.path })
        .catch((error: unknown) =>
          logger.warn({ oid: object.sha256, err: String(error) }, "mirror: queueing a scan failed"),
        );
      stats.bytesFetched += object.size;
      const rowId = await this.deps.rowIdOf(repo);
      if (rowId) await this.deps.records.recordFile(object.sha256, rowId, object.size, false);
      logger.info({ repo: repo.id, oid: object.sha256, size: object.size }, "mirror: object cached");
      this.deps.afterAdd();
    } catch (error) {
      const message = `${repo.id} ${object.path ?? object.sha256}: ${error instanceof Error ? error.message : String(error)}`;
      transfer.error =
        error instanceof HttpError
          ? error
          : new HttpError(
              502,
              `Fetching from the upstream failed: ${message}`,
              undefined,
              {},
              {
                verificationFailed: error instanceof VerificationError,
              },
            );
      transfer.settleReady(transfer.error);
      transfer.notify();
      stats.error(message);
      logger.warn({ repo: repo.id, oid: object.sha256, err: message }, "mirror: upstream transfer failed");
      // the file is closed below: nothing may write to it after that (its descriptor could be reused)
      await writer.abort();
      await rm(transfer.tmpPath, { force: true });
    } finally {
      body?.destroy();
      await handle.close().catch(() => undefined);
    }
  }
}
