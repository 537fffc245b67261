import type { ModelData } from "../../model/model-data.js";

/** Where the snippets run against. */
export interface LibrarySnippetOptions {
  /**
   * The public URL of the hub the model page belongs to. Absent or huggingface.co: code that downloads
   * needs no endpoint setting; any other hub: code that downloads is pointed at it.
   */
  hubUrl?: string;
}

/** Generates the "use this model" code for one library: one string per code block. */
export type SnippetGenerator = (model: ModelData, options?: LibrarySnippetOptions) => string[];

/** The languages a library snippet can be written in. */
export type SnippetLanguage = "python" | "js" | "sh";
