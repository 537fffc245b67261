import { evaluateDownloadQuery } from "./evaluate.js";
import { pathFields } from "./path-fields.js";
import type { DownloadQuery } from "./query-ast.js";
import { parseDownloadQuery } from "./query-parser.js";

export { parseDownloadQuery } from "./query-parser.js";
export {
  DownloadQueryError,
  DOWNLOAD_QUERY_FIELDS,
  type DownloadQuery,
  type DownloadQueryField,
} from "./query-ast.js";
export { pathFields, type PathFields } from "./path-fields.js";

/** The rule for libraries without their own: these files at the root of the repository. */
export const DEFAULT_COUNT_DOWNLOADS =
  'path:"config.json" OR path:"config.yaml" OR path:"hyperparams.yaml" OR path:"params.json" OR path:"meta.yaml"';

const compiled = new Map<string, DownloadQuery>();
const MAX_COMPILED = 2048;

/** Parses a rule once and reuses it; throws `DownloadQueryError` for a malformed rule. */
export function compileDownloadQuery(query: string): DownloadQuery {
  let ast = compiled.get(query);
  if (ast === undefined) {
    ast = parseDownloadQuery(query);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(query, ast);
  }
  return ast;
}

/**
 * Whether fetching `path` (a file path inside the repository) counts as a model download under a
 * library's `countDownloads` rule, or under the default rule when the library has none.
 */
export function countDownloadsMatches(query: string | undefined, path: string): boolean {
  return evaluateDownloadQuery(compileDownloadQuery(query ?? DEFAULT_COUNT_DOWNLOADS), pathFields(path));
}
