import { jsonText } from "./cells.js";
import { quoteIdentifier } from "./where.js";

/** A split name as a table name: bare when it is a plain identifier, double-quoted otherwise. */
export function tableName(split: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(split) ? split : quoteIdentifier(split);
}

export function defaultQuery(splits: readonly string[]): string {
  return `SELECT * FROM ${tableName(splits[0] ?? "train")} LIMIT 10;`;
}

/** A result cell as text (numbers, strings, nested values as JSON, null as `null`). */
export function sqlCellText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  return jsonText(value);
}

/** The absolute link that opens this page's console with `query` in it. */
export function shareLink(pageUrl: string, query: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set("sql", query);
  url.hash = "";
  return url.toString();
}
