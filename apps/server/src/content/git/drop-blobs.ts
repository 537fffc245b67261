import { runGit } from "./run-git.js";
import type { GitRepository } from "./git-repository.js";

export interface MovedRef {
  ref: string;
  from: string;
  to: string;
}

const FILE_CHANGE = /^M [0-7]{6} ([0-9a-f]{40}) /;

/**
 * Drops the lines of a `git fast-export --no-data` stream that put one of `blobs` into a tree. Commit and
 * tag messages (`data <n>` followed by n raw bytes) are copied untouched, whatever they contain.
 */
export function filterExport(stream: Buffer, blobs: ReadonlySet<string>): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at < stream.length) {
    const newline = stream.indexOf(10, at);
    const end = newline < 0 ? stream.length : newline + 1;
    const line = stream.subarray(at, end).toString("latin1");
    const data = /^data (\d+)\n$/.exec(line);
    if (data) {
      const stop = end + Number(data[1]);
      kept.push(stream.subarray(at, stop));
      at = stop;
      continue;
    }
    const change = FILE_CHANGE.exec(line);
    if (!change || !blobs.has(change[1])) kept.push(stream.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}

/**
 * Rewrites every ref's history (branches, tags, `refs/pr/*`, `refs/convert/*`) without the files whose
 * content is one of `blobs`; commits that never held them keep their ids. The caller holds the repo lock.
 * Returns the refs that moved.
 */
export async function dropBlobsFromHistory(
  git: GitRepository,
  blobs: ReadonlySet<string>,
): Promise<MovedRef[]> {
  const before = new Map((await rawRefs(git)).map((ref) => [ref.ref, ref.target]));
  if (before.size === 0 || blobs.size === 0) return [];
  const exported = await runGit(
    [
      "fast-export",
      "--all",
      "--no-data",
      "--signed-tags=strip",
      "--tag-of-filtered-object=rewrite",
      "--reencode=no",
    ],
    { gitDir: git.dir },
  );
  await runGit(["fast-import", "--force", "--quiet"], {
    gitDir: git.dir,
    input: filterExport(exported.stdout, blobs),
  });
  const moved: MovedRef[] = [];
  for (const { ref, target } of await rawRefs(git)) {
    const from = before.get(ref);
    if (from !== undefined && from !== target) moved.push({ ref, from, to: target });
  }
  return moved;
}

/** Refs with the object they name (an annotated tag is not peeled: its own id changes too). */
async function rawRefs(git: GitRepository): Promise<{ ref: string; target: string }[]> {
  const text = (
    await runGit(["for-each-ref", "--format=%(refname) %(objectname)"], { gitDir: git.dir })
  ).stdout.toString("utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const space = line.lastIndexOf(" ");
      return { ref: line.slice(0, space), target: line.slice(space + 1) };
    });
}
