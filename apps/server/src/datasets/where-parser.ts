import { badRequest } from "../domain/errors.js";
import { sqlIdentifier, sqlString } from "./duck-engine.js";

/**
 * `/filter`'s `where` and `orderby`: a small SQL-like grammar parsed here and written back as SQL
 * from its parts (known columns quoted, literals re-serialised), so no input text reaches DuckDB.
 *
 *   expr       := and (OR and)*          and := unary (AND unary)*      unary := NOT unary | primary
 *   primary    := "(" expr ")" | column cmp value | column IS [NOT] NULL
 *               | column [NOT] IN "(" value ("," value)* ")" | column [NOT] [I]LIKE string
 *               | column BETWEEN value AND value
 *   cmp        := = | == | != | <> | < | <= | > | >=
 *   value      := number | 'string' | TRUE | FALSE
 *   column     := "quoted name" | bare_name
 */

type Token =
  | { kind: "ident"; text: string; quoted: boolean }
  | { kind: "string"; text: string }
  | { kind: "number"; text: string }
  | { kind: "op"; text: string }
  | { kind: "punct"; text: "(" | ")" | "," };

const MAX_LENGTH = 4000;
const MAX_DEPTH = 32;

function tokenize(input: string): Token[] {
  if (input.length > MAX_LENGTH) throw badRequest(`The expression is longer than ${MAX_LENGTH} characters`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i];
    if (/\s/.test(char)) {
      i++;
    } else if (char === "'" || char === '"') {
      let text = "";
      let j = i + 1;
      for (;;) {
        if (j >= input.length)
          throw badRequest(`Unterminated ${char === "'" ? "string" : "quoted name"} in the expression`);
        if (input[j] === char) {
          if (input[j + 1] === char) {
            text += char;
            j += 2;
            continue;
          }
          break;
        }
        text += input[j++];
      }
      tokens.push(char === "'" ? { kind: "string", text } : { kind: "ident", text, quoted: true });
      i = j + 1;
    } else if (/[0-9]/.test(char) || (char === "." && /[0-9]/.test(input[i + 1] ?? ""))) {
      const match = /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(input.slice(i));
      if (!match) throw badRequest("Invalid number in the expression");
      tokens.push({ kind: "number", text: match[0] });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(i)) as RegExpExecArray;
      tokens.push({ kind: "ident", text: match[0], quoted: false });
      i += match[0].length;
    } else if (char === "(" || char === ")" || char === ",") {
      tokens.push({ kind: "punct", text: char });
      i++;
    } else {
      const match = /^(?:<=|>=|<>|!=|==|=|<|>|-)/.exec(input.slice(i));
      if (!match) throw badRequest(`Unexpected character "${char}" in the expression`);
      tokens.push({ kind: "op", text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

class Parser {
  private position = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly columns: Set<string>,
  ) {}

  done(): boolean {
    return this.position >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private keyword(word: string): boolean {
    const token = this.peek();
    if (token?.kind === "ident" && !token.quoted && token.text.toUpperCase() === word) {
      this.position++;
      return true;
    }
    return false;
  }

  private punct(text: string): boolean {
    const token = this.peek();
    if (token?.kind === "punct" && token.text === text) {
      this.position++;
      return true;
    }
    return false;
  }

  private expect(text: string): void {
    if (!this.punct(text)) throw badRequest(`Expected "${text}" in the expression`);
  }

  expression(): string {
    if (++this.depth > MAX_DEPTH) throw badRequest("The expression is nested too deeply");
    const parts = [this.conjunction()];
    while (this.keyword("OR")) parts.push(this.conjunction());
    this.depth--;
    return parts.length === 1 ? parts[0] : `(${parts.join(" OR ")})`;
  }

  private conjunction(): string {
    const parts = [this.unary()];
    while (this.keyword("AND")) parts.push(this.unary());
    return parts.length === 1 ? parts[0] : `(${parts.join(" AND ")})`;
  }

  private unary(): string {
    if (this.keyword("NOT")) {
      if (++this.depth > MAX_DEPTH) throw badRequest("The expression is nested too deeply");
      const inner = this.unary();
      this.depth--;
      return `(NOT ${inner})`;
    }
    if (this.punct("(")) {
      const inner = this.expression();
      this.expect(")");
      return inner;
    }
    return this.comparison();
  }

  column(): string {
    const token = this.peek();
    if (token?.kind !== "ident") throw badRequest("Expected a column name in the expression");
    this.position++;
    const name = token.quoted ? token.text : (this.findColumn(token.text) ?? token.text);
    if (!this.columns.has(name)) throw badRequest(`Unknown column "${name}"`);
    return sqlIdentifier(name);
  }

  private findColumn(bare: string): string | undefined {
    if (this.columns.has(bare)) return bare;
    return [...this.columns].find((column) => column.toLowerCase() === bare.toLowerCase());
  }

  private value(): string {
    const token = this.peek();
    let negative = false;
    if (token?.kind === "op" && token.text === "-") {
      negative = true;
      this.position++;
    }
    const next = this.peek();
    this.position++;
    if (next?.kind === "number") {
      const number = Number(next.text);
      if (!Number.isFinite(number)) throw badRequest("Invalid number in the expression");
      return String(negative ? -number : number);
    }
    if (negative) throw badRequest("Expected a number after '-'");
    if (next?.kind === "string") return sqlString(next.text);
    if (next?.kind === "ident" && !next.quoted && ["TRUE", "FALSE"].includes(next.text.toUpperCase()))
      return next.text.toUpperCase();
    throw badRequest("Expected a value (number, 'string', true or false) in the expression");
  }

  private comparison(): string {
    const column = this.column();
    if (this.keyword("IS")) {
      const not = this.keyword("NOT");
      if (!this.keyword("NULL")) throw badRequest("Expected NULL after IS");
      return `(${column} IS ${not ? "NOT " : ""}NULL)`;
    }
    const not = this.keyword("NOT");
    if (this.keyword("IN")) {
      this.expect("(");
      const values = [this.value()];
      while (this.punct(",")) values.push(this.value());
      this.expect(")");
      if (values.length > 1000) throw badRequest("IN lists take at most 1000 values");
      return `(${column} ${not ? "NOT " : ""}IN (${values.join(", ")}))`;
    }
    for (const word of ["LIKE", "ILIKE"]) {
      if (this.keyword(word)) {
        const token = this.peek();
        if (token?.kind !== "string") throw badRequest(`Expected a 'pattern' after ${word}`);
        this.position++;
        return `(${column}::VARCHAR ${not ? "NOT " : ""}${word} ${sqlString(token.text)})`;
      }
    }
    if (not) throw badRequest("Expected IN, LIKE or ILIKE after NOT");
    if (this.keyword("BETWEEN")) {
      const low = this.value();
      if (!this.keyword("AND")) throw badRequest("Expected AND in BETWEEN");
      return `(${column} BETWEEN ${low} AND ${this.value()})`;
    }
    const op = this.peek();
    if (op?.kind !== "op" || op.text === "-")
      throw badRequest("Expected a comparison operator in the expression");
    this.position++;
    const sqlOp = op.text === "==" ? "=" : op.text === "!=" ? "<>" : op.text;
    return `(${column} ${sqlOp} ${this.value()})`;
  }

  orderTerm(): string {
    const column = this.column();
    const direction = this.keyword("DESC") ? "DESC" : (this.keyword("ASC"), "ASC");
    return `${column} ${direction} NULLS LAST`;
  }
}

/** A `where` clause as safe SQL over the given columns; 400 on anything outside the grammar. */
export function parseWhere(input: string, columns: string[]): string {
  const parser = new Parser(tokenize(input), new Set(columns));
  if (parser.done()) throw badRequest("Parameter 'where' is empty");
  const sql = parser.expression();
  if (!parser.done()) throw badRequest("Unexpected text after the end of the 'where' expression");
  return sql;
}

/** An `orderby` (`"col" DESC, other ASC`) as safe SQL. */
export function parseOrderBy(input: string, columns: string[]): string {
  const tokens = tokenize(input);
  const terms: string[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const token = tokens[i];
    if (i === tokens.length || (token.kind === "punct" && token.text === ",")) {
      const parser = new Parser(tokens.slice(start, i), new Set(columns));
      if (parser.done()) throw badRequest("Empty term in 'orderby'");
      terms.push(parser.orderTerm());
      if (!parser.done()) throw badRequest("Each 'orderby' term is a column and ASC or DESC");
      start = i + 1;
    }
  }
  return terms.join(", ");
}
