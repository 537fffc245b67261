import { realpath } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { parsePointer, MAX_POINTER_SIZE } from "../lfs/pointer.js";
import { boundedMap } from "./bounded-map.js";
import { runGit } from "./run-git.js";

const ZERO_OID = /^0{40}$/;
const FULL_SHA = /^[0-9a-f]{40}$/;
/** LFS objects looked up at once. */
const LOOKUP_LANES = 16;
/** Missing objects named one by one in the refusal; the rest are counted. */
const LISTED = 20;

/** One line of pre-receive input: `<old> <new> <ref>`. */
export interface RefUpdate {
  oldOid: string;
  newOid: string;
  ref: string;
}

/** Where a push's objects wait until git accepts it (the environment git hands to pre-receive). */
export interface Quarantine {
  objectDirectory?: string;
  quarantinePath?: string;
}

export interface PushedPointer {
  /** A path the blob was first seen at (for messages). */
  path: string;
  /** git blob id of the pointer file. */
  blob: string;
  oid: string;
  size: number;
}

export interface PushVerdict {
  ok: boolean;
  /** Lines shown to the client as `remote:` output. */
  message: string;
}

export function parseRefUpdates(text: string): RefUpdate[] {
  const updates: RefUpdate[] = [];
  for (const line of text.split("\n")) {
    const [oldOid, newOid, ref] = line.trim().split(" ");
    if (oldOid && newOid && ref && FULL_SHA.test(oldOid) && FULL_SHA.test(newOid))
      updates.push({ oldOid, newOid, ref });
  }
  return updates;
}

/**
 * The git environment that makes a push's quarantined objects readable, after checking the paths git
 * reported lie inside this repository's object folder.
 */
export async function quarantineEnv(gitDir: string, quarantine: Quarantine): Promise<Record<string, string>> {
  const objects = join(gitDir, "objects");
  const roots = [resolve(objects)];
  try {
    roots.push(await realpath(objects));
  } catch {
    // The repo folder is gone; the check below fails on its own.
  }
  const inside = (path: string) => roots.some((root) => resolve(path).startsWith(root + sep));
  const env: Record<string, string> = {};
  const { objectDirectory, quarantinePath } = quarantine;
  if (objectDirectory) {
    if (!inside(objectDirectory)) throw new Error("The push's object folder is outside the repository");
    env.GIT_OBJECT_DIRECTORY = objectDirectory;
    env.GIT_ALTERNATE_OBJECT_DIRECTORIES = objects;
  }
  if (quarantinePath) {
    if (!inside(quarantinePath)) throw new Error("The push's quarantine is outside the repository");
    env.GIT_QUARANTINE_PATH = quarantinePath;
  }
  return env;
}

/**
 * LFS pointer blobs the updates bring in: blobs reachable from the new tips but from no current ref,
 * small enough to be a pointer (`rev-list` filters the rest out without reading them), that parse as one.
 */
export async function findPushedPointers(
  gitDir: string,
  updates: RefUpdate[],
  env: Record<string, string>,
): Promise<PushedPointer[]> {
  const tips = [...new Set(updates.map((update) => update.newOid).filter((oid) => !ZERO_OID.test(oid)))];
  if (tips.length === 0) return [];
  const listed = await runGit(
    [
      "rev-list",
      "--objects",
      "--filter=object:type=blob",
      `--filter=blob:limit=${MAX_POINTER_SIZE + 1}`,
      ...tips,
      "--not",
      "--all",
    ],
    { gitDir, env },
  );
  const paths = new Map<string, string>();
  for (const line of listed.stdout.toString("utf8").split("\n")) {
    const space = line.indexOf(" ");
    // Commits come without a path; the filter keeps only small blobs otherwise.
    if (space === 40 && !paths.has(line.slice(0, 40))) paths.set(line.slice(0, 40), line.slice(41));
  }
  if (paths.size === 0) return [];
  const batch = await runGit(["cat-file", "--batch"], {
    gitDir,
    env,
    input: [...paths.keys()].join("\n") + "\n",
  });
  const out = batch.stdout;
  const pointers: PushedPointer[] = [];
  let offset = 0;
  while (offset < out.length) {
    const newline = out.indexOf(0x0a, offset);
    if (newline === -1) break;
    const [blob, type, sizeText] = out.subarray(offset, newline).toString("utf8").split(" ");
    offset = newline + 1;
    if (sizeText === undefined) continue;
    const length = Number(sizeText);
    const body = out.subarray(offset, offset + length);
    offset += length + 1;
    const pointer = type === "blob" ? parsePointer(body) : undefined;
    if (pointer) pointers.push({ path: paths.get(blob) ?? "", blob, ...pointer });
  }
  return pointers;
}

/**
 * Accepts the push only when every LFS pointer it introduces names an object the hub holds (for this
 * repo) with the pointer's size. `stored` returns the stored size, or undefined.
 */
export async function checkPushedPointers(
  gitDir: string,
  updates: RefUpdate[],
  env: Record<string, string>,
  stored: (oid: string) => Promise<number | undefined>,
): Promise<PushVerdict> {
  const pointers = await findPushedPointers(gitDir, updates, env);
  const sizes = await boundedMap(pointers, LOOKUP_LANES, (pointer) => stored(pointer.oid));
  const missing = pointers
    .map((pointer, i) => ({ ...pointer, stored: sizes[i] }))
    .filter((pointer) => pointer.stored !== pointer.size);
  if (missing.length === 0) return { ok: true, message: "" };
  const lines = [
    `ModelHub: push refused: ${missing.length} Git LFS object(s) referenced by this push are not on the hub.`,
  ];
  for (const pointer of missing.slice(0, LISTED)) {
    const problem =
      pointer.stored === undefined
        ? "was never uploaded"
        : `is stored with ${pointer.stored} bytes, the pointer says ${pointer.size}`;
    lines.push(`  ${pointer.path || pointer.blob}: sha256:${pointer.oid} (${pointer.size} bytes) ${problem}`);
  }
  if (missing.length > LISTED) lines.push(`  … and ${missing.length - LISTED} more`);
  lines.push(
    "Upload the objects first (`git lfs push --all origin <branch>`, or push with the git-lfs pre-push hook installed), then push again.",
  );
  return { ok: false, message: lines.join("\n") };
}
