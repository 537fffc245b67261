import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface CorpusFile {
  file: string;
  /** The verdict the scanner must reach: the worst of its pickle and format results. */
  expect: "safe" | "caution" | "suspicious" | "unsafe";
  /** `module.name` imports the report must list (dangerous ones when the verdict is unsafe). */
  imports: string[];
  note: string;
}

const SCRIPT = fileURLToPath(new URL("./corpus/make_corpus.py", import.meta.url));

/** Builds the scanner corpus with /usr/bin/python3 (pickle, zipfile, struct only) into a temp folder. */
export function buildCorpus(): { dir: string; files: CorpusFile[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-scan-corpus-"));
  const result = spawnSync("/usr/bin/python3", [SCRIPT, dir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`the corpus script failed: ${result.stderr}`);
  const files = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as CorpusFile[];
  return { dir, files };
}
