import type { RepoContent } from "../content/repo-content.js";
import { HttpError } from "../domain/errors.js";
import type { RepoType } from "../domain/repo.js";
import { toRepoRecord, type RepoFallback, type RepoRow, type Repos } from "../platform/repos.js";
import { syncGit } from "./git-sync.js";
import { MissCache } from "./miss-cache.js";
import type { MirrorRecords } from "./records.js";
import { mirrorAllowed } from "./rules.js";
import type { MirrorSettings } from "./settings.js";
import type { MirrorStats } from "./stats.js";
import { localGate, metadataFromUpstream } from "./upstream-metadata.js";
import type { UpstreamClient, UpstreamRepoInfo } from "./upstream-client.js";

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

const OWNER_OR_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/**
 * Mirrored repos: an id this hub does not hold is looked up upstream and, when the upstream shows it
 * publicly (or gated), recorded here as a read-only repo whose git history is the upstream's (same
 * commit ids) and whose card, tags and file list are the upstream's. Branches and tags are compared
 * with the upstream's at most every `refreshSeconds`. Concurrent first requests share one look-up.
 */
export class RepoMirror implements RepoFallback {
  private readonly pending = new Map<string, Promise<RepoRow | undefined>>();
  private readonly refreshing = new Map<string, Promise<RepoRow>>();
  private readonly refreshedAt = new Map<string, number>();
  private readonly misses: MissCache;

  constructor(
    private readonly deps: {
      settings: MirrorSettings;
      upstream: UpstreamClient;
      repos: Repos;
      content: RepoContent;
      records: MirrorRecords;
      stats: MirrorStats;
      logger: Logger;
    },
  ) {
    this.misses = new MissCache(deps.settings.missCacheMs);
  }

  allowed(type: RepoType, id: string): boolean {
    return mirrorAllowed(this.deps.settings, type, id);
  }

  unknown(type: RepoType, id: string): Promise<RepoRow | undefined> {
    const [owner, name, extra] = id.split("/");
    if (!owner || !name || extra !== undefined || !OWNER_OR_NAME.test(owner) || !OWNER_OR_NAME.test(name))
      return Promise.resolve(undefined);
    if (!this.allowed(type, id)) return Promise.resolve(undefined);
    const key = `${type}:${id.toLowerCase()}`;
    const running = this.pending.get(key);
    if (running) return running;
    if (this.misses.has(key)) return Promise.resolve(undefined);
    const work = this.create(type, id)
      .then((row) => {
        // only a definite "not shown" is remembered: an unreachable upstream is asked again
        if (!row) this.misses.add(key);
        return row;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  /** Asks the upstream again next time (a site admin's explicit pull of an id it did not show). */
  forgetMiss(type: RepoType, id: string): void {
    this.misses.forget(`${type}:${id.toLowerCase()}`);
  }

  async known(row: RepoRow): Promise<RepoRow | undefined> {
    // a deny rule added later hides what was mirrored before
    if (!this.allowed(row.type as RepoType, row.full_id)) return undefined;
    // the row exists as soon as the first request records it; its git history may still be arriving
    const creating = this.pending.get(`${row.type}:${row.full_id.toLowerCase()}`);
    if (creating) return creating;
    const last = this.refreshedAt.get(row.id) ?? (await this.deps.records.refreshedAt(row.id)) ?? 0;
    this.refreshedAt.set(row.id, last);
    if (Date.now() - last < this.deps.settings.refreshSeconds * 1000) return row;
    if (this.deps.upstream.unavailableReason()) return row;
    try {
      return await this.refresh(row);
    } catch (error) {
      // the cached state keeps being served at the last known refs
      this.deps.logger.warn({ repo: row.full_id, err: String(error) }, "mirror: refresh failed");
      return row;
    }
  }

  /** Compares branches and tags with the upstream's now (the refresh route, `mirror pull`). */
  refresh(row: RepoRow): Promise<RepoRow> {
    const running = this.refreshing.get(row.id);
    if (running) return running;
    const work = this.update(row).finally(() => this.refreshing.delete(row.id));
    this.refreshing.set(row.id, work);
    return work;
  }

  private async create(type: RepoType, id: string): Promise<RepoRow | undefined> {
    const { repos, content, upstream } = this.deps;
    const info = await upstream.repoInfo(type, id);
    if (!info || !isPublic(info)) return undefined;
    const [owner, name] = info.id.split("/");
    if (!owner || !name || !OWNER_OR_NAME.test(owner) || !OWNER_OR_NAME.test(name)) return undefined;
    if (info.id.toLowerCase() !== id.toLowerCase()) return undefined;
    const existing = await repos.find(type, info.id);
    if (existing) return existing;
    const row = await repos.create({
      type,
      owner,
      name,
      createdAt: info.createdAt ?? new Date().toISOString(),
      mirrorUpstream: upstream.url,
      gated: localGate(info),
      sdk: info.sdk,
    });
    try {
      await syncGit(content, upstream, toRepoRecord(row));
      await this.applyInfo(row, info);
      await this.deps.records.markRefreshed(row.id, upstream.url);
      this.refreshedAt.set(row.id, Date.now());
      this.deps.logger.info({ repo: info.id, type, sha: info.sha }, "mirror: repo mirrored from upstream");
      return (await repos.find(type, info.id)) ?? row;
    } catch (error) {
      await content.remove(toRepoRecord(row)).catch(() => undefined);
      await repos.delete(row);
      throw error;
    }
  }

  private async update(row: RepoRow): Promise<RepoRow> {
    const { repos, content, upstream } = this.deps;
    const type = row.type as RepoType;
    const info = await upstream.repoInfo(type, row.full_id);
    this.refreshedAt.set(row.id, Date.now());
    if (info && isPublic(info)) {
      await syncGit(content, upstream, toRepoRecord(row));
      if (info.sha !== row.sha) await this.applyInfo(row, info);
      const gate = localGate(info);
      if ((row.gated === "false" ? false : row.gated) !== gate)
        await repos.updateSettings(row, { gated: gate });
    } else if (info) {
      // turned private upstream: no longer shown here (the site admin still sees the cached copy)
      await repos.updateSettings(row, { private: true });
    }
    await this.deps.records.markRefreshed(row.id, upstream.url);
    repos.forgetRow(row.id);
    return (await repos.find(type, row.full_id)) ?? row;
  }

  private async applyInfo(row: RepoRow, info: UpstreamRepoInfo): Promise<void> {
    const record = toRepoRecord(row);
    const sha = info.sha ?? (await this.deps.content.resolve(record, "main"));
    if (!sha || !(await this.deps.content.resolve(record, sha)))
      throw new HttpError(
        502,
        `The upstream's commit ${sha ?? "(none)"} of ${row.full_id} did not arrive by git fetch`,
      );
    const date = info.lastModified ? new Date(info.lastModified) : new Date();
    await this.deps.repos.applyCommit(record, { sha, date, title: "" }, metadataFromUpstream(info));
  }
}

/** Only what the upstream shows everyone (public, possibly gated) is mirrored: never private repos. */
function isPublic(info: UpstreamRepoInfo): boolean {
  return info.private !== true && info.disabled !== true;
}
