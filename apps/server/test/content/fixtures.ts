import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../../src/http-kit/contracts.js";
import { createContentRoutes } from "../../src/content/http/content-routes.js";
import { createRepoContent, type RepoContent } from "../../src/content/index.js";
import type { BlobStore } from "../../src/content/blobs/blob-store.js";
import type { RepoAccess, RepoEvents } from "../../src/domain/ports.js";
import type { CommitSummary, DerivedMetadata, RepoRecord, RepoType, Viewer } from "../../src/domain/repo.js";

/** In-memory stand-ins for the platform half: repos in a map, tokens `hf_<user>` (write) / `hf_read_<user>`. */
export class FakePlatform implements RepoAccess, RepoEvents {
  readonly repos = new Map<string, RepoRecord>();
  readonly landed: { repo: string; commit: CommitSummary; derived: DerivedMetadata }[] = [];
  readonly downloads = new Map<string, number>();

  add(type: RepoType, id: string, options: { private?: boolean } = {}): RepoRecord {
    const [owner, name] = id.split("/");
    const record: RepoRecord = {
      type,
      id,
      owner,
      name,
      private: options.private ?? false,
      gated: false,
      createdAt: new Date(),
      lastModified: new Date(),
    };
    this.repos.set(`${type}:${id}`, record);
    return record;
  }

  async findRepo(type: RepoType, id: string) {
    return this.repos.get(`${type}:${id}`);
  }

  canRead(viewer: Viewer, repo: RepoRecord): boolean {
    return !repo.private || viewer.user === repo.owner || viewer.orgs.includes(repo.owner);
  }

  canWrite(viewer: Viewer, repo: RepoRecord): boolean {
    return viewer.role === "write" && (viewer.user === repo.owner || viewer.orgs.includes(repo.owner));
  }

  async commitLanded(repo: RepoRecord, commit: CommitSummary, derived: DerivedMetadata) {
    this.landed.push({ repo: repo.id, commit, derived });
    repo.sha = commit.sha;
    repo.library_name = derived.library_name;
  }

  async downloadCounted(repo: RepoRecord) {
    this.downloads.set(repo.id, (this.downloads.get(repo.id) ?? 0) + 1);
  }

  lastDerived(id: string): DerivedMetadata | undefined {
    return [...this.landed].reverse().find((entry) => entry.repo === id)?.derived;
  }
}

export function viewerFromAuthorization(header: string | undefined): Viewer {
  let token: string | undefined;
  if (header?.startsWith("Bearer ")) token = header.slice(7);
  else if (header?.startsWith("Basic "))
    token = Buffer.from(header.slice(6), "base64").toString("utf8").split(":").slice(1).join(":");
  if (!token?.startsWith("hf_")) return { orgs: [] };
  if (token.startsWith("hf_read_")) return { user: token.slice(8), orgs: [], role: "read" };
  return { user: token.slice(3), orgs: [], role: "write" };
}

export interface TestHub {
  app: Hono<AppEnv>;
  platform: FakePlatform;
  content: RepoContent;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestHub(
  options: { blobs?: BlobStore; publicUrl?: string; lfsPartBytes?: number } = {},
): Promise<TestHub> {
  const dataDir = await mkdtemp(join(tmpdir(), "modelhub-content-"));
  const platform = new FakePlatform();
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (obj: object, msg?: string) => console.error(msg, obj),
  };
  const content = createRepoContent({ dataDir, events: platform, logger, blobs: options.blobs });
  await content.start();
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("viewer", viewerFromAuthorization(c.req.header("Authorization")));
    await next();
  });
  app.route(
    "/",
    createContentRoutes({
      access: platform,
      events: platform,
      dataDir,
      publicUrl: options.publicUrl ?? "http://hub.test",
      logger,
      content,
      lfsPartBytes: options.lfsPartBytes,
    }),
  );
  return { app, platform, content, dataDir, close: () => rm(dataDir, { recursive: true, force: true }) };
}

export function ndjson(lines: { key: string; value: unknown }[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}

export const auth = (user: string) => ({ Authorization: `Bearer hf_${user}` });
