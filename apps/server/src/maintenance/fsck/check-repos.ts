import { stat } from "node:fs/promises";
import { runGit } from "../../content/git/run-git.js";
import type { RepoOnDisk } from "../../content/data-layout.js";
import { lfsPointersOf } from "../../content/lfs/referenced-lfs.js";
import { deletedLfsObjects } from "../../content/lfs/repo-links.js";
import type { FsckProblem } from "./fsck-report.js";

interface RefLine {
  ref: string;
  oid: string;
}

async function refsOf(gitDir: string): Promise<RefLine[]> {
  const listed = await runGit(["for-each-ref", "--format=%(refname) %(objectname)"], { gitDir });
  return listed.stdout
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [ref = "", oid = ""] = line.split(" ");
      return { ref, oid };
    });
}

/**
 * Git side of one repository: every ref reaches an existing commit, the object graph is complete
 * (`git fsck --connectivity-only`), and every LFS pointer at the head of every branch has its object,
 * of the size the pointer says.
 */
export async function checkRepo(
  repo: RepoOnDisk,
  lfsSize: (oid: string) => Promise<number | undefined>,
): Promise<FsckProblem[]> {
  const name = `${repo.type}:${repo.id}`;
  const problems: FsckProblem[] = [];
  const refs = await refsOf(repo.gitDir);
  const checked = await runGit(["cat-file", "--batch-check=%(objecttype)"], {
    gitDir: repo.gitDir,
    input: refs.map((ref) => `${ref.oid}^{commit}\n`).join(""),
  });
  const answers = checked.stdout.toString("utf8").split("\n");
  const heads: string[] = [];
  refs.forEach((ref, index) => {
    if (answers[index] === "commit") {
      if (ref.ref.startsWith("refs/heads/")) heads.push(ref.oid);
    } else
      problems.push({
        kind: "ref-broken",
        subject: `${name} ${ref.ref}`,
        detail: `points at ${ref.oid}, which is not an existing commit`,
        repairable: false,
      });
  });
  if (problems.length === 0) {
    const fsck = await runGit(["fsck", "--connectivity-only", "--no-dangling", "--no-progress"], {
      gitDir: repo.gitDir,
      okCodes: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    const complaints = `${fsck.stdout.toString("utf8")}${fsck.stderr}`.trim();
    if (fsck.code !== 0)
      problems.push({
        kind: "git-corrupt",
        subject: name,
        detail: `git fsck: ${complaints.split("\n").slice(0, 5).join("; ")}`,
        repairable: false,
      });
  }
  if (heads.length > 0) {
    const pointers = await lfsPointersOf(repo.gitDir, ["--no-walk", ...new Set(heads)]);
    // an object the owner deleted permanently is missing on purpose (its resolve answers 410)
    const deleted = await deletedLfsObjects(repo.gitDir);
    for (const pointer of pointers.values()) {
      if (deleted.has(pointer.oid)) continue;
      const size = await lfsSize(pointer.oid);
      if (size === undefined)
        problems.push({
          kind: "lfs-missing",
          subject: `${name} lfs:${pointer.oid}`,
          detail: `a branch head points at LFS object ${pointer.oid} (${pointer.size} bytes), which the store does not have`,
          repairable: false,
        });
      else if (size !== pointer.size)
        problems.push({
          kind: "lfs-size",
          subject: `${name} lfs:${pointer.oid}`,
          detail: `the pointer says ${pointer.size} bytes, the stored object has ${size}`,
          repairable: false,
        });
    }
  }
  return problems;
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
