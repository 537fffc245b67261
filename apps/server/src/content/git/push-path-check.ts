import {
  backslashRootProblem,
  MAX_FOLDER_DEPTH,
  MAX_PATH_BYTES,
  nameProblem,
  printablePath,
} from "../paths/path-rules.js";
import type { PushVerdict, RefUpdate } from "./lfs-push-check.js";
import { decodeTree } from "./object-codec.js";
import { runGit } from "./run-git.js";

const ZERO_OID = /^0{40}$/;
const TREE_LINE = /^([0-9a-f]{40}) (.*)$/s;
const SYMLINK_MODE = "120000";
/** Refused paths named one by one; the rest are counted. */
const LISTED = 20;

interface PathRefusal {
  path: string;
  problem: string;
}

/**
 * Trees the updates bring in (reachable from the new tips, from no current ref), each with the path
 * git first saw it at ("" for a root tree). Older trees were checked when they came in.
 */
async function newTrees(
  gitDir: string,
  updates: RefUpdate[],
  env: Record<string, string>,
): Promise<Map<string, string>> {
  const tips = [...new Set(updates.map((update) => update.newOid).filter((oid) => !ZERO_OID.test(oid)))];
  const trees = new Map<string, string>();
  if (tips.length === 0) return trees;
  const listed = await runGit(
    ["rev-list", "--objects", "--filter=object:type=tree", ...tips, "--not", "--all"],
    { gitDir, env },
  );
  // Commits come as a bare id; trees as "<id> <path>". A name holding a newline splits its line, but
  // that name is refused below from the tree's own bytes anyway.
  for (const line of listed.stdout.toString("utf8").split("\n")) {
    const match = TREE_LINE.exec(line);
    if (match && !trees.has(match[1])) trees.set(match[1], match[2]);
  }
  return trees;
}

/** Reads tree objects through one `cat-file --batch`, calling `visit` with each body. */
async function readTrees(
  gitDir: string,
  env: Record<string, string>,
  oids: string[],
  visit: (oid: string, body: Buffer) => void,
): Promise<void> {
  if (oids.length === 0) return;
  const out = (await runGit(["cat-file", "--batch"], { gitDir, env, input: oids.join("\n") + "\n" })).stdout;
  let offset = 0;
  while (offset < out.length) {
    const newline = out.indexOf(0x0a, offset);
    if (newline === -1) break;
    const [oid, type, sizeText] = out.subarray(offset, newline).toString("latin1").split(" ");
    offset = newline + 1;
    if (sizeText === undefined) continue;
    const length = Number(sizeText);
    if (type === "tree") visit(oid, out.subarray(offset, offset + length));
    offset += length + 1;
  }
}

/**
 * Why one tree entry is refused on its own (wherever the tree sits), or undefined. Depth and whole-path
 * length depend on where a tree is used, so `tipPathProblems` checks those on the pushed tips.
 */
function entryProblem(name: string, mode: string, lossy: boolean): string | undefined {
  if (lossy) return "is not valid UTF-8";
  if (mode === SYMLINK_MODE) return "is a symbolic link (the hub does not accept symlinks)";
  return nameProblem(name);
}

/** Files of the pushed tips deeper or longer than path-rules.ts allows (git's own listing, exact paths). */
async function tipPathProblems(
  gitDir: string,
  updates: RefUpdate[],
  env: Record<string, string>,
): Promise<PathRefusal[]> {
  const refused: PathRefusal[] = [];
  const tips = [...new Set(updates.map((update) => update.newOid).filter((oid) => !ZERO_OID.test(oid)))];
  for (const tip of tips) {
    // A tag of a blob has no tree: nothing to check (okCodes keeps git's refusal from throwing).
    const listed = await runGit(["ls-tree", "-r", "-z", "--full-tree", "--name-only", tip], {
      gitDir,
      env,
      okCodes: [128],
    });
    for (const raw of listed.stdout.toString("utf8").split("\0")) {
      if (raw === "") continue;
      const folders = raw.split("/").length - 1;
      const problem =
        folders > MAX_FOLDER_DEPTH
          ? `is ${folders} folders deep (at most ${MAX_FOLDER_DEPTH})`
          : Buffer.byteLength(raw, "utf8") > MAX_PATH_BYTES
            ? `is longer than ${MAX_PATH_BYTES} bytes`
            : backslashRootProblem(raw);
      if (problem) refused.push({ path: raw, problem });
      if (refused.length > LISTED) return refused;
    }
  }
  return refused;
}

/**
 * Refuses a push whose new trees hold names the hub does not accept on any write path (see
 * path-rules.ts) or symbolic links. git's own fsck on receive refuses the `.git` family first; this
 * adds the hub's rules (`..\` at the start, control characters, depth, lengths, UTF-8, symlinks) and names
 * each path.
 */
export async function checkPushedPaths(
  gitDir: string,
  updates: RefUpdate[],
  env: Record<string, string>,
): Promise<PushVerdict> {
  const trees = await newTrees(gitDir, updates, env);
  const refused: PathRefusal[] = [];
  await readTrees(gitDir, env, [...trees.keys()], (oid, body) => {
    const folder = trees.get(oid) ?? "";
    for (const record of decodeTree(body)) {
      const path = folder === "" ? record.name : `${folder}/${record.name}`;
      const problem = entryProblem(record.name, record.mode, record.lossyName === true);
      if (problem) refused.push({ path, problem });
    }
  });
  if (refused.length === 0) refused.push(...(await tipPathProblems(gitDir, updates, env)));
  if (refused.length === 0) return { ok: true, message: "" };
  const lines = ["ModelHub: push refused: these paths are not allowed on the hub:"];
  for (const { path, problem } of refused.slice(0, LISTED))
    lines.push(`  ${printablePath(path)}: ${problem}`);
  if (refused.length > LISTED) lines.push("  ... and more");
  lines.push(
    "Rename or remove these entries (symlinks: commit the file itself), rewrite the commits, then push again.",
  );
  return { ok: false, message: lines.join("\n") };
}
