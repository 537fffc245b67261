// The files a build part reads, and their content hashes.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Outputs, tests and dependencies never count as inputs. */
const SKIP = new Set(["node_modules", "dist", "e2e", "test", "bench", "README.md"]);

/** Every file under the given path relative to `root` (skipping outputs, tests and dependencies), sorted. */
export function filesOf(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name) && !entry.name.endsWith(".tsbuildinfo"))
    .flatMap((entry) => filesOf(root, path.join(relative, entry.name)))
    .sort();
}

/** `{ file: sha1 of its bytes }` for every file under the inputs. */
export function hashFiles(root, inputs) {
  const hashes = {};
  for (const file of [...new Set(inputs.flatMap((input) => filesOf(root, input)))].sort())
    hashes[file] = createHash("sha1")
      .update(readFileSync(path.join(root, file)))
      .digest("hex");
  return hashes;
}

/** One hash for a set of file hashes (names included: a rename is a change). */
export function combinedHash(fileHashes) {
  const hash = createHash("sha256");
  for (const [file, digest] of Object.entries(fileHashes)) hash.update(`${file}\0${digest}\n`);
  return hash.digest("hex");
}
