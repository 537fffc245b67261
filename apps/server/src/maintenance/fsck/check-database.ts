import { runGit } from "../../content/git/run-git.js";
import type { FileEntry, RepoType } from "../../domain/repo.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { RepoOnDisk } from "../../content/data-layout.js";
import { DEFAULT_BRANCH } from "../reconcile.js";
import type { FsckProblem } from "./fsck-report.js";

const PAGE = 500;

/** `path\0blob id` of every file at a commit, as git has them. */
async function filesAt(gitDir: string, commit: string): Promise<Set<string>> {
  const listed = await runGit(["ls-tree", "-r", "-z", commit], { gitDir });
  const files = new Set<string>();
  for (const entry of listed.stdout.toString("utf8").split("\0")) {
    const tab = entry.indexOf("\t");
    if (tab < 0) continue;
    const [, type, oid] = entry.slice(0, tab).split(" ");
    if (type === "blob") files.add(`${entry.slice(tab + 1)}\0${oid}`);
  }
  return files;
}

async function headOf(gitDir: string): Promise<string | undefined> {
  const result = await runGit(["rev-parse", "--verify", "--quiet", `refs/heads/${DEFAULT_BRANCH}`], {
    gitDir,
    okCodes: [1, 128],
  });
  const sha = result.stdout.toString("utf8").trim();
  return result.code === 0 && sha ? sha : undefined;
}

function siblingsOf(text: string): Set<string> {
  try {
    return new Set((JSON.parse(text) as FileEntry[]).map((file) => `${file.path}\0${file.oid}`));
  } catch {
    return new Set();
  }
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

export interface StaleRepo {
  type: RepoType;
  id: string;
  head: string;
}

/**
 * Database against git: every repo row has its repository, its `sha` is the default branch's ref and its
 * file list is that commit's; every repository on disk has its row.
 */
export async function checkDatabase(
  db: Kysely<Database>,
  onDisk: RepoOnDisk[],
): Promise<{ problems: FsckProblem[]; stale: Map<string, StaleRepo> }> {
  const problems: FsckProblem[] = [];
  const stale = new Map<string, StaleRepo>();
  const byKey = new Map(onDisk.map((repo) => [`${repo.type}:${repo.id}`, repo]));
  const seen = new Set<string>();
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("repos")
      .select(["id", "type", "full_id", "sha", "siblings"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const key = `${row.type}:${row.full_id}`;
      seen.add(key);
      const disk = byKey.get(key);
      if (!disk) {
        problems.push({
          kind: "db-missing-repo",
          subject: key,
          detail: "the database lists this repo but its git repository is missing",
          repairable: false,
        });
        continue;
      }
      const head = await headOf(disk.gitDir);
      if (!head) continue;
      const type = row.type as RepoType;
      if (head !== row.sha) {
        problems.push({
          kind: "db-stale",
          subject: key,
          detail: `database sha ${row.sha ?? "none"}, ${DEFAULT_BRANCH} is at ${head}`,
          repairable: true,
        });
        stale.set(key, { type, id: row.full_id, head });
      } else if (!sameSet(siblingsOf(row.siblings), await filesAt(disk.gitDir, head))) {
        problems.push({
          kind: "db-stale",
          subject: key,
          detail: `the database's file list differs from the files of ${head}`,
          repairable: true,
        });
        stale.set(key, { type, id: row.full_id, head });
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  for (const repo of onDisk) {
    const key = `${repo.type}:${repo.id}`;
    if (!seen.has(key))
      problems.push({
        kind: "db-orphan-repo",
        subject: key,
        detail: `git repository ${repo.gitDir} has no database row (create the repo again to adopt it, or remove the folder)`,
        repairable: false,
      });
  }
  return { problems, stale };
}
