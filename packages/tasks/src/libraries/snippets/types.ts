import type { ModelData } from "../../model/model-data.js";

/** Generates the "use this model" code for one library: one string per code block. */
export type SnippetGenerator = (model: ModelData) => string[];

/** The languages a library snippet can be written in. */
export type SnippetLanguage = "python" | "js" | "sh";
