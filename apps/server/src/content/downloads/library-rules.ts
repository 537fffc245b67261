import { countDownloadsMatches, libraryUiElement } from "@modelhub/tasks";

/**
 * The one place that applies @modelhub/tasks' download-counting rules: a model's library
 * `countDownloads` query, or the default rule when the library has none.
 * Datasets and spaces count any file except git metadata.
 */
export function countsAsDownload(repoType: string, library: string | undefined, path: string): boolean {
  if (repoType !== "model") return !path.startsWith(".git");
  return countDownloadsMatches(libraryUiElement(library)?.countDownloads, path);
}
