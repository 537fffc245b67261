import type { SnippetGenerator } from "./types.js";

/** Generators maintained with the registry; they win over `MORE_SNIPPETS` for the same key. */
export const CORE_SNIPPETS: Record<string, SnippetGenerator> = {};
