import type { PathFields } from "./path-fields.js";
import type { DownloadQuery } from "./query-ast.js";

/** Whether a parsed rule accepts a file, given the file's path fields. */
export function evaluateDownloadQuery(query: DownloadQuery, fields: PathFields): boolean {
  switch (query.kind) {
    case "and":
      return query.operands.every((operand) => evaluateDownloadQuery(operand, fields));
    case "or":
      return query.operands.some((operand) => evaluateDownloadQuery(operand, fields));
    case "exists":
      return fields[query.field] !== undefined;
    case "match": {
      const actual = fields[query.field];
      if (actual === undefined) return false;
      if (query.field === "path_prefix") return (fields.path ?? "").startsWith(query.value);
      if (query.field === "path_extension") return actual === query.value.replace(/^\./, "");
      return actual === query.value;
    }
  }
}
