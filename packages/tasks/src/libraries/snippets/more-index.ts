import type { SnippetGenerator } from "./types.js";

export const MORE_SNIPPETS: Record<string, SnippetGenerator> = {};
