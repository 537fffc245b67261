import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PY_CLIENTS } from "./python-clients.js";

/** The huggingface_hub versions every snippet must run on. */
export const CLIENT_TAGS = ["v1.28.0", "v0.36.2"] as const;

/** Where a fetched huggingface_hub snapshot (a bare git folder) sits relative to a checkout's parents. */
const SNAPSHOT = path.join(".mirror", "huggingface+huggingface_hub", "repo");

export interface ClientSources {
  /** PYTHONPATH entries, one per client version. */
  paths: string[];
  /** Why there is none, when there is none. */
  missing?: string;
  /** Where they came from, for the test's log. */
  origin: string;
  remove(): void;
}

/** The snapshot: HFHUB_MIRROR, else `.mirror/…` beside this checkout or one of its parents. */
function findSnapshot(): string | undefined {
  if (process.env.HFHUB_MIRROR) return process.env.HFHUB_MIRROR;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SNAPSHOT);
    if (fs.existsSync(path.join(candidate, "HEAD"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * huggingface_hub's sources for the client tests that CI must run (it has no PyPI): the PYTHONPATHs
 * of MODELHUB_PY_CLIENTS when set, else each of CLIENT_TAGS exported (`git archive`) from a fetched
 * snapshot into a temporary folder. Nothing fetched is ever committed.
 */
export function clientSources(): ClientSources {
  if (PY_CLIENTS.length > 0)
    return { paths: PY_CLIENTS, origin: "MODELHUB_PY_CLIENTS", remove: () => undefined };
  const snapshot = findSnapshot();
  if (!snapshot)
    return {
      paths: [],
      missing: `no huggingface_hub snapshot: set MODELHUB_PY_CLIENTS or HFHUB_MIRROR, or fetch github:huggingface/huggingface_hub into ${SNAPSHOT} beside this checkout`,
      origin: "none",
      remove: () => undefined,
    };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-hfhub-"));
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    const paths = CLIENT_TAGS.map((tag) => {
      const target = path.join(root, tag);
      fs.mkdirSync(target);
      const archive = execFileSync("git", ["--git-dir", snapshot, "archive", "--format=tar", tag, "src"], {
        maxBuffer: 256 * 1024 * 1024,
      });
      execFileSync("tar", ["-x", "-C", target], { input: archive });
      return path.join(target, "src");
    });
    return { paths, origin: `${snapshot} (${CLIENT_TAGS.join(", ")})`, remove };
  } catch (err) {
    remove();
    throw new Error(`cannot export huggingface_hub from ${snapshot}: ${(err as Error).message}`);
  }
}
