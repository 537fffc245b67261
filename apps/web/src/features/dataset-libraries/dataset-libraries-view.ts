import {
  datasetLibrariesForDataset,
  type DatasetData,
  type DatasetLibraryKey,
  type DatasetLibrarySnippet,
} from "@modelhub/tasks";
import type { RepoInfo } from "@modelhub/api-types";

export interface DatasetLibrariesView {
  libraries: { value: DatasetLibraryKey; label: string }[];
  active: { key: DatasetLibraryKey; label: string; docsUrl: string; reach: "endpoint" | "url" };
  snippets: DatasetLibrarySnippet[];
}

/** The code block language highlight.js knows the snippet as. */
export function highlightLanguage(language: DatasetLibrarySnippet["language"]): string {
  return language === "sh" ? "bash" : language;
}

/** The libraries offered for this dataset and the snippets of the chosen one; `null` when none apply. */
export function datasetLibrariesView(
  info: RepoInfo,
  hubUrl: string,
  chosen: string | undefined,
): DatasetLibrariesView | null {
  const dataset = info as unknown as DatasetData;
  const offered = datasetLibrariesForDataset(dataset);
  const entry = offered.find((o) => o.key === chosen) ?? offered[0];
  if (!entry) return null;
  let snippets: DatasetLibrarySnippet[];
  try {
    snippets = entry.library.snippets(dataset, { hubUrl });
  } catch {
    snippets = [];
  }
  return {
    libraries: offered.map((o) => ({ value: o.key, label: o.library.prettyLabel })),
    active: {
      key: entry.key,
      label: entry.library.prettyLabel,
      docsUrl: entry.library.docsUrl,
      reach: entry.library.reach,
    },
    snippets,
  };
}
