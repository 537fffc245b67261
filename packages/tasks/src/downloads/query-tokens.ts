import { DownloadQueryError } from "./query-ast.js";

export type QueryToken =
  | { type: "(" | ")" | "AND" | "OR" | "end"; offset: number }
  | { type: "term"; field: string; value: string; offset: number };

const FIELD_NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Reads a double-quoted value starting at `start` (the opening quote); backslash escapes one character. */
function readQuoted(query: string, start: number): { value: string; end: number } {
  let value = "";
  let i = start + 1;
  while (i < query.length) {
    const ch = query[i];
    if (ch === '"') return { value, end: i + 1 };
    if (ch === "\\") {
      if (i + 1 >= query.length) break;
      value += query[i + 1];
      i += 2;
      continue;
    }
    value += ch;
    i++;
  }
  throw new DownloadQueryError(query, start, "unterminated quoted value");
}

/** Splits a rule into parentheses, `AND`/`OR` and `field:"value"` terms. */
export function tokenizeQuery(query: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "(" || ch === ")") {
      tokens.push({ type: ch, offset: i });
      i++;
      continue;
    }
    FIELD_NAME.lastIndex = i;
    const word = FIELD_NAME.exec(query)?.[0];
    if (word === undefined)
      throw new DownloadQueryError(query, i, `unexpected character ${JSON.stringify(ch)}`);
    const after = i + word.length;
    if (query[after] !== ":") {
      if (word === "AND" || word === "OR") {
        tokens.push({ type: word, offset: i });
        i = after;
        continue;
      }
      throw new DownloadQueryError(query, i, `expected field:"value" but found ${JSON.stringify(word)}`);
    }
    if (query[after + 1] !== '"') {
      throw new DownloadQueryError(query, after + 1, `the value of ${word} must be a double-quoted string`);
    }
    const { value, end } = readQuoted(query, after + 1);
    tokens.push({ type: "term", field: word, value, offset: i });
    i = end;
  }
  tokens.push({ type: "end", offset: query.length });
  return tokens;
}
