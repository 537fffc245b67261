// Builds the parts whose inputs changed since their last build, and records how each one was built.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { combinedHash, hashFiles } from "./input-files.mjs";

/** Where the inputs of each part's last good build are kept, relative to the root. */
export const STAMP_FILE = path.join("node_modules", ".cache", "modelhub", "build-inputs.json");

export class BuildFailure extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Runs a command with the terminal attached; a failure stops the whole build. */
export function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new BuildFailure(`${command} ${args.join(" ")} failed`, result.status ?? 1);
}

function readStamps(stampFile) {
  try {
    return JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    return {};
  }
}

/**
 * A part is `{ name, key, inputs, output, typed(context), quick(context) }`. `typed` is the complete build
 * (type check, declarations, best compression); `quick` only makes the part runnable. With `force`
 * every part gets the typed build. Otherwise a part whose inputs and output are as its last build left
 * them is up to date, whether that build was typed or quick, and any other part gets the quick build.
 * `context` is `{ root, files, previous }`: the inputs' hashes now, and the stamp of the last build;
 * what a build returns is kept in its stamp.
 */
export async function buildParts({ root, parts, force, log = console.log }) {
  const stampFile = path.join(root, STAMP_FILE);
  const stamps = readStamps(stampFile);
  for (const part of parts) {
    // hashed before building: an input edited during the build leaves a stamp that no longer matches
    const files = hashFiles(root, part.inputs);
    const hash = combinedHash(files);
    const previous = typeof stamps[part.key] === "object" ? stamps[part.key] : undefined;
    if (!force && previous?.hash === hash && existsSync(path.join(root, part.output))) {
      log(`${part.name}: up to date (${previous.build} build)`);
      continue;
    }
    const build = force ? "typed" : "quick";
    const started = performance.now();
    const extra = await part[build]({ root, files, previous });
    log(`${part.name}: ${build} build in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    stamps[part.key] = { hash, build, files, ...extra };
    mkdirSync(path.dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, JSON.stringify(stamps, null, 2));
  }
}
