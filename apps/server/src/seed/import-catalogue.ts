import { createHash } from "node:crypto";
import type { Logger } from "../platform/logger.js";
import { toRepoRecord } from "../platform/repos.js";
import type { PlatformServices } from "../platform/services.js";
import type { DemoCatalogue, DemoRepo } from "./catalogue/types.js";
import { spreadDownloads } from "./spread-downloads.js";
import type { RepoContent } from "../domain/ports.js";

export const SEEDED_KEY = "seeded_at";
const STARTED_KEY = "seed_started_at";
/** Set once the catalogue repos store LFS-tracked files as LFS pointers (see repair-lfs-routing.ts). */
export const LFS_ROUTED_KEY = "seed_lfs_routed_at";
/** Repos imported at once: enough to overlap database round trips (PostgreSQL) with git writes. */
const CONCURRENCY = 8;
const DONE_PREFIX = "seeded:";
/** Seeded repos look last updated between their creation and this day. */
const LAST_UPDATE_LIMIT = Date.parse("2026-11-01T00:00:00Z");
/** Creation date assumed for catalogue repos that give none. */
const DEFAULT_CREATED = Date.parse("2023-01-01T00:00:00Z");
/** Most seeded repos look last touched within this long after creation (about 18 months)... */
const RECENT_UPDATE_MS = 548 * 86_400_000;
/** ...the rest (this share, out of 256) anywhere up to LAST_UPDATE_LIMIT, like actively kept repos. */
const LATE_UPDATE_SHARE = 32;

export interface SeedDeps {
  services: PlatformServices;
  content: RepoContent;
  logger: Logger;
}

export interface SeedResult {
  repos: number;
  skipped: number;
  ms: number;
}

export async function hasMeta(services: PlatformServices, key: string): Promise<boolean> {
  const row = await services.hub.db
    .selectFrom("hub_meta")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setMeta(services: PlatformServices, key: string): Promise<void> {
  const value = new Date().toISOString();
  await services.hub.db
    .insertInto("hub_meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** First start (empty hub), or an earlier import that was interrupted before it finished. */
export async function needsSeeding(services: PlatformServices): Promise<boolean> {
  if (await hasMeta(services, SEEDED_KEY)) return false;
  return (await hasMeta(services, STARTED_KEY)) || (await services.repos.count()) === 0;
}

/**
 * Imports the catalogue through the content service's commit path. Repos that already exist are left
 * alone, so a second run changes nothing; `reset` first removes the catalogue's repos.
 */
/** The demo import is not audited: it is the hub's own sample content, not an action on anyone's data. */
const QUIET = { audit: false } as const;

export async function importCatalogue(
  deps: SeedDeps,
  catalogue: DemoCatalogue,
  options: { reset?: boolean } = {},
): Promise<SeedResult> {
  const started = Date.now();
  const { services } = deps;
  await setMeta(services, STARTED_KEY);
  if (options.reset) await removeCatalogueRepos(deps, catalogue);

  for (const user of catalogue.users)
    await services.accounts.ensureUser({ name: user.name, fullname: user.fullname }, QUIET);
  for (const org of catalogue.orgs) {
    if (!(await services.accounts.namespaceTaken(org.name)))
      await services.accounts.createOrg({ name: org.name, fullname: org.fullname }, QUIET);
    for (const member of org.members) {
      await services.accounts.ensureUser({ name: member }, QUIET);
      await services.accounts.addMember(org.name, member, "admin", null, QUIET);
    }
  }

  const owners = new Set(catalogue.repos.map((repo) => repo.id.split("/")[0]));
  for (const owner of owners) {
    if (!(await services.accounts.namespaceTaken(owner)))
      await services.accounts.createUser({ name: owner }, QUIET);
  }

  let imported = 0;
  let skipped = 0;
  const done = await doneMarkers(services);
  const namespaces = new NamespaceCache(services);
  const queue = catalogue.repos.filter((repo) => !done.has(repoDoneKey(repo)));
  skipped += catalogue.repos.length - queue.length;
  const worker = async () => {
    for (let repo = queue.shift(); repo; repo = queue.shift()) {
      if (await importRepo(deps, repo, namespaces)) imported++;
      else skipped++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));

  for (const mapping of catalogue.providerMappings) {
    const row = await services.repos.find("model", mapping.modelId);
    if (!row) {
      deps.logger.warn({ model: mapping.modelId }, "provider mapping for a model not in the catalogue");
      continue;
    }
    await services.repos.setProviderMapping(row.id, mapping);
  }
  await services.repos.refreshRollingCounts();
  await setMeta(services, SEEDED_KEY);
  await setMeta(services, LFS_ROUTED_KEY);
  return { repos: imported, skipped, ms: Date.now() - started };
}

function repoDoneKey(repo: DemoRepo): string {
  return `${DONE_PREFIX}${repo.type}:${repo.id.toLowerCase()}`;
}

/** Every per-repo "imported" marker, read with one query instead of one per repo. */
async function doneMarkers(services: PlatformServices): Promise<Set<string>> {
  const rows = await services.hub.db
    .selectFrom("hub_meta")
    .select("key")
    .where("key", "like", `${DONE_PREFIX}%`)
    .execute();
  return new Set(rows.map((row) => row.key));
}

/** Owner spellings resolved once per import (hundreds of repos share a few dozen owners). */
class NamespaceCache {
  private readonly known = new Map<string, Promise<string>>();

  constructor(private readonly services: PlatformServices) {}

  canonical(owner: string): Promise<string> {
    let name = this.known.get(owner);
    if (!name) {
      name = this.services.accounts.canonicalNamespace(owner).then((ns) => ns?.name ?? owner);
      this.known.set(owner, name);
    }
    return name;
  }
}

/**
 * Imports one repo; safe to repeat after an interruption: a repo counts as done only once its
 * marker is written, and init + commit of the same files can run again on a half-imported repo.
 */
async function importRepo(deps: SeedDeps, repo: DemoRepo, namespaces: NamespaceCache): Promise<boolean> {
  const { services, content } = deps;
  const doneKey = repoDoneKey(repo);
  const [owner, name] = repo.id.split("/");
  const existing = await services.repos.find(repo.type, repo.id);
  const row =
    existing ??
    (await services.repos.create(
      {
        type: repo.type,
        owner: await namespaces.canonical(owner),
        name,
        private: repo.private,
        createdAt: repo.createdAt,
        sdk: repo.type === "space" ? "static" : undefined,
      },
      { audit: false },
    ));
  const record = toRepoRecord(row);
  // Held in a variable: the content seam's declared input does not name `date` yet (see content-module).
  const commit = {
    files: repo.files,
    title: repo.title ?? "Import from the demo catalogue",
    author: record.owner,
    date: seededUpdateDate(repo),
  };
  try {
    await content.init(record);
    await content.commitFiles(record, commit);
  } catch (err) {
    deps.logger.error({ err, repo: repo.id }, "could not import repo; skipping it");
    if (!existing) {
      await content.remove(record).catch(() => undefined);
      await services.repos.delete(row, { audit: false });
    }
    return false;
  }
  await services.repos.addDownloads(row.id, spreadDownloads(repo.downloads, repo.id));
  await services.repos.setSeedPopularity(row.id, repo.likes, repo.downloads * 2);
  await setMeta(services, doneKey);
  return true;
}

/**
 * A repo's "last updated" date: a point between its creation and LAST_UPDATE_LIMIT (or now, if
 * earlier) picked by a hash of its id, so every import of the catalogue lands the same commit date.
 * Most land within RECENT_UPDATE_MS of creation; one in eight may be anywhere up to the limit.
 */
export function seededUpdateDate(repo: Pick<DemoRepo, "id" | "createdAt">, now = new Date()): Date {
  const parsed = repo.createdAt ? Date.parse(repo.createdAt) : NaN;
  const start = Number.isNaN(parsed) ? DEFAULT_CREATED : parsed;
  const end = Math.min(LAST_UPDATE_LIMIT, now.getTime());
  if (start >= end) return new Date(Math.floor(Math.min(start, now.getTime()) / 1000) * 1000);
  const digest = createHash("sha256").update(repo.id).digest();
  const fraction = digest.readUInt32BE(0) / 2 ** 32;
  const late = digest[4] < LATE_UPDATE_SHARE;
  const span = late ? end - start : Math.min(end - start, RECENT_UPDATE_MS);
  const ms = start + fraction * span;
  return new Date(Math.max(Math.floor(ms / 1000) * 1000, Math.ceil(start / 1000) * 1000));
}

async function removeCatalogueRepos(deps: SeedDeps, catalogue: DemoCatalogue): Promise<void> {
  for (const repo of catalogue.repos) {
    await deps.services.hub.db.deleteFrom("hub_meta").where("key", "=", repoDoneKey(repo)).execute();
    const row = await deps.services.repos.find(repo.type, repo.id);
    if (!row) continue;
    await deps.content.remove(toRepoRecord(row));
    await deps.services.repos.delete(row, { audit: false });
  }
}
