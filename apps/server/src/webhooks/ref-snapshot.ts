import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const OID = /^[0-9a-f]{40}$/;

async function looseRefs(gitDir: string, prefix: string, into: Map<string, string>): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(join(gitDir, prefix), { withFileTypes: true });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT";
  }
  for (const entry of entries) {
    const ref = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!(await looseRefs(gitDir, ref, into))) return false;
    } else if (entry.isFile()) {
      if (entry.name.endsWith(".lock")) continue;
      const text = (await readFile(join(gitDir, ref), "utf8").catch(() => "")).trim();
      // a symbolic ref or a file caught mid-write: let git answer instead
      if (!OID.test(text)) return false;
      into.set(ref, text);
    }
  }
  return true;
}

/**
 * Every ref of a bare repository and its commit, read from `refs/` and `packed-refs` without spawning
 * git (a watched repo's writes read them twice). Annotated tags are given by the object they point at,
 * as `packed-refs` peels them; undefined when something is unusual (the caller then asks git).
 */
export async function readRefSnapshot(gitDir: string): Promise<Map<string, string> | undefined> {
  const refs = new Map<string, string>();
  let packed = "";
  try {
    packed = await readFile(join(gitDir, "packed-refs"), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return undefined;
  }
  let last: string | undefined;
  for (const line of packed.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("^")) {
      if (last !== undefined && OID.test(line.slice(1))) refs.set(last, line.slice(1));
      continue;
    }
    const [oid, ref] = line.split(" ");
    if (!OID.test(oid) || !ref?.startsWith("refs/")) return undefined;
    refs.set(ref, oid);
    last = ref;
  }
  const loose = new Map<string, string>();
  if (!(await looseRefs(gitDir, "refs", loose))) return undefined;
  for (const [ref, oid] of loose) refs.set(ref, oid);
  return refs;
}
