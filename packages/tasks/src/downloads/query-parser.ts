import {
  DOWNLOAD_QUERY_FIELDS,
  DownloadQueryError,
  type DownloadQuery,
  type DownloadQueryField,
} from "./query-ast.js";
import { tokenizeQuery, type QueryToken } from "./query-tokens.js";

const EXISTS_FIELD = "_exists_";

function isField(name: string): name is DownloadQueryField {
  return (DOWNLOAD_QUERY_FIELDS as readonly string[]).includes(name);
}

/**
 * Parses a `countDownloads` rule. Grammar (AND binds tighter than OR):
 *
 *     or   := and ("OR" and)*
 *     and  := atom ("AND" atom)*
 *     atom := field ":" "\"value\"" | "_exists_:" "\"field\"" | "(" or ")"
 */
export function parseDownloadQuery(query: string): DownloadQuery {
  const tokens = tokenizeQuery(query);
  let position = 0;
  const peek = (): QueryToken => tokens[position];
  const fail = (token: QueryToken, detail: string): never => {
    throw new DownloadQueryError(query, token.offset, detail);
  };

  function parseOr(): DownloadQuery {
    const operands = [parseAnd()];
    while (peek().type === "OR") {
      position++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0] : { kind: "or", operands };
  }

  function parseAnd(): DownloadQuery {
    const operands = [parseAtom()];
    while (peek().type === "AND") {
      position++;
      operands.push(parseAtom());
    }
    return operands.length === 1 ? operands[0] : { kind: "and", operands };
  }

  function parseAtom(): DownloadQuery {
    const token = peek();
    if (token.type === "(") {
      position++;
      const inner = parseOr();
      if (peek().type !== ")") fail(peek(), "missing closing parenthesis");
      position++;
      return inner;
    }
    if (token.type !== "term") {
      const found = token.type === "end" ? "end of query" : `"${token.type}"`;
      return fail(token, `expected a field:"value" term or "(" but found ${found}`);
    }
    position++;
    if (token.field === EXISTS_FIELD) {
      if (!isField(token.value))
        return fail(token, `_exists_ names an unknown field ${JSON.stringify(token.value)}`);
      return { kind: "exists", field: token.value };
    }
    if (!isField(token.field)) {
      return fail(
        token,
        `unknown field ${JSON.stringify(token.field)} (known: ${DOWNLOAD_QUERY_FIELDS.join(", ")})`,
      );
    }
    if (token.value === "") return fail(token, `empty value for ${token.field}`);
    return { kind: "match", field: token.field, value: token.value };
  }

  const ast = parseOr();
  if (peek().type !== "end") fail(peek(), `unexpected "${peek().type}" after a complete expression`);
  return ast;
}
