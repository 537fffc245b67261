import * as tasks from "@modelhub/tasks";

/**
 * The one place that talks to @modelhub/tasks about download counting. The tasks package is written in
 * parallel, so its exports are looked up at run time and a built-in default rule covers their absence.
 */
type Matcher = (query: string | undefined, path: string) => boolean;

const exportsOfTasks = tasks as unknown as Record<string, unknown>;

function tasksMatcher(): Matcher | undefined {
  const fn = exportsOfTasks["countDownloadsMatches"];
  return typeof fn === "function" ? (fn as Matcher) : undefined;
}

function libraryQuery(library: string | undefined): string | undefined {
  if (!library) return undefined;
  const table = exportsOfTasks["MODEL_LIBRARIES_UI_ELEMENTS"];
  if (typeof table !== "object" || table === null) return undefined;
  const entry = (table as Record<string, unknown>)[library];
  if (typeof entry !== "object" || entry === null) return undefined;
  const query = (entry as { countDownloads?: unknown }).countDownloads;
  return typeof query === "string" ? query : undefined;
}

const DEFAULT_FILES = new Set(["config.json", "config.yaml", "params.json", "hyperparams.yaml", "model_index.json"]);

/** Fallback when @modelhub/tasks has no matcher yet: the hub's default "main config file" rule. */
function defaultRule(path: string): boolean {
  return DEFAULT_FILES.has(path);
}

/**
 * Whether a full download of `path` counts as one download of the repo. Models use their library's
 * countDownloads query (or the default rule); datasets and spaces count any file except git metadata.
 */
export function countsAsDownload(repoType: string, library: string | undefined, path: string): boolean {
  if (repoType !== "model") return !path.startsWith(".git");
  const matcher = tasksMatcher();
  if (!matcher) return defaultRule(path);
  try {
    return matcher(libraryQuery(library), path);
  } catch {
    return defaultRule(path);
  }
}
