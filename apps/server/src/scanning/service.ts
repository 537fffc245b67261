import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import type { Registry } from "prom-client";
import type {
  AdminScansReport,
  RepoScanAnswer,
  ScanFinding,
  ScanRefusal,
  ScanReleaseAnswer,
  ScanStatus,
  SecurityFileStatus,
} from "@modelhub/api-types";
import type { RepoContent } from "../content/repo-content.js";
import type { Database } from "../db/schema.js";
import { HttpError, badRequest, notFound } from "../domain/errors.js";
import type { ContentScanning, ScannedFile } from "../domain/ports.js";
import { repoTypeNamed, type RepoRecord, type RepoType } from "../domain/repo.js";
import { clamdVersion } from "./clamd/clamd-client.js";
import { ScanMetrics } from "./scan-metrics.js";
import { SCANNER_VERSION } from "./scanner/version.js";
import { columnsOf, findingSummary, securityFileStatus } from "./security-status.js";
import { clamdLabel, type ScanSettings } from "./settings.js";
import { ScanStore, type QueueItem } from "./store.js";
import type { ScanRefusalTable, ScanResultTable } from "./tables.js";
import { ScanWorkerPool } from "./worker/worker-pool.js";

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ScanServiceDeps {
  db: Kysely<Database>;
  content: RepoContent;
  settings: ScanSettings;
  logger: Logger;
  /** The hub's metrics registry (the scans' counters join it). */
  registry?: Registry;
  /** A local file with a stored object's bytes (a remote store's objects are copied first). */
  localObject(sha256: string, size: number): Promise<string>;
  /** True when other replicas share the database (then only stale claims are taken back at start). */
  sharedDatabase: boolean;
}

/** Fetches a mirrored repo's LFS object from the upstream into the store (set by the mirror). */
export type MirrorFetcher = (
  repo: RepoRecord,
  file: ScannedFile & { lfs: { sha256: string; size: number } },
) => Promise<void>;

/** Git blobs up to this size go to the scan worker in memory; larger ones through a temp file. */
const IN_MEMORY_BLOB = 8 * 1024 * 1024;
const PUMP_EVERY_MS = 15_000;
const AV_RETRY_AFTER_MS = 120_000;
const FINDINGS_LISTED = 200;
/** A download under a blocking policy that finds the verdict pending is told to come back after this. */
const RETRY_AFTER_S = 5;

export function objectKey(file: Pick<ScannedFile, "oid" | "lfs">): string {
  return file.lfs ? `lfs:${file.lfs.sha256}` : `git:${file.oid}`;
}

/**
 * Security scanning of every stored file: queued when its content first arrives (commits, pushes,
 * mirror fetches; one result per content, shared by every repo and path holding it), scanned in the
 * background by worker threads (never holding a write back), scanned again when the scanner or
 * clamd's signature database changes. Answers the Hub's security fields and applies the scan policy.
 */
export class ScanService implements ContentScanning {
  readonly store: ScanStore;
  readonly metrics: ScanMetrics | undefined;
  private readonly pool: ScanWorkerPool;
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly seenCommits = new Set<string>();
  private readonly adding = new Map<string, Promise<void>>();
  private running = 0;
  private pumping = false;
  private pumpAgain = false;
  private closed = false;
  private timers: NodeJS.Timeout[] = [];
  private clamd: { version: string | null; error: string | null } = { version: null, error: null };
  private mirrorFetch: MirrorFetcher | undefined;
  private readonly inFlightFetches = new Map<string, Promise<void>>();

  constructor(private readonly deps: ScanServiceDeps) {
    this.store = new ScanStore(deps.db);
    this.metrics = deps.registry ? new ScanMetrics(deps.registry) : undefined;
    this.pool = new ScanWorkerPool(deps.settings.workers, deps.settings.timeoutMs);
  }

  get settings(): ScanSettings {
    return this.deps.settings;
  }

  /** Takes back scans a stopped process left, queues outdated results, starts the workers. */
  async start(): Promise<void> {
    const { settings, logger } = this.deps;
    if (!settings.enabled) return;
    // alone on its database, every unfinished claim is a stopped run's; among replicas, only stale ones
    const staleBefore = this.deps.sharedDatabase
      ? new Date(Date.now() - settings.timeoutMs).toISOString()
      : new Date(Date.now() + 1000).toISOString();
    const taken = await this.store.requeueAbandoned(this.owner, staleBefore);
    if (taken > 0) logger.info({ files: taken }, "scans a stopped hub left were queued again");
    // clamd may be slow to answer: the check runs beside the start (it queues outdated results itself)
    void this.checkClamd(true);
    if (settings.policy === "block-unscanned" && !settings.clamd)
      logger.warn(
        {},
        "MODELHUB_SCAN_POLICY=block-unscanned without clamd: only files the pickle scan and format checks vouch for are served",
      );
    this.timers.push(
      setInterval(() => {
        void this.pump();
        void this.updateGauges();
      }, PUMP_EVERY_MS),
    );
    this.timers.push(setInterval(() => void this.checkClamd(false), settings.clamdCheckMs));
    for (const timer of this.timers) timer.unref();
    void this.pump();
    void this.updateGauges();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.pool.close();
  }

  /** The mirror tells how to fetch a mirrored object (scanned before a blocking policy serves it). */
  setMirrorFetcher(fetcher: MirrorFetcher): void {
    this.mirrorFetch = fetcher;
  }

  // ---- queueing -------------------------------------------------------------------------------------

  async contentAdded(repo: RepoRecord, commits: string[]): Promise<void> {
    if (!this.deps.settings.enabled) return;
    const dir = this.deps.content.repoDir(repo);
    // one pass per commit: a second caller waits for the first one's rows instead of skipping ahead
    await Promise.all(
      commits.map((commit) => {
        const key = `${dir}\u0000${commit}`;
        if (this.seenCommits.has(key)) return undefined;
        let adding = this.adding.get(key);
        if (!adding) {
          adding = this.queueCommit(repo, commit)
            .then(() => {
              if (this.seenCommits.size > 20_000) this.seenCommits.clear();
              this.seenCommits.add(key);
            })
            .finally(() => this.adding.delete(key));
          this.adding.set(key, adding);
        }
        return adding;
      }),
    );
  }

  private async queueCommit(repo: RepoRecord, commit: string): Promise<void> {
    const items: QueueItem[] = [];
    const snapshot = await this.deps.content.snapshot(repo, commit);
    for (const entry of snapshot.entries) {
      if (entry.type !== "file" || entry.size === 0) continue;
      // a mirrored repo's LFS objects arrive later, one by one (objectStored)
      if (entry.lfs && repo.mirror && (await this.deps.content.blobs.stat(entry.lfs.sha256)) === undefined)
        continue;
      items.push(this.queueItem(repo, entry));
    }
    if (items.length === 0) return;
    const added = await this.store.enqueue(items);
    if (added > 0) void this.pump();
  }

  async objectStored(
    repo: RepoRecord,
    object: { sha256: string; size: number; path?: string },
  ): Promise<void> {
    if (!this.deps.settings.enabled) return;
    const item: QueueItem = {
      key: `lfs:${object.sha256}`,
      sha256: object.sha256,
      size: object.size,
      name: object.path ?? object.sha256,
      repo: `${repo.type}:${repo.id}`,
    };
    await this.store.enqueue([item], 1);
    void this.pump();
  }

  private queueItem(repo: RepoRecord, file: ScannedFile): QueueItem {
    return file.lfs
      ? {
          key: objectKey(file),
          sha256: file.lfs.sha256,
          size: file.lfs.size,
          name: file.path,
          repo: `${repo.type}:${repo.id}`,
        }
      : {
          key: objectKey(file),
          gitOid: file.oid,
          size: file.size,
          name: file.path,
          repo: `${repo.type}:${repo.id}`,
        };
  }

  /** Every result is queued again (`modelhub scan --all`, the admin page's button). */
  async rescanAll(): Promise<number> {
    const queued = await this.store.requeueAll(true);
    void this.pump();
    return queued;
  }

  // ---- the workers ------------------------------------------------------------------------------------

  private async pump(): Promise<void> {
    if (this.closed || !this.deps.settings.enabled) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      while (!this.closed && this.running < this.deps.settings.workers) {
        const rows = await this.store.claim(this.owner, this.deps.settings.workers - this.running);
        if (rows.length === 0) break;
        for (const row of rows) {
          this.running++;
          void this.scan(row).finally(() => {
            this.running--;
            void this.pump();
          });
        }
      }
    } catch (error) {
      this.deps.logger.error({ err: String(error) }, "scan queue failed");
    } finally {
      this.pumping = false;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        void this.pump();
      }
    }
  }

  /** The queue and quarantine gauges (a grouped count: every few seconds, not after each scan). */
  private async updateGauges(): Promise<void> {
    if (!this.metrics) return;
    try {
      const counts = await this.store.counts();
      this.metrics.queued = counts.queued + counts.running;
      this.metrics.quarantined = this.quarantinedCount(counts.byStatus);
    } catch {
      // the next round tries again
    }
  }

  private quarantinedCount(byStatus: Record<string, number>): number {
    const { policy } = this.deps.settings;
    if (policy === "warn") return 0;
    if (policy === "block-unsafe") return byStatus.unsafe ?? 0;
    return Object.entries(byStatus)
      .filter(([status]) => status !== "safe")
      .reduce((sum, [, n]) => sum + n, 0);
  }

  private async scan(row: ScanResultTable): Promise<void> {
    const { settings, logger } = this.deps;
    const started = Date.now();
    let temp: string | undefined;
    try {
      const input = await this.inputOf(row);
      if (!input) {
        // the content is gone (a deleted repo, an evicted mirror object): nothing left to scan
        await this.store.forget(row.key);
        return;
      }
      temp = input.temp;
      const tmpDir = join(this.deps.content.tmpDir, "scan");
      await mkdir(tmpDir, { recursive: true });
      const reply = await this.pool.run({
        path: input.path,
        bytes: input.bytes,
        name: row.name_hint,
        tmpDir,
        maxExpandBytes: settings.maxExpandBytes,
        clamd: settings.clamd,
      });
      if (!reply.ok && row.status !== "queued") {
        // a failed rescan keeps the last verdict (and its old scanner version, so it is tried again)
        await this.store.complete(row.key, {});
        logger.warn({ key: row.key, err: reply.error }, "rescan failed; the last verdict stands");
        return;
      }
      if (!reply.ok) {
        await this.store.complete(row.key, {
          status: "error",
          pickle_status: "error",
          pickle_message: reply.error,
          av_status: settings.clamd ? "error" : "unscanned",
          scanner_version: SCANNER_VERSION,
        });
        logger.warn({ key: row.key, err: reply.error }, "scan failed");
        this.metrics?.scanned("unknown", "error", (Date.now() - started) / 1000, row.size);
        return;
      }
      // clamd down during a rescan must not turn a malware finding into "error": the old one stands
      const av =
        reply.av?.status === "error" && row.av_status === "unsafe" && row.av_message
          ? ({ status: "unsafe", signature: row.av_message } as const)
          : reply.av;
      const columns = columnsOf(
        reply.report,
        av,
        av === reply.av ? (this.clamd.version ?? undefined) : (row.av_version ?? undefined),
      );
      await this.store.complete(row.key, { ...columns, size: reply.size, scanner_version: SCANNER_VERSION });
      this.metrics?.scanned(reply.report.kind, columns.status, reply.millis / 1000, reply.size);
      if (columns.status !== "safe" && columns.status !== "unscanned")
        logger.info(
          { key: row.key, path: row.name_hint, repo: row.seen_repo, status: columns.status },
          "scan found something",
        );
    } catch (error) {
      logger.error({ key: row.key, err: String(error) }, "scan failed");
      await this.store
        .complete(
          row.key,
          row.status === "queued"
            ? { status: "error", pickle_status: "error", pickle_message: String(error) }
            : {},
        )
        .catch(() => undefined);
    } finally {
      if (temp) await rm(temp, { force: true });
      this.wake(row.key);
    }
  }

  /** Where the worker reads the content from; undefined when it is no longer stored. */
  private async inputOf(
    row: ScanResultTable,
  ): Promise<{ path?: string; bytes?: Uint8Array; temp?: string } | undefined> {
    if (row.sha256 && row.key.startsWith("lfs:")) {
      if ((await this.deps.content.blobs.stat(row.sha256)) === undefined) return undefined;
      return { path: await this.deps.localObject(row.sha256, row.size) };
    }
    const repo = repoOf(row.seen_repo);
    if (!row.git_oid || !repo) return undefined;
    const git = this.deps.content.git(repo);
    // a blob the repo no longer holds (a deleted repo) reads as an error: nothing to scan
    if (row.size <= IN_MEMORY_BLOB) {
      const bytes = await git.readBlob(row.git_oid).catch(() => undefined);
      return bytes ? { bytes } : undefined;
    }
    if (!(await git.objectExists(row.git_oid).catch(() => false))) return undefined;
    const temp = join(this.deps.content.tmpDir, `scan-blob-${randomBytes(8).toString("hex")}`);
    await pipeline(git.blobStream(row.git_oid), createWriteStream(temp));
    return { path: temp, temp };
  }

  private wake(key: string): void {
    const waiting = this.waiters.get(key);
    if (!waiting) return;
    this.waiters.delete(key);
    for (const wake of waiting) wake();
  }

  /** Resolves when the content's scan is done here, or `ms` later (polling for other replicas). */
  private waitForVerdict(key: string, ms: number): Promise<ScanResultTable | undefined> {
    return new Promise((resolve) => {
      const deadline = Date.now() + ms;
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.waiters.get(key)?.delete(wake);
        void this.store.get(key).then(resolve, () => resolve(undefined));
      };
      const wake = () => done();
      const poll = async () => {
        const row = await this.store.get(key).catch(() => undefined);
        if ((row && row.status !== "queued") || Date.now() >= deadline) return done();
        timer = setTimeout(() => void poll(), Math.min(250, Math.max(0, deadline - Date.now())));
      };
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      set.add(wake);
      void poll();
    });
  }

  private async checkClamd(starting: boolean): Promise<void> {
    const { settings, logger } = this.deps;
    if (!settings.clamd) return;
    let version: string | null = null;
    try {
      version = await clamdVersion(settings.clamd);
      this.clamd = { version, error: null };
    } catch (error) {
      this.clamd = { version: this.clamd.version, error: (error as Error).message };
      if (starting)
        logger.warn(
          { clamd: clamdLabel(settings.clamd.address), err: this.clamd.error },
          "clamd does not answer",
        );
    }
    try {
      if (version && settings.rescanOnSignatures) {
        const queued = await this.store.requeueOutdated(SCANNER_VERSION, version);
        if (queued > 0)
          logger.info(
            { files: queued, clamd: version },
            "files queued for scanning again (scanner or signatures changed)",
          );
      } else if (starting) await this.store.requeueOutdated(SCANNER_VERSION, undefined);
      if (version) await this.store.requeueFailedAv(new Date(Date.now() - AV_RETRY_AFTER_MS).toISOString());
    } catch (error) {
      logger.error({ err: String(error) }, "queueing outdated scans failed");
    }
    if (starting && version) logger.info({ clamd: version }, "clamd answers");
    void this.pump();
  }

  // ---- the Hub's fields ---------------------------------------------------------------------------------

  async statuses(files: ScannedFile[]): Promise<Map<string, SecurityFileStatus>> {
    const rows = this.deps.settings.enabled ? await this.store.lookup(files.map(objectKey)) : new Map();
    const releases = rows.size > 0 ? await this.releasesOf([...rows.keys()]) : new Map();
    return new Map(
      files.map((file) => {
        const key = objectKey(file);
        return [file.path, securityFileStatus(rows.get(key), releases.get(key), SCANNER_VERSION)] as const;
      }),
    );
  }

  /** One file's status at a revision; undefined when the revision has no such file. */
  async fileStatus(
    repo: RepoRecord,
    revision: string,
    path: string,
  ): Promise<SecurityFileStatus | undefined> {
    const entry = (await this.deps.content.snapshot(repo, revision)).byPath.get(path);
    if (!entry || entry.type !== "file") return undefined;
    return (await this.statuses([entry])).get(path);
  }

  private async releasesOf(keys: string[]) {
    const all = await this.store.releases();
    const wanted = new Set(keys);
    return new Map(all.filter((r) => wanted.has(r.key)).map((r) => [r.key, r]));
  }

  /**
   * `securityRepoStatus` of a revision: files with a finding, and whether any still waits. Files of the
   * revision nobody queued yet (stored before scanning existed) are queued now.
   */
  async repoStatus(repo: RepoRecord, revision: string, withFiles = false): Promise<RepoScanAnswer> {
    const snapshot = await this.deps.content.snapshot(repo, revision);
    const files = snapshot.entries.filter((e) => e.type === "file");
    if (!this.deps.settings.enabled)
      return {
        scansDone: true,
        filesWithIssues: [],
        ...(withFiles ? { files: Object.fromEntries(files.map((f) => [f.path, "unscanned" as const])) } : {}),
      };
    await this.contentAdded(repo, [snapshot.commit]);
    const rows = await this.store.lookup(files.map(objectKey));
    let scansDone = true;
    const filesWithIssues: RepoScanAnswer["filesWithIssues"] = [];
    const statuses: Record<string, ScanStatus> = {};
    for (const file of files) {
      const row = rows.get(objectKey(file));
      const status: ScanStatus = row ? row.status : "unscanned";
      if (row && row.state !== "done") scansDone = false;
      if (status === "unsafe" || status === "suspicious" || status === "caution")
        filesWithIssues.push({ path: file.path, level: status });
      statuses[file.path] = status;
    }
    return { scansDone, filesWithIssues, ...(withFiles ? { files: statuses } : {}) };
  }

  // ---- the policy ---------------------------------------------------------------------------------------

  async gate(repo: RepoRecord, file: ScannedFile): Promise<void> {
    const { settings } = this.deps;
    if (!settings.enabled || settings.policy === "warn") return;
    const key = objectKey(file);
    let row = await this.store.get(key);
    // the last verdict decides (a rescan in progress changes nothing until its new verdict is in);
    // a file never scanned yet is waited for a while
    if (!row || row.status === "queued") row = await this.awaitVerdict(repo, file, row);
    const status: ScanStatus | undefined = row && row.status !== "queued" ? row.status : undefined;
    const refusedAsUnsafe = status === "unsafe";
    const refusedAsUnscanned =
      settings.policy === "block-unscanned" && status !== undefined && status !== "safe";
    if (!refusedAsUnsafe && !refusedAsUnscanned && status !== undefined) return;
    if (status !== undefined && (await this.store.releaseOf(key))) return;
    if (status === undefined) {
      throw new HttpError(
        409,
        `${file.path} is being scanned for malware and unsafe pickle imports (this hub's scan policy is ${settings.policy}); try again in a few seconds`,
        undefined,
        { "Retry-After": String(RETRY_AFTER_S) },
      );
    }
    const finding = findingSummary(row!);
    const message = refusedAsUnsafe
      ? `${file.path} is refused by this hub's scan policy (${settings.policy}): it was scanned as unsafe (${finding}); a site admin can release it`
      : `${file.path} is refused by this hub's scan policy (${settings.policy}): only files scanned as safe are served, and this one is ${status}${status === "unscanned" ? "" : ` (${finding})`}; a site admin can release it`;
    await this.refused({
      kind: "download",
      repo,
      path: file.path,
      objectKey: key,
      rule: refusedAsUnsafe ? "unsafe" : `not-safe:${status}`,
      message,
    });
    throw new HttpError(403, message);
  }

  async gateGitRead(repo: RepoRecord): Promise<void> {
    const { settings } = this.deps;
    if (!settings.enabled || settings.policy === "warn") return;
    const blobs = await this.deps.content.git(repo).reachableBlobIds();
    // only contents scanned as git blobs have a row under these keys (commits and LFS pointers have none)
    let rows = [...(await this.store.lookup(blobs.map((oid) => `git:${oid}`))).values()];
    if (rows.some((row) => row.status === "queued")) rows = await this.awaitGitVerdicts(rows);
    const releases = await this.releasesOf(rows.map((row) => row.key));
    const open = rows.filter((row) => !releases.has(row.key));
    const pending = open.filter((row) => row.status === "queued");
    const held = open.filter(
      (row) =>
        row.status === "unsafe" ||
        (settings.policy === "block-unscanned" && row.status !== "safe" && row.status !== "queued"),
    );
    if (held.length === 0) {
      if (pending.length > 0)
        throw new HttpError(
          409,
          `${repo.id} has ${pending.length} file(s) still being scanned for malware and unsafe pickle imports (this hub's scan policy is ${settings.policy}), among them ${pending[0]!.name_hint}; try the clone again in a few seconds`,
          undefined,
          { "Retry-After": String(RETRY_AFTER_S) },
        );
      return;
    }
    const named = held
      .slice(0, 3)
      .map((row) => {
        const finding = findingSummary(row);
        return finding.startsWith("scanned as ")
          ? `${row.name_hint} (${row.status})`
          : `${row.name_hint} (${row.status}: ${finding})`;
      })
      .join(", ");
    const more = held.length > 3 ? ` and ${held.length - 3} more` : "";
    const message = `git clone and fetch of ${repo.id} are refused by this hub's scan policy (${settings.policy}): its history holds ${named}${more}; a site admin can release a file, or download the other files over HTTP`;
    for (const row of held.slice(0, 3))
      await this.refused({
        kind: "download",
        repo,
        path: row.name_hint,
        objectKey: row.key,
        rule: row.status === "unsafe" ? "unsafe" : `not-safe:${row.status}`,
        message,
      });
    throw new HttpError(403, message);
  }

  /** Hurries the pending git blobs of a clone and waits (up to the policy's wait) for their verdicts. */
  private async awaitGitVerdicts(rows: ScanResultTable[]): Promise<ScanResultTable[]> {
    const pending = rows.filter((row) => row.status === "queued");
    await this.store.hurry(pending.map((row) => row.key));
    void this.pump();
    const deadline = Date.now() + this.deps.settings.waitMs;
    let latest = new Map(rows.map((row) => [row.key, row]));
    for (;;) {
      const fresh = await this.store.lookup(pending.map((row) => row.key));
      latest = new Map([...latest, ...fresh]);
      const waiting = [...fresh.values()].some((row) => row.status === "queued");
      if (!waiting || Date.now() >= deadline) return [...latest.values()];
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, deadline - Date.now())));
    }
  }

  /** Makes sure a pending file gets scanned soon (fetched first for a mirror) and waits a while for it. */
  private async awaitVerdict(
    repo: RepoRecord,
    file: ScannedFile,
    row: ScanResultTable | undefined,
  ): Promise<ScanResultTable | undefined> {
    const key = objectKey(file);
    if (row) await this.store.hurry([key]);
    else if (file.lfs && repo.mirror && (await this.deps.content.blobs.stat(file.lfs.sha256)) === undefined) {
      const fetcher = this.mirrorFetch;
      const lfs = file.lfs;
      if (fetcher && !this.inFlightFetches.has(key)) {
        const fetching = fetcher(repo, { ...file, lfs })
          .catch((error: unknown) => {
            this.deps.logger.warn(
              { repo: repo.id, path: file.path, err: String(error) },
              "mirror fetch for a scan failed",
            );
            this.wake(key);
          })
          .finally(() => this.inFlightFetches.delete(key));
        this.inFlightFetches.set(key, fetching);
      }
    } else await this.store.enqueue([this.queueItem(repo, file)], 1);
    void this.pump();
    if (this.deps.settings.waitMs === 0) return this.store.get(key);
    return this.waitForVerdict(key, this.deps.settings.waitMs);
  }

  /** Records a refusal (the admin page, `/metrics`): policy refusals and the mirror's curation. */
  async refused(input: {
    kind: "download" | "mirror";
    repo: { type: RepoType; id: string };
    path?: string;
    objectKey?: string;
    rule: string;
    message: string;
  }): Promise<void> {
    this.metrics?.refused(input.kind, input.rule.split(":")[0]);
    await this.store
      .refuse({
        kind: input.kind,
        repoType: input.repo.type,
        repoId: input.repo.id,
        path: input.path,
        objectKey: input.objectKey,
        rule: input.rule,
        message: input.message,
      })
      .catch((error: unknown) => this.deps.logger.warn({ err: String(error) }, "recording a refusal failed"));
  }

  // ---- site admins --------------------------------------------------------------------------------------

  /**
   * A site admin lets one refused content be served despite its scan (every repo and path holding
   * it). The one place releases happen: audit events hook in here.
   */
  async releaseFile(key: string, admin: string, reason: string): Promise<ScanReleaseAnswer> {
    const text = reason.trim();
    if (text === "") throw badRequest("A release needs a reason");
    if (text.length > 2000) throw badRequest("The reason is longer than 2000 characters");
    const result = await this.store.get(key);
    if (!result) throw notFound(`No scan result for ${key}`);
    const release = await this.store.release(key, admin, text, {
      repo: result.seen_repo,
      path: result.name_hint,
      status: result.status,
    });
    this.metrics?.released();
    this.deps.logger.info({ key, by: admin, reason: text }, "refused file released by a site admin");
    return { key, by: release.released_by, reason: release.reason, at: release.released_at };
  }

  async report(): Promise<AdminScansReport> {
    const { settings } = this.deps;
    const [counts, issues, refusals, releases] = await Promise.all([
      this.store.counts(),
      this.store.withIssues(FINDINGS_LISTED),
      this.store.refusals(undefined, 200),
      this.store.releases(),
    ]);
    const released = new Map(releases.map((r) => [r.key, r]));
    const findings: ScanFinding[] = issues.map((row) => ({
      key: row.key,
      sha256: row.sha256,
      size: Number(row.size),
      repo: row.seen_repo,
      path: row.name_hint,
      kind: row.kind,
      status: row.status,
      securityFileStatus: securityFileStatus(row, released.get(row.key), SCANNER_VERSION),
      scannedAt: row.scanned_at,
    }));
    return {
      enabled: settings.enabled,
      policy: settings.policy,
      scannerVersion: SCANNER_VERSION,
      workers: settings.workers,
      clamd: {
        configured: settings.clamd !== undefined,
        address: settings.clamd ? clamdLabel(settings.clamd.address) : null,
        reachable: settings.clamd !== undefined && this.clamd.error === null && this.clamd.version !== null,
        version: this.clamd.version,
        error: settings.clamd ? this.clamd.error : null,
      },
      counts: {
        queued: counts.queued,
        running: counts.running,
        total: counts.total,
        byStatus: counts.byStatus,
      },
      findings,
      quarantined: this.quarantinedCount(counts.byStatus),
      refusals: refusals.map(refusalJson),
      releases: releases.map((r) => ({ key: r.key, by: r.released_by, reason: r.reason, at: r.released_at })),
    };
  }

  /** Refusals of one kind, newest first (the mirror's admin page lists its own). */
  async refusals(kind: "download" | "mirror"): Promise<ScanRefusal[]> {
    return (await this.store.refusals(kind, 200)).map(refusalJson);
  }
}

function refusalJson(r: ScanRefusalTable): ScanRefusal {
  return {
    kind: r.kind as ScanRefusal["kind"],
    repoType: r.repo_type as RepoType,
    repoId: r.repo_id,
    path: r.path,
    rule: r.rule,
    message: r.message,
    count: Number(r.count),
    firstAt: r.first_at,
    lastAt: r.last_at,
  };
}

function repoOf(seen: string | null): { type: RepoType; id: string } | undefined {
  if (!seen) return undefined;
  const colon = seen.indexOf(":");
  const type = repoTypeNamed(seen.slice(0, colon));
  return type ? { type, id: seen.slice(colon + 1) } : undefined;
}
