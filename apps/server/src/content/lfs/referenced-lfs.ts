import { runGit } from "../git/run-git.js";
import { MAX_POINTER_SIZE, parsePointer, type LfsPointer } from "./pointer.js";
import { deletedLfsObjects } from "./repo-links.js";

/** One object of `git cat-file --batch` output. */
interface BatchObject {
  oid: string;
  type: string;
  content: Buffer;
}

/** Splits `git cat-file --batch` output (`<oid> <type> <size>\n<content>\n`, repeated). */
export function parseBatch(output: Buffer): BatchObject[] {
  const objects: BatchObject[] = [];
  let at = 0;
  while (at < output.length) {
    const newline = output.indexOf(10, at);
    if (newline < 0) break;
    const [oid = "", type = "", size = ""] = output.subarray(at, newline).toString("utf8").split(" ");
    if (type === "missing") {
      at = newline + 1;
      continue;
    }
    const length = Number(size);
    const start = newline + 1;
    objects.push({ oid, type, content: output.subarray(start, start + length) });
    at = start + length + 1;
  }
  return objects;
}

/**
 * The LFS pointers (by object id) reachable from any ref of a bare repository (branches, tags, `refs/pr/*`,
 * `refs/convert/*`, …), across its whole history: every revision stays downloadable.
 */
export async function lfsPointersOf(
  gitDir: string,
  revs: string[] = ["--all"],
): Promise<Map<string, LfsPointer>> {
  const pointers = new Map<string, LfsPointer>();
  for (const pointer of (await lfsPointerBlobsOf(gitDir, revs)).values()) pointers.set(pointer.oid, pointer);
  return pointers;
}

/**
 * The LFS objects a repository still claims: those its refs reach (lfsPointersOf) less the ones its
 * owner deleted permanently, whose pointers may linger in history without keeping the bytes alive.
 */
export async function claimedLfsOf(gitDir: string): Promise<Map<string, LfsPointer>> {
  const pointers = await lfsPointersOf(gitDir);
  for (const oid of await deletedLfsObjects(gitDir)) pointers.delete(oid);
  return pointers;
}

/** Like lfsPointersOf, keyed by the git blob id of each pointer file (one object may have several). */
export async function lfsPointerBlobsOf(
  gitDir: string,
  revs: string[] = ["--all"],
): Promise<Map<string, LfsPointer>> {
  // Only blobs small enough to be pointers are listed; big ones are never pointers.
  const listed = await runGit(
    ["rev-list", "--objects", `--filter=blob:limit=${MAX_POINTER_SIZE + 1}`, ...revs],
    { gitDir },
  );
  const oids = [
    ...new Set(
      listed.stdout
        .toString("utf8")
        .split("\n")
        .map((line) => line.slice(0, line.indexOf(" ") < 0 ? line.length : line.indexOf(" ")))
        .filter((oid) => /^[0-9a-f]{40,64}$/.test(oid)),
    ),
  ];
  const pointers = new Map<string, LfsPointer>();
  if (oids.length === 0) return pointers;
  const checked = await runGit(["cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"], {
    gitDir,
    input: `${oids.join("\n")}\n`,
  });
  const blobs = checked.stdout
    .toString("utf8")
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([, type, size]) => type === "blob" && Number(size) <= MAX_POINTER_SIZE && Number(size) > 40)
    .map(([oid]) => oid);
  if (blobs.length === 0) return pointers;
  const read = await runGit(["cat-file", "--batch"], { gitDir, input: `${blobs.join("\n")}\n` });
  for (const object of parseBatch(read.stdout)) {
    const pointer = parsePointer(object.content);
    if (pointer) pointers.set(object.oid, pointer);
  }
  return pointers;
}
