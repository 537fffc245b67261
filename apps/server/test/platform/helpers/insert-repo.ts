import { toRepoRecord } from "../../../src/platform/repos.js";
import type { PlatformServices } from "../../../src/platform/services.js";
import type { DerivedMetadata, RepoType } from "../../../src/domain/repo.js";

export interface SyntheticRepo {
  type?: RepoType;
  id: string;
  private?: boolean;
  createdAt?: string;
  derived?: Partial<DerivedMetadata>;
  downloads?: number;
  likes?: number;
}

/** Inserts a repo record with derived metadata straight through the services (no git), for listing tests. */
export async function insertRepo(services: PlatformServices, repo: SyntheticRepo): Promise<void> {
  const [owner, name] = repo.id.split("/");
  if (!(await services.accounts.namespaceTaken(owner))) await services.accounts.createUser({ name: owner });
  const row = await services.repos.create({
    type: repo.type ?? "model",
    owner,
    name,
    private: repo.private,
    createdAt: repo.createdAt,
  });
  const sha = Buffer.from(repo.id).toString("hex").padEnd(40, "0").slice(0, 40);
  await services.repos.applyCommit(
    toRepoRecord(row),
    { sha, date: new Date(repo.createdAt ?? Date.now()), title: "synthetic" },
    {
      tags: [],
      warnings: [],
      usedStorage: 0,
      siblings: [{ path: "README.md", size: 10, oid: sha }],
      ...repo.derived,
    },
  );
  if (repo.downloads)
    await services.repos.addDownloads(row.id, [
      { day: new Date().toISOString().slice(0, 10), count: repo.downloads },
    ]);
  if (repo.likes) await services.repos.setSeedPopularity(row.id, repo.likes, 0);
}
