import { createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { diskPathUnder } from "../content/paths/disk-path.js";
import type { RepoContent } from "../content/repo-content.js";
import type { RepoRecord } from "../domain/repo.js";

const KEEP_VERSIONS = 2;

/**
 * The converted Parquet files on local disk, where DuckDB reads them:
 * `<root>/<owner>/<name>/<parquet commit>/<config>/<split>/NNNN.parquet`. Files missing here (a
 * restored backup, a pruned version) are fetched again from `refs/convert/parquet` in git.
 */
export class ParquetCache {
  constructor(
    readonly root: string,
    private readonly content: RepoContent,
  ) {}

  versionDir(repoId: string, parquetCommit: string): string {
    return join(this.root, repoId, parquetCommit);
  }

  /** Moves a fresh conversion's output in, dropping all but the newest versions of the dataset. */
  async adopt(repoId: string, parquetCommit: string, outDir: string): Promise<void> {
    const target = this.versionDir(repoId, parquetCommit);
    await mkdir(dirname(target), { recursive: true });
    await rm(target, { recursive: true, force: true });
    await rename(outDir, target);
    const parent = dirname(target);
    const versions = await Promise.all(
      (await readdir(parent)).map(async (name) => ({ name, at: (await stat(join(parent, name))).mtimeMs })),
    );
    versions.sort((a, b) => b.at - a.at);
    for (const old of versions.slice(KEEP_VERSIONS))
      if (old.name !== parquetCommit) await rm(join(parent, old.name), { recursive: true, force: true });
  }

  /** Local paths of a split's shards, each fetched from git first when absent. */
  async shardPaths(
    repo: RepoRecord,
    parquetCommit: string,
    config: string,
    split: string,
    filenames: string[],
  ): Promise<string[]> {
    const paths: string[] = [];
    for (const filename of filenames) {
      const local = diskPathUnder(this.versionDir(repo.id, parquetCommit), `${config}/${split}/${filename}`);
      const present = await access(local).then(
        () => true,
        () => false,
      );
      if (!present) {
        await mkdir(dirname(local), { recursive: true });
        const snapshot = await this.content.snapshot(repo, parquetCommit);
        const partial = `${local}.${process.pid}.part`;
        await pipeline(
          await this.content.openFile(repo, snapshot, `${config}/${split}/${filename}`),
          createWriteStream(partial),
        );
        await rename(partial, local);
      }
      paths.push(local);
    }
    return paths;
  }

  async forget(repoId: string): Promise<void> {
    await rm(join(this.root, repoId), { recursive: true, force: true });
  }
}
