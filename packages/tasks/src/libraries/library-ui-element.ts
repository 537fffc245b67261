import type { ModelData } from "../model/model-data.js";
import type { LibrarySnippetOptions } from "./snippets/types.js";

/** How the Hub presents one model library: label, links, filter, code snippets, download rule. */
export interface LibraryUiElement {
  /** Shown in tags and on the "use this model" button. */
  prettyLabel: string;
  /** Name of the library's code repository. */
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  /** One code block per string, for the model page. */
  snippets?: (model: ModelData, options?: LibrarySnippetOptions) => string[];
  /** Listed among the library filters of the model search. */
  filter?: boolean;
  /** Which downloaded files count as a download (see `countDownloadsMatches`); the default rule when absent. */
  countDownloads?: string;
}

/** A registry data entry: everything but the snippets, which are attached from the generator maps. */
export type LibraryEntry = Omit<LibraryUiElement, "snippets">;
